import {
  type ClientMessage,
  callMessages,
  endWarningMinutes,
  maxCallSocketsPerPerson,
  parseClientMessage,
  type RosterEntry,
  type ServerMessage,
  type SessionEndReason,
} from '@myprosper/contract/calls';
import type { CallStatus } from '@myprosper/contract/sessions';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../../lib/errors.ts';
import type { BusMessage, SignalBus } from './bus-messages.ts';
import type { CallsService } from './calls.service.ts';
import { type FloodBucket, fullBucket, signalingFloodLimit, takeMessage } from './flood-limit.ts';
import type { RoomService, RosterUpdate } from './room.service.ts';
import type { SfuRooms } from './sfu-rooms.ts';

/**
 * WebSocket close codes: the page reconnects after 1001/1006/1008/1009/1011/1012, never after ours (4xxx).
 * 1008 (policy) closes a socket sending too many messages; ws itself closes one sending a message over
 * 64 KiB with 1009. A page that did so by a fault comes back with a fresh ticket (60 a minute at most).
 */
export const closeCodes = {
  left: 1000,
  flooding: 1008,
  restarting: 1012,
  ended: 4000,
  replaced: 4001,
  refused: 4003,
  tooManySockets: 4029,
} as const;

interface Connection {
  ws: WebSocket;
  userId: number;
  sessionId: number;
  participantId: string | null;
  /** Set once the page left or was sent away: its close must not be taken for a drop. */
  isDone: boolean;
  queue: Promise<void>;
  lastPongAt: number;
  /** What the socket may still send (a page sending hundreds a second is cut off). */
  bucket: FloodBucket;
}

interface Room {
  sessionId: number;
  version: number;
  callStatus: CallStatus;
  participants: RosterEntry[];
  connections: Set<Connection>;
  endsAt: Date;
  closesAt: Date;
  isWarned: boolean;
  checkedAt: number;
}

export interface HubOptions {
  calls: CallsService;
  rooms: RoomService;
  bus: SignalBus;
  log: FastifyBaseLogger;
  /** Group calls through Janus's VideoRoom; null or absent: every call is a mesh. */
  sfu?: SfuRooms | null;
  /** How often sockets are pinged, presence refreshed, clocks and rights checked. */
  tickMs?: number;
}

const pongTimeoutMs = 20_000;
const recheckEveryMs = 30_000;

/**
 * The signaling relay of this API instance: the sockets it holds, grouped by room. Rosters come from the
 * database through the bus (so every instance shows the same room); signals go straight to a socket held
 * here, or through the bus to the instance holding it. Per socket, messages are handled one at a time in
 * arrival order.
 */
export class SignalingHub {
  private readonly rooms = new Map<number, Room>();

  /** Calls this instance relays now (a room with at least one socket), and the sockets in them. */
  get load(): { calls: number; sockets: number } {
    let sockets = 0;
    for (const room of this.rooms.values()) sockets += room.connections.size;
    return { calls: this.rooms.size, sockets };
  }
  private readonly connections = new Set<Connection>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private readonly background = new Set<Promise<void>>();
  private isStopping = false;

  constructor(private readonly options: HubOptions) {}

  async start(): Promise<void> {
    await this.options.bus.start((message) => this.onBus(message));
    this.timer = setInterval(() => {
      if (this.ticking) return;
      this.ticking = this.tick()
        .catch((error: unknown) => this.options.log.warn({ err: error }, 'call signaling tick failed'))
        .finally(() => {
          this.ticking = null;
        });
    }, this.options.tickMs ?? 5000);
  }

  async stop(): Promise<void> {
    this.isStopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    await Promise.allSettled([...this.background]);
    // Pages reconnect (to another instance) and resume: their presence stays.
    for (const connection of this.connections) {
      connection.isDone = true;
      connection.ws.close(closeCodes.restarting, 'server restarting');
    }
    await Promise.allSettled([...this.connections].map((c) => c.queue));
    await this.options.bus.stop();
  }

