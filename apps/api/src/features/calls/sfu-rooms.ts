import { createHash, createHmac, randomBytes } from 'node:crypto';
import { feedIdOf, type SfuAccess } from '@myprosper/contract/calls';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import { JanusAdmin, JanusError } from './janus-admin.ts';

export type SfuEnv = Pick<
  Env,
  'JANUS_URL' | 'JANUS_ADMIN_URL' | 'JANUS_ADMIN_SECRET' | 'JANUS_ROOM_ADMIN_KEY'
>;

/** After Janus failed to answer, joins skip it (a mesh) for this long before trying it again. */
const downForMs = 30_000;

interface Granted {
  sessionId: number;
  token: string;
  feedId: number;
  /** When the call closes: the token is taken back then at the latest. */
  closesAt: Date;
}

/**
 * Group calls' rooms in Janus's VideoRoom (docs/decisions/023-group-calls-through-janus.md). A person who
 * passed the join rule (the signaling hub's join: the same checks as the mesh's) gets a token of their own:
 * a stored Janus token (token_auth: every request to Janus must carry it) that is also the only entry of the
 * room's `allowed` list for them. When they may no longer be there (left, sent away, cancelled, time up) the
 * token is removed from both and their publisher kicked. Rooms are private, need publishers' private ids to
 * subscribe, and have a secret derived from the app's signing secret (the same on every API instance).
 * Janus not answering is not an error: the person gets no SFU, and the call is a mesh.
 */
export class SfuRooms {
  private readonly granted = new Map<string, Granted>();
  /** The newest roster version applied per call (revokeAbsent ignores older ones). */
  private readonly rosterVersions = new Map<number, number>();
  private downUntil = 0;

  constructor(
    private readonly admin: JanusAdmin,
    private readonly options: {
      url: string;
      adminKey: string;
      signingSecret: string;
      log: FastifyBaseLogger;
    },
  ) {}

  /** The SFU when all four JANUS_* settings are given; null (every call a mesh) otherwise. */
  static fromEnv(env: SfuEnv, signingSecret: string, log: FastifyBaseLogger): SfuRooms | null {
    const { JANUS_URL, JANUS_ADMIN_URL, JANUS_ADMIN_SECRET, JANUS_ROOM_ADMIN_KEY } = env;
    if (!JANUS_URL || !JANUS_ADMIN_URL || !JANUS_ADMIN_SECRET || !JANUS_ROOM_ADMIN_KEY) return null;
    const admin = new JanusAdmin({ url: JANUS_ADMIN_URL, adminSecret: JANUS_ADMIN_SECRET, timeoutMs: 3_000 });
    return new SfuRooms(admin, { url: JANUS_URL, adminKey: JANUS_ROOM_ADMIN_KEY, signingSecret, log });
  }

  /** Janus's room of a session: its id is the session's. */
  private secretOf(sessionId: number): string {
    return createHmac('sha256', this.options.signingSecret)
      .update(`myprosper/janus-room/${sessionId}`)
      .digest('base64url');
  }

  /**
   * The tag a participant's page publishes with (Janus's `display`): only their page is given it. Janus lets
   * anyone in the room publish under any unused id; the others' pages show a publisher only when its display
   * hashes to the roster's check for the participant its id names (`checkOf`, `isGenuineFeed`).
   */
  private tagOf(sessionId: number, participantId: string): string {
    return createHmac('sha256', this.options.signingSecret)
      .update(`myprosper/janus-feed/${sessionId}/${participantId}`)
      .digest('base64url');
  }

  /** What every page of the call may know of a participant's tag: its SHA-256, base64url. */
  checkOf(sessionId: number, participantId: string): string {
    return createHash('sha256').update(this.tagOf(sessionId, participantId)).digest('base64url');
  }

  /**
   * A participant let in by the join rule: their token in Janus and in the room's allowed list (the room
   * made when missing). Null when Janus does not answer (the call is then a mesh for this page).
   */
  async admit(input: {
    sessionId: number;
    participantId: string;
    capacity: number;
    closesAt: Date;
  }): Promise<SfuAccess | null> {
    if (Date.now() < this.downUntil) return null;
    const { sessionId, participantId } = input;
    // A page resuming on this instance keeps the token it has (its Janus session goes on).
    const held = this.granted.get(participantId);
    const display = this.tagOf(sessionId, participantId);
    if (held)
      return { url: this.options.url, token: held.token, room: sessionId, feedId: held.feedId, display };
    const token = randomBytes(24).toString('base64url');
    const feedId = feedIdOf(participantId);
    try {
      await this.admin.request({ janus: 'add_token', token, plugins: ['janus.plugin.videoroom'] });
      await this.allow(sessionId, token, input.capacity);
      // Held (and so revocable by a roster without this page) only once it works.
      this.granted.set(participantId, { sessionId, token, feedId, closesAt: input.closesAt });
      return { url: this.options.url, token, room: sessionId, feedId, display };
    } catch (error) {
      this.options.log.warn(
        { err: error, sessionId },
        'Janus did not let this person in: the call is a mesh',
      );
      if (!(error instanceof JanusError)) this.downUntil = Date.now() + downForMs;
      else await this.admin.request({ janus: 'remove_token', token }).catch(() => undefined);
      return null;
    }
  }

