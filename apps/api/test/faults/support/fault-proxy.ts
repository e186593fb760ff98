import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { freePort } from './waiting.ts';

/**
 * An HTTP proxy between the API and an outside service's sandbox, that a test tells how to misbehave. By
 * default it passes every request through unchanged, so the sandbox's own wire format is what the API sees;
 * a rule makes matching requests fail the way real providers fail:
 * - `answer`: the provider answers an error itself (a status and body of its wire format), the request never
 *   reaches the sandbox;
 * - `hang`: nothing ever answers (the client's own timeout must give up);
 * - `slow`: the request reaches the sandbox after `ms`, then its answer comes back;
 * - `late`: the request reaches the sandbox at once (it acts on it) but its answer is held back `ms`: the
 *   provider did the work and the caller may have given up waiting;
 * - `reset`: the connection is cut.
 * Each rule may apply to its first `times` matching requests only. Every request is recorded.
 */

export type FaultAction =
  | { kind: 'answer'; status: number; body: string; contentType?: string }
  | { kind: 'hang' }
  | { kind: 'slow'; ms: number }
  | { kind: 'late'; ms: number }
  | { kind: 'reset' };

export interface FaultRule {
  method?: string;
  /** Matched against the path (with query). */
  path: RegExp;
  /** Matched against the request's body (e.g. one phone number), when given. */
  body?: RegExp;
  action: FaultAction;
  /** Applies to this many matching requests, then the rule is spent (every one when unset). */
  times?: number;
}

export interface ProxiedRequest {
  method: string;
  path: string;
  body: string;
  /** What the proxy did: 'pass' or the kind of the rule that applied. */
  outcome: 'pass' | FaultAction['kind'];
  /** The status the caller got (null when it got none). */
  status: number | null;
  at: number;
}

export interface FaultProxy {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Adds a rule (checked before older ones); answers a function that removes it. */
  inject(rule: FaultRule): () => void;
  /** Back to passing everything through. */
  heal(): void;
  /** Requests whose path (and body, when given) match. */
  requests(filter?: RegExp, body?: RegExp): ProxiedRequest[];
  close(): Promise<void>;
}

export async function startFaultProxy(upstream: string): Promise<FaultProxy> {
  const target = new URL(upstream);
  let rules: { rule: FaultRule; left: number }[] = [];
  const log: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const later = (ms: number, work: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timers.add(timer);
  };

  function ruleFor(request: IncomingMessage, body: string): FaultAction | null {
    for (const entry of rules) {
      if (entry.left <= 0) continue;
      if (entry.rule.method && entry.rule.method !== request.method) continue;
      if (!entry.rule.path.test(request.url ?? '')) continue;
      if (entry.rule.body && !entry.rule.body.test(body)) continue;
      entry.left -= 1;
      return entry.rule.action;
    }
    return null;
  }

  function forward(
    incoming: IncomingMessage,
    body: Buffer,
    reply: ServerResponse,
    record: ProxiedRequest,
    holdAnswerMs: number,
  ): void {
    const outgoing = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const send = () => {
            if (reply.destroyed) return;
            record.status = answer.statusCode ?? 502;
            reply.writeHead(answer.statusCode ?? 502, answer.headers);
            reply.end(Buffer.concat(chunks));
          };
          if (holdAnswerMs > 0) later(holdAnswerMs, send);
          else send();
        });
      },
    );
    outgoing.on('error', () => {
      if (reply.destroyed) return;
      record.status = 502;
      reply.writeHead(502, { 'content-type': 'text/plain' });
      reply.end('Bad Gateway');
    });
    outgoing.end(body);
  }

  const server = createServer((incoming, reply) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const action = ruleFor(incoming, body.toString());
      const record: ProxiedRequest = {
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '',
        body: body.toString().slice(0, 2000),
        outcome: action?.kind ?? 'pass',
        status: null,
        at: Date.now(),
      };
      log.push(record);
      if (log.length > 20_000) log.splice(0, 10_000);
      if (!action) return forward(incoming, body, reply, record, 0);
      switch (action.kind) {
        case 'answer':
          record.status = action.status;
          reply.writeHead(action.status, { 'content-type': action.contentType ?? 'application/json' });
          reply.end(action.body);
          return;
        case 'hang':
          return;
        case 'reset':
          incoming.socket.destroy();
          return;
        case 'slow':
          later(action.ms, () => forward(incoming, body, reply, record, 0));
          return;
        case 'late':
          forward(incoming, body, reply, record, action.ms);
          return;
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));

  return {
    origin: `http://127.0.0.1:${port}`,
    inject(rule) {
      const entry = { rule, left: rule.times ?? Number.POSITIVE_INFINITY };
      rules = [entry, ...rules];
      return () => {
        rules = rules.filter((r) => r !== entry);
      };
    },
    heal() {
      rules = [];
    },
    requests: (filter, body) =>
      log.filter((r) => (!filter || filter.test(r.path)) && (!body || body.test(r.body))),
    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
