import { randomBytes } from 'node:crypto';
import { type ClientMessage, parseServerMessage, type ServerMessage } from '@myprosper/contract/calls';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { testEnv, testSigningSecret } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import type { Database, Db, DbOrTx } from '../../db/connection.ts';
import { sessionParticipants } from '../../db/schema/sessions.ts';
import {
  createAdvisee,
  createAdvisor,
  createBookedSession,
  createTopic,
  type UserRow,
} from '../../db/seed/factories.ts';
import { CallsRepository } from './calls.repository.ts';
import { closeCallRoom } from './close-room.ts';

/** Helpers of the calls integration tests: people, sessions at a given time, tickets and socket clients. */

export const minute = 60_000;

/**
 * Someone was in the session's call from `at` until `leftAt` (still in it without one), recorded as the
 * signaling records it: a page's JOINED and LEFT events and the attendance row.
 */
export async function wasInCall(
  db: Db,
  input: { sessionId: number; userId: number; role: 'ADVISOR' | 'ADVISEE'; at: Date; leftAt?: Date },
): Promise<void> {
  const participantId = `p${randomBytes(9).toString('base64url')}`;
  const { sessionId, userId, role, at, leftAt } = input;
  await db.transaction(async (tx) => {
    const calls = new CallsRepository(tx);
    await calls.lockCall(sessionId);
    await calls.logEvent({ sessionId, userId, participantId, kind: 'JOINED', at });
    await calls.recordJoin({ sessionId, userId, role, at });
    if (leftAt) {
      await calls.logEvent({ sessionId, userId, participantId, kind: 'LEFT', at: leftAt });
      await calls.recordLeave({
        sessionId,
        userId,
        at: leftAt,
        seconds: (leftAt.getTime() - at.getTime()) / 1000,
      });
    }
  });
}

export async function bearerOf(app: FastifyInstance, user: Pick<UserRow, 'id' | 'role' | 'tokenVersion'>) {
  const token = await app.tokens.sign({ userId: user.id, role: user.role, version: user.tokenVersion });
  return { authorization: `Bearer ${token}` };
}

/** A mentor and mentees of their own, and a confirmed, paid session of theirs starting at `startsAt`. */
export async function sessionAt(
  db: DbOrTx,
  startsAt: Date,
  options: {
    attendees?: number;
    sessionType?: 'INDIVIDUAL' | 'GROUP';
    status?: 'CONFIRMED' | 'CANCELLED';
  } = {},
) {
  const mentor = await createAdvisor(db);
  const host = await createAdvisee(db);
  const others: UserRow[] = [];
  for (let i = 0; i < (options.attendees ?? 0); i++) others.push(await createAdvisee(db));
  const topic = await createTopic(db);
  const session = await createBookedSession(db, {
    advisorId: mentor.id,
    adviseeId: host.id,
    topicId: topic.id,
    startsAt,
    sessionType: options.sessionType ?? (others.length > 0 ? 'GROUP' : 'INDIVIDUAL'),
    status: options.status,
    attendees: others.map((o) => ({ adviseeId: o.id })),
  });
  return { mentor, host, others, session };
}

export async function ticketOf(app: FastifyInstance, user: UserRow, sessionId: number) {
  return app.inject({
    method: 'POST',
    url: `/myprosper/api/calls/${sessionId}/ticket`,
    headers: await bearerOf(app, user),
  });
}

export async function ticketFor(app: FastifyInstance, user: UserRow, sessionId: number): Promise<string> {
  const res = await ticketOf(app, user, sessionId);
  if (res.statusCode !== 200) throw new Error(`no ticket for ${user.id}: ${res.body}`);
  return res.json().data.ticket as string;
}

export function baseWsUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return `ws://127.0.0.1:${address.port}/myprosper/ws/calls`;
}