  private async allow(sessionId: number, token: string, capacity: number): Promise<void> {
    const secret = this.secretOf(sessionId);
    try {
      await this.admin.videoroom({
        request: 'allowed',
        room: sessionId,
        secret,
        action: 'add',
        allowed: [token],
      });
      return;
    } catch (error) {
      if (!(error instanceof JanusError) || error.code !== 426) throw error;
    }
    try {
      await this.admin.videoroom({
        request: 'create',
        room: sessionId,
        admin_key: this.options.adminKey,
        description: `session ${sessionId}`,
        is_private: true,
        secret,
        publishers: capacity,
        // No room cap: a cap would keep publishers from sending simulcast's upper layers.
        bitrate: 0,
        fir_freq: 10,
        audiocodec: 'opus',
        videocodec: 'vp8',
        require_pvtid: true,
        notify_joining: false,
        permanent: false,
        allowed: [token],
      });
    } catch (error) {
      // Made meanwhile by another instance's join: add to it.
      if (!(error instanceof JanusError) || error.code !== 427) throw error;
      await this.admin.videoroom({
        request: 'allowed',
        room: sessionId,
        secret,
        action: 'add',
        allowed: [token],
      });
    }
  }

  /** Whether this instance gave `participantId` a token still valid. */
  holds(participantId: string): boolean {
    return this.granted.has(participantId);
  }

  /** A call's roster this instance applied: rosters of a lower version, arriving late, are stale. */
  noteRoster(sessionId: number, version: number): void {
    // Kept only for calls this instance gave tokens for (closeRoom forgets them), not for every call it relays.
    if (![...this.granted.values()].some((grant) => grant.sessionId === sessionId)) return;
    if (version > (this.rosterVersions.get(sessionId) ?? 0)) this.rosterVersions.set(sessionId, version);
  }

  /**
   * Of the tokens this instance gave for a call, those whose holders are not in its roster any more are taken
   * back: a page that went on through another instance (a reconnection) leaves its first token here. A roster
   * older than one already seen says nothing (the bus may deliver one late).
   */
  async revokeAbsent(sessionId: number, version: number, present: ReadonlySet<string>): Promise<void> {
    if (version <= (this.rosterVersions.get(sessionId) ?? 0)) return;
    this.rosterVersions.set(sessionId, version);
    for (const [participantId, grant] of [...this.granted]) {
      if (grant.sessionId === sessionId && !present.has(participantId)) await this.revoke(participantId);
    }
  }

  /** The person may no longer be there: their token stops working and their publisher leaves the room. */
  async revoke(participantId: string): Promise<void> {
    const grant = this.granted.get(participantId);
    if (!grant) return;
    this.granted.delete(participantId);
    const { sessionId, token, feedId } = grant;
    const secret = this.secretOf(sessionId);
    const steps = [
      () => this.admin.request({ janus: 'remove_token', token }),
      () =>
        this.admin.videoroom({
          request: 'allowed',
          room: sessionId,
          secret,
          action: 'remove',
          allowed: [token],
        }),
      () => this.admin.videoroom({ request: 'kick', room: sessionId, secret, id: feedId }),
    ];
    for (const step of steps) {
      try {
        await step();
      } catch (error) {
        // Gone already (no such room, feed or token): nothing to take back.
        if (!(error instanceof JanusError)) {
          this.options.log.warn({ err: error, sessionId }, 'Janus token not revoked');
          return;
        }
      }
    }
  }

  /** The call is over (or empty): its room goes, with everyone's tokens. */
  async closeRoom(sessionId: number): Promise<void> {
    this.rosterVersions.delete(sessionId);
    for (const [participantId, grant] of [...this.granted]) {
      if (grant.sessionId === sessionId) await this.revoke(participantId);
    }
    try {
      await this.admin.videoroom({ request: 'destroy', room: sessionId, secret: this.secretOf(sessionId) });
    } catch (error) {
      if (!(error instanceof JanusError))
        this.options.log.warn({ err: error, sessionId }, 'Janus room not closed');
    }
  }

  /**
   * Calls closed by now lose their rooms and tokens, even when no page of theirs is left on this instance to
   * close them (a page that vanished without leaving).
   */
  async expire(now = new Date()): Promise<void> {
    const closed = new Set<number>();
    for (const grant of this.granted.values()) if (grant.closesAt <= now) closed.add(grant.sessionId);
    for (const sessionId of closed) await this.closeRoom(sessionId);
  }

  async stop(): Promise<void> {
    await this.admin.close();
  }
}
