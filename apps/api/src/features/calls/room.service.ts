import { randomBytes } from 'node:crypto';
import { type CallRole, callMessages, type RosterEntry } from '@myprosper/contract/calls';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import type { BusMessage, SignalBus } from './bus-messages.ts';
import { CallsRepository, type PresenceRow, toRosterEntry } from './calls.repository.ts';

export type RosterUpdate = Extract<BusMessage, { kind: 'roster' }>;

export interface JoinInput {
  sessionId: number;
  userId: number;
  name: string;
  role: CallRole;
  capacity: number;
  /** The participant id this page had before its socket dropped. */
  resume?: string;
}

export interface JoinResult {
  you: RosterEntry;
  roster: RosterUpdate;
  /** The participant id of this person's other page, which must now leave. */
  replaced: string | null;
}

/**
 * A page whose instance has not refreshed it for this long is gone. Longer than a 30-second network drop plus
 * the page's reconnection (its backoff reaches 10 seconds): a phone that loses its signal that long keeps its
 * place and its tile (issue 22).
 */
export const presenceStaleSeconds = 45;

function newParticipantId(): string {
  return `p${randomBytes(9).toString('base64url')}`;
}

/**
 * Who is in which room, kept in the database so every API instance sees the same room: joins (with the
 * room size), leaves, mute states, and the roster after each change, stamped with a growing version and
 * published to every instance.
 */
export class RoomService {
  constructor(
    private readonly db: Db,
    private readonly bus: SignalBus,
    readonly instanceId: string,
  ) {}

  async join(input: JoinInput, now = new Date()): Promise<JoinResult> {
    const result = await this.db.transaction(async (tx) => {
      const repository = new CallsRepository(tx);
      const call = await repository.lockCall(input.sessionId);
      // Decided while this person was being let in: the call is over for everyone.
      if (call.mentorNoShow === true) {
        throw new AppError(
          'GONE',
          input.role === 'ADVISOR' ? callMessages.youDidNotAttend : callMessages.mentorDidNotAttend,
        );
      }
      const stale = await repository.deleteStalePresence(staleBefore(now), input.sessionId);
      for (const row of stale) await recordLeft(repository, row, row.seenAt, 'gone');
      const present = await repository.presence(input.sessionId);
      const mine = present.find((row) => row.userId === input.userId);
      let participantId: string;
      let replaced: string | null = null;
      if (mine && input.resume && mine.participantId === input.resume) {
        participantId = mine.participantId;
        await repository.reattachPresence(participantId, this.instanceId, now);
      } else {
        if (mine) {
          await repository.deletePresence(mine.participantId);
          await recordLeft(repository, mine, now, 'joined again');
          replaced = mine.participantId;
        }
        const others = present.filter((row) => row.userId !== input.userId).length;
        if (others >= input.capacity) throw conflict(callMessages.roomFull);
        participantId = newParticipantId();
        await repository.insertPresence(
          {
            participantId,
            sessionId: input.sessionId,
            userId: input.userId,
            name: input.name,
            role: input.role,
            instanceId: this.instanceId,
            audioMuted: false,
            videoOff: false,
          },
          now,
        );
        await repository.logEvent({
          sessionId: input.sessionId,
          userId: input.userId,
          participantId,
          kind: 'JOINED',
          at: now,
        });
        await repository.recordJoin({
          sessionId: input.sessionId,
          userId: input.userId,
          role: input.role,
          at: now,
        });
      }
      // The mentor's arrival starts the call even when the page did not ask first.
      if (input.role === 'ADVISOR') await repository.markStarted(input.sessionId, input.userId, now);
      const roster = await readRoster(repository, input.sessionId);
      const you = roster.participants.find((p) => p.participantId === participantId);
      if (!you) throw new Error('joined participant missing from the roster');
      return { you, roster, replaced };
    });
    if (result.replaced) {
      await this.bus.publish({
        kind: 'kick',
        sessionId: input.sessionId,
        participantId: result.replaced,
        reason: 'REPLACED',
      });
    }
    await this.bus.publish(result.roster);
    return result;
  }