  /**
   * A socket that passed the ticket check on upgrade. Listeners are attached at once (no message lost). A
   * person already holding maxCallSocketsPerPerson open sockets to this call is told why, and this one is
   * closed; theirs stay.
   */
  attach(ws: WebSocket, claims: { userId: number; sessionId: number }): void {
    let open = 0;
    for (const other of this.connections) {
      const isOpen = !other.isDone && other.ws.readyState === other.ws.OPEN;
      if (isOpen && other.userId === claims.userId && other.sessionId === claims.sessionId) open++;
    }
    if (open >= maxCallSocketsPerPerson) {
      this.options.log.warn(claims, 'call signaling socket refused: too many sockets of one person');
      if (ws.readyState === ws.OPEN) {
        ws.send(
          JSON.stringify({
            type: 'error',
            code: 'TOO_MANY_SOCKETS',
            message: callMessages.tooManyWindows,
          } satisfies ServerMessage),
        );
      }
      ws.close(closeCodes.tooManySockets, callMessages.tooManyWindows);
      return;
    }
    const connection: Connection = {
      ws,
      ...claims,
      participantId: null,
      isDone: false,
      queue: Promise.resolve(),
      lastPongAt: Date.now(),
      bucket: fullBucket(signalingFloodLimit, Date.now()),
    };
    this.connections.add(connection);
    ws.on('pong', () => {
      connection.lastPongAt = Date.now();
    });
    ws.on('message', (data, isBinary) => {
      if (connection.isDone) return;
      if (!takeMessage(connection.bucket, signalingFloodLimit, Date.now())) {
        connection.isDone = true;
        this.options.log.warn(
          { sessionId: connection.sessionId, userId: connection.userId },
          'call signaling socket closed: too many messages',
        );
        ws.close(closeCodes.flooding, 'too many messages');
        return;
      }
      const message = isBinary ? null : parseClientMessage(data.toString());
      connection.queue = connection.queue
        .then(() => this.handle(connection, message))
        .catch((error: unknown) => this.failed(connection, error));
    });
    ws.on('close', () => {
      connection.queue = connection.queue.then(() => this.closed(connection));
    });
  }

  private async handle(connection: Connection, message: ClientMessage | null): Promise<void> {
    if (connection.isDone) return;
    if (!message) {
      send(connection, { type: 'error', code: 'INVALID_MESSAGE', message: 'Unknown message' });
      return;
    }
    if (message.type === 'ping') {
      send(connection, { type: 'pong', at: message.at });
      return;
    }
    if (message.type === 'join') {
      await this.join(connection, message.resume);
      return;
    }
    const room = this.rooms.get(connection.sessionId);
    if (!connection.participantId || !room) {
      send(connection, { type: 'error', code: 'NOT_JOINED', message: 'Join the call first' });
      return;
    }
    if (message.type === 'signal') {
      if (!room.participants.some((p) => p.participantId === message.to)) return; // stale: gone
      const signal = {
        kind: 'signal' as const,
        sessionId: room.sessionId,
        from: connection.participantId,
        to: message.to,
        seq: message.seq,
        data: message.data,
      };
      if (!this.deliverSignal(signal)) await this.options.rooms.publish(signal);
      return;
    }
    if (message.type === 'mute-state') {
      const roster = await this.options.rooms.setMuteState(connection.participantId, message);
      if (roster) this.applyRoster(roster);
      return;
    }
    // leave
    connection.isDone = true;
    const roster = await this.options.rooms.leave(connection.participantId);
    if (roster) this.applyRoster(roster);
    connection.ws.close(closeCodes.left, 'left');
  }