/** A signaling client as a browser page would be: sends messages, keeps what arrives, waits for some. */
export class TestPeer {
  readonly received: ServerMessage[] = [];
  private readonly waiters = new Set<() => void>();
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = parseServerMessage(data.toString());
      if (!message) throw new Error(`unknown server message: ${data.toString()}`);
      this.received.push(message);
      for (const wake of this.waiters) wake();
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
  }

  /** Opens the socket; `origin` is sent as a browser would send its page's (programs send none). */
  static open(url: string, ticket: string, origin?: string): Promise<TestPeer> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${url}?ticket=${encodeURIComponent(ticket)}`, { origin });
      const peer = new TestPeer(ws);
      ws.once('open', () => resolve(peer));
      ws.once('unexpected-response', (_request, response) =>
        reject(new Error(`upgrade refused: ${response.statusCode}`)),
      );
      ws.once('error', reject);
    });
  }

  /** Opens, joins, and answers the peer with its 'joined' message. */
  static async join(url: string, ticket: string, resume?: string) {
    const peer = await TestPeer.open(url, ticket);
    peer.send({ type: 'join', resume });
    const joined = await peer.next('joined');
    return { peer, joined, id: joined.you.participantId };
  }

  send(message: ClientMessage | Record<string, unknown>): void {
    this.ws.send(JSON.stringify(message));
  }

  /** The first message of this type (and matching `where`) not yet taken; waits for it. */
  async next<T extends ServerMessage['type']>(
    type: T,
    where: (message: Extract<ServerMessage, { type: T }>) => boolean = () => true,
    timeoutMs = 8_000,
  ): Promise<Extract<ServerMessage, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.received.findIndex(
        (m) => m.type === type && where(m as Extract<ServerMessage, { type: T }>),
      );
      if (index >= 0) return this.received.splice(index, 1)[0] as Extract<ServerMessage, { type: T }>;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`no ${type} message; got ${JSON.stringify(this.received.map((m) => m.type))}`);
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  /** The newest roster that satisfies `where`. */
  rosterWhere(where: (ids: string[]) => boolean, timeoutMs?: number) {
    return this.next('roster', (m) => where(m.participants.map((p) => p.participantId)), timeoutMs);
  }

  close(): void {
    this.ws.close();
  }

  terminate(): void {
    this.ws.terminate();
  }
}

/** The HTTP status a refused upgrade answered with. */
export async function refusedStatus(url: string, ticket: string, origin?: string): Promise<number> {
  return (await refusal(url, ticket, origin)).statusCode;
}

/** The HTTP status and the envelope's message a refused upgrade answered with. */
export function refusal(
  url: string,
  ticket: string,
  origin?: string,
): Promise<{ statusCode: number; message: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url}?ticket=${encodeURIComponent(ticket)}`, { origin });
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => {
        const parsed = body ? (JSON.parse(body) as { message?: string }) : {};
        resolve({ statusCode: response.statusCode ?? 0, message: parsed.message ?? '' });
        ws.terminate();
      });
    });
    ws.once('open', () => {
      ws.close();
      reject(new Error('the upgrade was accepted'));
    });
    ws.once('error', () => {});
  });
}

/**
 * An API instance on this database, listening on a port of its own, as one of several processes behind a load
 * balancer would be; `overrides` add settings (Janus's, Redis's).
 */
export async function startInstance(
  database: Database,
  overrides: Record<string, string | undefined> = {},
): Promise<FastifyInstance> {
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  const app = await buildApp({
    env: testEnv(defined),
    database,
    signingSecret: testSigningSecret,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** An invited attendee declines their place, and the call's room is checked again at once (they must go). */
export async function declineAndRecheck(db: Db, sessionId: number, adviseeId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(sessionParticipants)
      .set({ invitationStatus: 'DECLINED' })
      .where(and(eq(sessionParticipants.sessionId, sessionId), eq(sessionParticipants.adviseeId, adviseeId)));
    await closeCallRoom(tx, sessionId);
  });
}