  /** A page left (or was sent away): its presence ends and everyone gets the new roster. */
  async leave(participantId: string, now = new Date(), detail = 'left'): Promise<RosterUpdate | null> {
    const roster = await this.db.transaction(async (tx) => {
      const repository = new CallsRepository(tx);
      const sessionId = await sessionOfPresence(tx, participantId);
      if (sessionId === null) return null;
      await repository.lockCall(sessionId);
      const removed = await repository.deletePresence(participantId);
      if (!removed) return null;
      await recordLeft(repository, removed, now, detail);
      return readRoster(repository, sessionId);
    });
    if (roster) await this.bus.publish(roster);
    return roster;
  }

  async setMuteState(
    participantId: string,
    state: { audioMuted: boolean; videoOff: boolean },
  ): Promise<RosterUpdate | null> {
    const roster = await this.db.transaction(async (tx) => {
      const repository = new CallsRepository(tx);
      const sessionId = await sessionOfPresence(tx, participantId);
      if (sessionId === null) return null;
      await repository.lockCall(sessionId);
      if ((await repository.setMuteState(participantId, state)) === null) return null;
      return readRoster(repository, sessionId);
    });
    if (roster) await this.bus.publish(roster);
    return roster;
  }

  /** Runs `change` with the room locked, then publishes the room's roster (e.g. once the call started). */
  async announce(
    sessionId: number,
    change: (repository: CallsRepository) => Promise<void> = async () => {},
  ): Promise<RosterUpdate> {
    const roster = await this.db.transaction(async (tx) => {
      const repository = new CallsRepository(tx);
      await repository.lockCall(sessionId);
      await change(repository);
      return readRoster(repository, sessionId);
    });
    await this.bus.publish(roster);
    return roster;
  }

  /** Pages of dead instances (not refreshed for a while) leave their rooms. */
  async sweepStale(now = new Date()): Promise<RosterUpdate[]> {
    const stale = await new CallsRepository(this.db).deleteStalePresence(staleBefore(now));
    const updates: RosterUpdate[] = [];
    for (const sessionId of new Set(stale.map((row) => row.sessionId))) {
      updates.push(
        await this.announce(sessionId, async (repository) => {
          for (const row of stale.filter((r) => r.sessionId === sessionId)) {
            await recordLeft(repository, row, row.seenAt, 'gone');
          }
        }),
      );
    }
    return updates;
  }

  async touch(participantIds: string[], now = new Date()): Promise<void> {
    await new CallsRepository(this.db).touchPresence(participantIds, now);
  }

  publish(message: BusMessage): Promise<void> {
    return this.bus.publish(message);
  }
}

function staleBefore(now: Date): Date {
  return new Date(now.getTime() - presenceStaleSeconds * 1000);
}

async function sessionOfPresence(db: DbOrTx, participantId: string): Promise<number | null> {
  const row = await new CallsRepository(db).findPresence(participantId);
  return row?.sessionId ?? null;
}

async function recordLeft(repository: CallsRepository, row: PresenceRow, at: Date, detail: string) {
  await repository.logEvent({
    sessionId: row.sessionId,
    userId: row.userId,
    participantId: row.participantId,
    kind: 'LEFT',
    at,
    detail,
  });
  await repository.recordLeave({
    sessionId: row.sessionId,
    userId: row.userId,
    at,
    seconds: (at.getTime() - row.joinedAt.getTime()) / 1000,
  });
}

async function readRoster(repository: CallsRepository, sessionId: number): Promise<RosterUpdate> {
  const version = await repository.bumpVersion(sessionId);
  const rows = await repository.presence(sessionId);
  return {
    kind: 'roster',
    sessionId,
    version,
    callStatus: await repository.callStatusOf(sessionId),
    participants: rows.map(toRosterEntry),
  };
}