  private async join(connection: Connection, resume: string | undefined): Promise<void> {
    if (connection.participantId) {
      send(connection, { type: 'error', code: 'ALREADY_JOINED', message: 'Already in the call' });
      return;
    }
    const { calls, rooms } = this.options;
    let entry: Awaited<ReturnType<CallsService['admit']>>;
    let joined: Awaited<ReturnType<RoomService['join']>>;
    try {
      entry = await calls.admit(connection.userId, connection.sessionId);
      joined = await rooms.join({
        sessionId: connection.sessionId,
        userId: connection.userId,
        name: entry.name,
        role: entry.decision.role,
        capacity: entry.decision.capacity,
        resume,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.sendAway(connection, reasonOf(error), error.message);
      return;
    }
    connection.participantId = joined.you.participantId;
    let room = this.rooms.get(connection.sessionId);
    if (!room) {
      const { endsAt } = entry.session;
      room = {
        sessionId: connection.sessionId,
        version: 0,
        callStatus: joined.roster.callStatus,
        participants: [],
        connections: new Set(),
        endsAt,
        closesAt: entry.decision.closesAt,
        isWarned: false,
        checkedAt: Date.now(),
      };
      this.rooms.set(room.sessionId, room);
    }
    room.connections.add(connection);
    // A group's media goes through the SFU when it answers (1:1 calls stay peer to peer).
    const sfu =
      this.options.sfu && entry.session.sessionType === 'GROUP'
        ? await this.options.sfu.admit({
            sessionId: connection.sessionId,
            participantId: joined.you.participantId,
            capacity: entry.decision.capacity,
            closesAt: entry.decision.closesAt,
          })
        : null;
    send(connection, {
      type: 'joined',
      you: joined.you,
      callStatus: joined.roster.callStatus,
      startsAt: entry.session.startsAt.toISOString(),
      endsAt: room.endsAt.toISOString(),
      closesAt: room.closesAt.toISOString(),
      serverTime: Date.now(),
      ...(sfu ? { sfu } : {}),
    });
    if (!this.applyRoster(joined.roster)) sendRoster(connection, this.rosterMessage(room));
    if (room.isWarned) sendWarning(connection, room);
  }

  /** The page's socket closed: if it did not leave, its place is kept a while for it to come back. */
  private async closed(connection: Connection): Promise<void> {
    this.connections.delete(connection);
    const room = this.rooms.get(connection.sessionId);
    if (!room) return;
    room.connections.delete(connection);
    if (room.connections.size === 0) this.rooms.delete(room.sessionId);
  }

  private failed(connection: Connection, error: unknown): void {
    this.options.log.error({ err: error, sessionId: connection.sessionId }, 'call signaling message failed');
    send(connection, { type: 'error', code: 'SERVER_ERROR', message: callMessages.reconnecting });
  }

  private onBus(message: BusMessage): void {
    const room = this.rooms.get(message.sessionId);
    if (this.isStopping) return;
    if (!room) {
      // No page of this call here any more, yet tokens this instance gave may be: those of people gone go.
      if (message.kind === 'roster' && this.options.sfu) {
        const present = new Set(message.participants.map((p) => p.participantId));
        this.runInBackground(this.options.sfu.revokeAbsent(message.sessionId, message.version, present));
      }
      return;
    }
    if (message.kind === 'roster') this.applyRoster(message);
    else if (message.kind === 'signal') this.deliverSignal(message);
    else if (message.kind === 'kick') {
      for (const connection of room.connections) {
        if (connection.participantId === message.participantId) {
          this.sendAway(connection, message.reason, callMessages.replaced);
        }
      }
    } else {
      this.runInBackground(this.recheck(room));
    }
  }

  private runInBackground(work: Promise<void>): void {
    const tracked = work
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'call room check failed'))
      .finally(() => this.background.delete(tracked));
    this.background.add(tracked);
  }

  /** The room's roster as its pages get it; through the SFU, with each person's feed check (isGenuineFeed). */
  private rosterMessage(room: Room): ServerMessage {
    const sfu = this.options.sfu;
    return {
      type: 'roster',
      version: room.version,
      callStatus: room.callStatus,
      participants: sfu
        ? room.participants.map((p) => ({ ...p, feedCheck: sfu.checkOf(room.sessionId, p.participantId) }))
        : room.participants,
    };
  }

  /** Answers whether this roster was new here (older or repeated versions are dropped). */
  private applyRoster(update: RosterUpdate): boolean {
    const room = this.rooms.get(update.sessionId);
    if (!room || update.version <= room.version) return false;
    this.options.sfu?.noteRoster(update.sessionId, update.version);
    this.revokeGone(room, update);
    room.version = update.version;
    room.callStatus = update.callStatus;
    room.participants = update.participants;
    const message = this.rosterMessage(room);
    for (const connection of room.connections) sendRoster(connection, message);
    return true;
  }

  /** People no longer in the roster lose their SFU token (left, gone, sent away); an empty room closes. */
  private revokeGone(room: Room, update: RosterUpdate): void {
    const sfu = this.options.sfu;
    if (!sfu) return;
    const present = new Set(update.participants.map((p) => p.participantId));
    for (const connection of room.connections) {
      const id = connection.participantId;
      if (id && !present.has(id) && sfu.holds(id)) this.runInBackground(sfu.revoke(id));
    }
    for (const previous of room.participants) {
      if (!present.has(previous.participantId) && sfu.holds(previous.participantId)) {
        this.runInBackground(sfu.revoke(previous.participantId));
      }
    }
    if (update.participants.length === 0) this.runInBackground(sfu.closeRoom(room.sessionId));
  }

