import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';

/**
 * Our own small client of Janus's Admin API over its WebSocket (sub-protocol `janus-admin-protocol`), for
 * Janus 1.1.2: stored tokens (add_token, remove_token) and VideoRoom requests through `message_plugin`, so
 * the API needs no Janus session of its own (no keep-alives). One socket, opened when first needed and again
 * after it drops; each request is matched to its answer by transaction and given up after `timeoutMs`.
 * Why not a library: docs/decisions/023-group-calls-through-janus.md.
 */
export interface JanusAdminOptions {
  url: string;
  adminSecret: string;
  timeoutMs?: number;
}

export class JanusError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(`Janus ${code}: ${message}`);
  }
}

interface Pending {
  resolve(reply: Record<string, unknown>): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export class JanusAdmin {
  private socket: Promise<WebSocket> | null = null;
  private readonly pending = new Map<string, Pending>();
  private isClosed = false;

  constructor(private readonly options: JanusAdminOptions) {}

  private get timeoutMs(): number {
    return this.options.timeoutMs ?? 5_000;
  }

  private connect(): Promise<WebSocket> {
    if (this.socket) return this.socket;
    const opening = new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(this.options.url, 'janus-admin-protocol', {
        handshakeTimeout: this.timeoutMs,
      });
      ws.on('open', () => resolve(ws));
      ws.on('message', (data) => this.onMessage(data.toString()));
      ws.on('error', (error) => {
        reject(error);
        this.dropped(error);
      });
      ws.on('close', () => this.dropped(new Error('Janus admin socket closed')));
    });
    this.socket = opening;
    opening.catch(() => undefined);
    return opening;
  }

  private dropped(error: Error): void {
    this.socket = null;
    for (const [transaction, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
      this.pending.delete(transaction);
    }
  }

  private onMessage(raw: string): void {
    let reply: Record<string, unknown>;
    try {
      reply = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return;
    }
    const transaction = typeof reply.transaction === 'string' ? reply.transaction : null;
    const waiting = transaction ? this.pending.get(transaction) : undefined;
    if (!transaction || !waiting) return;
    this.pending.delete(transaction);
    clearTimeout(waiting.timer);
    if (reply.janus === 'error') {
      const error = (reply.error ?? {}) as { code?: number; reason?: string };
      waiting.reject(new JanusError(error.code ?? 490, error.reason ?? 'unknown error'));
    } else waiting.resolve(reply);
  }

  /** One Admin API request (admin_secret and transaction added); its answer, or a JanusError. */
  async request(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (this.isClosed) throw new Error('Janus admin client closed');
    const ws = await this.connect();
    const transaction = randomBytes(9).toString('base64url');
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(transaction);
        reject(new Error(`Janus did not answer ${String(body.janus)} within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.pending.set(transaction, { resolve, reject, timer });
      ws.send(JSON.stringify({ ...body, transaction, admin_secret: this.options.adminSecret }));
    });
  }

  /** A VideoRoom request through the Admin API; a plugin error (error_code) is a JanusError. */
  async videoroom(request: Record<string, unknown>): Promise<Record<string, unknown>> {
    const reply = await this.request({ janus: 'message_plugin', plugin: 'janus.plugin.videoroom', request });
    const response = (reply.response ?? {}) as Record<string, unknown>;
    if (typeof response.error_code === 'number') {
      throw new JanusError(response.error_code, String(response.error ?? 'VideoRoom error'));
    }
    return response;
  }

  async close(): Promise<void> {
    this.isClosed = true;
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    const ws = await socket.catch(() => null);
    if (ws && ws.readyState !== ws.CLOSED) {
      await new Promise<void>((done) => {
        ws.once('close', () => done());
        ws.close();
      });
    }
  }
}