  /** Hands a signal to the socket of its addressee when this instance holds it. */
  private deliverSignal(signal: Extract<BusMessage, { kind: 'signal' }>): boolean {
    const room = this.rooms.get(signal.sessionId);
    if (!room) return false;
    for (const connection of room.connections) {
      if (connection.participantId === signal.to && !connection.isDone) {
        send(connection, { type: 'signal', from: signal.from, seq: signal.seq, data: signal.data });
        return true;
      }
    }
    return false;
  }

  /** Tells the page why it must go, and closes its socket; it does not come back on its own. */
  private sendAway(connection: Connection, reason: SessionEndReason, message: string): void {
    if (connection.isDone) return;
    connection.isDone = true;
    if (connection.participantId && this.options.sfu) {
      this.runInBackground(this.options.sfu.revoke(connection.participantId));
    }
    send(connection, { type: 'session-ended', reason, message });
    const code =
      reason === 'REPLACED'
        ? closeCodes.replaced
        : reason === 'TIME_UP'
          ? closeCodes.ended
          : closeCodes.refused;
    connection.ws.close(code, reason);
  }

  /** Everyone in the room is checked again; those no longer allowed are sent away and leave. */
  private async recheck(room: Room): Promise<void> {
    room.checkedAt = Date.now();
    for (const connection of [...room.connections]) {
      if (!connection.participantId || connection.isDone) continue;
      try {
        await this.options.calls.admit(connection.userId, connection.sessionId);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const participantId = connection.participantId;
        this.sendAway(connection, reasonOf(error), error.message);
        const roster = await this.options.rooms.leave(participantId, new Date(), 'not allowed');
        if (roster) this.applyRoster(roster);
      }
    }
  }

  private async tick(): Promise<void> {
    const now = Date.now();
    const live: string[] = [];
    for (const connection of this.connections) {
      if (now - connection.lastPongAt > pongTimeoutMs) {
        connection.ws.terminate();
        continue;
      }
      connection.ws.ping();
      if (connection.participantId && !connection.isDone) live.push(connection.participantId);
    }
    await this.options.rooms.touch(live);
    for (const update of await this.options.rooms.sweepStale()) this.applyRoster(update);
    await this.options.sfu?.expire();
    for (const room of [...this.rooms.values()]) {
      if (now >= room.closesAt.getTime()) {
        await this.closeRoom(room);
        continue;
      }
      if (!room.isWarned && now >= room.endsAt.getTime() - endWarningMinutes * 60_000) {
        room.isWarned = true;
        for (const connection of room.connections) sendWarning(connection, room);
      }
      if (now - room.checkedAt >= recheckEveryMs) await this.recheck(room);
    }
  }

  /** The end plus grace has come: everyone here is told and leaves. */
  private async closeRoom(room: Room): Promise<void> {
    for (const connection of [...room.connections]) {
      const participantId = connection.participantId;
      this.sendAway(connection, 'TIME_UP', callMessages.ended);
      if (participantId) await this.options.rooms.leave(participantId, new Date(), 'call closed');
    }
    this.rooms.delete(room.sessionId);
    await this.options.sfu?.closeRoom(room.sessionId);
  }
}

function send(connection: Connection, message: ServerMessage): void {
  if (connection.ws.readyState === connection.ws.OPEN) connection.ws.send(JSON.stringify(message));
}

/** A roster to a page that has joined and is still in the call. */
function sendRoster(connection: Connection, message: ServerMessage): void {
  if (connection.participantId && !connection.isDone) send(connection, message);
}

function sendWarning(connection: Connection, room: Room): void {
  const minutesLeft = Math.max(0, Math.ceil((room.endsAt.getTime() - Date.now()) / 60_000));
  send(connection, {
    type: 'warning',
    minutesLeft,
    endsAt: room.endsAt.toISOString(),
    closesAt: room.closesAt.toISOString(),
  });
}

function reasonOf(error: AppError): SessionEndReason {
  if (error.message === callMessages.cancelled) return 'CANCELLED';
  if (error.message === callMessages.ended) return 'TIME_UP';
  return 'NOT_ALLOWED';
}
