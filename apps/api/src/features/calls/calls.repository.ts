import type { CallRole, RosterEntry } from '@myprosper/contract/calls';
import { minPaidGroupAttendees } from '@myprosper/contract/pricing';
import type { CallStatus } from '@myprosper/contract/sessions';
import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { callAttendance, callEvents, callPresence, calls } from '../../db/schema/calls.ts';
import { groupCovers } from '../../db/schema/payments.ts';
import { sessionParticipants, sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import type { AccessFacts } from './call-access.ts';

export type CallSession = AccessFacts['session'];

export interface PresenceRow {
  participantId: string;
  sessionId: number;
  userId: number;
  name: string;
  role: CallRole;
  instanceId: string;
  audioMuted: boolean;
  videoOff: boolean;
  joinedAt: Date;
  seenAt: Date;
}

export type CallEventKind = (typeof callEvents.$inferInsert)['kind'];

/** Reads and writes of calls: the session facts the join rule needs, the room's presence, the log. */
/**
 * Whether a session's price is covered: not while a group's host is asked to cover it (payments'
 * group-cover.service.ts) and fewer than two attendees have paid. The call stays closed until then, so nobody,
 * the mentor included, is judged absent from it.
 */
export function priceCovered() {
  return sql<boolean>`not exists (select 1 from ${groupCovers} c where c.session_id = ${sessions.id}
    and c.amount > 0 and c.paid_at is null
    and (select count(*) from ${sessionParticipants} p where p.session_id = c.session_id
      and p.payment_status = 'PAID') < ${minPaidGroupAttendees})`;
}

export class CallsRepository {
  constructor(private readonly db: DbOrTx) {}

  async findSession(sessionId: number): Promise<CallSession | null> {
    const [row] = await this.db
      .select({
        id: sessions.id,
        sessionType: sessions.sessionType,
        status: sessions.status,
        advisorId: sessions.advisorId,
        startsAt: sessions.startsAt,
        endsAt: sessions.endsAt,
        callStatus: sessions.callStatus,
        mentorNoShow: sql<boolean>`coalesce(${calls.mentorNoShow}, false)`,
        priceCovered: priceCovered(),
      })
      .from(sessions)
      .leftJoin(calls, eq(calls.sessionId, sessions.id))
      .where(eq(sessions.id, sessionId));
    return row ?? null;
  }

  async findAttendee(sessionId: number, userId: number): Promise<AccessFacts['attendee']> {
    const [row] = await this.db
      .select({
        paymentStatus: sessionParticipants.paymentStatus,
        invitationStatus: sessionParticipants.invitationStatus,
      })
      .from(sessionParticipants)
      .where(and(eq(sessionParticipants.sessionId, sessionId), eq(sessionParticipants.adviseeId, userId)));
    return row ?? null;
  }

  async userName(userId: number): Promise<string | null> {
    const [row] = await this.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
    return row?.name ?? null;
  }

  /** The call's row, made on first use and locked: joins and leaves of one room run one at a time. */
  async lockCall(sessionId: number): Promise<typeof calls.$inferSelect> {
    await this.db.insert(calls).values({ sessionId }).onConflictDoNothing();
    const [row] = await this.db.select().from(calls).where(eq(calls.sessionId, sessionId)).for('update');
    if (!row) throw new Error(`call ${sessionId} vanished`);
    return row;
  }

  async findCall(sessionId: number): Promise<typeof calls.$inferSelect | null> {
    const [row] = await this.db.select().from(calls).where(eq(calls.sessionId, sessionId));
    return row ?? null;
  }

  /** NOT_STARTED -> STARTED, once; answers whether this call did it. */
  async markStarted(sessionId: number, userId: number, now: Date): Promise<boolean> {
    const started = await this.db
      .update(sessions)
      .set({ callStatus: 'STARTED', updatedAt: now })
      .where(and(eq(sessions.id, sessionId), eq(sessions.callStatus, 'NOT_STARTED')))
      .returning({ id: sessions.id });
    if (started.length === 0) return false;
    await this.db
      .update(calls)
      .set({ startedAt: now, startedBy: userId })
      .where(eq(calls.sessionId, sessionId));
    await this.logEvent({ sessionId, userId, kind: 'STARTED', at: now });
    return true;
  }

  /** STARTED -> ENDED once the call has closed. */
  async markEnded(sessionId: number, now: Date): Promise<boolean> {
    const ended = await this.db
      .update(sessions)
      .set({ callStatus: 'ENDED', updatedAt: now })
      .where(and(eq(sessions.id, sessionId), eq(sessions.callStatus, 'STARTED')))
      .returning({ id: sessions.id });
    if (ended.length === 0) return false;
    await this.db.update(calls).set({ endedAt: now }).where(eq(calls.sessionId, sessionId));
    await this.logEvent({ sessionId, userId: null, kind: 'ENDED', at: now });
    return true;
  }

  /** The mentor did not attend: the call ends whatever its state (no one may enter it again), logged once. */
  async markEndedForNoShow(sessionId: number, now: Date): Promise<void> {
    const ended = await this.db
      .update(sessions)
      .set({ callStatus: 'ENDED', updatedAt: now })
      .where(and(eq(sessions.id, sessionId), ne(sessions.callStatus, 'ENDED')))
      .returning({ id: sessions.id });
    if (ended.length === 0) return;
    await this.db.update(calls).set({ endedAt: now }).where(eq(calls.sessionId, sessionId));
    await this.logEvent({ sessionId, userId: null, kind: 'ENDED', at: now, detail: 'mentor did not attend' });
  }

  /** Journeys only (dev-clock.routes.ts): the session and its attendees at another time. */
  async moveForJourney(sessionId: number, startsAt: Date, endsAt: Date): Promise<void> {
    await this.db.update(sessions).set({ startsAt, endsAt }).where(eq(sessions.id, sessionId));
    await this.db
      .update(sessionParticipants)
      .set({ startsAt, endsAt })
      .where(eq(sessionParticipants.sessionId, sessionId));
  }

  /** The end of an unpaid hold, moved (journeys only, as moveForJourney). */
  async moveHoldForJourney(sessionId: number, holdExpiresAt: Date): Promise<void> {
    await this.db.update(sessions).set({ holdExpiresAt }).where(eq(sessions.id, sessionId));
  }

  async callStatusOf(sessionId: number): Promise<CallStatus> {
    const [row] = await this.db
      .select({ callStatus: sessions.callStatus })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    return row?.callStatus ?? 'NOT_STARTED';
  }

  async logEvent(event: {
    sessionId: number;
    userId: number | null;
    kind: CallEventKind;
    at: Date;
    participantId?: string;
    detail?: string;
  }): Promise<void> {
    await this.db.insert(callEvents).values(event);
  }

  async events(sessionId: number) {
    return this.db
      .select()
      .from(callEvents)
      .where(eq(callEvents.sessionId, sessionId))
      .orderBy(asc(callEvents.at), asc(callEvents.id));
  }

  /** Bumps and answers the roster version (with the call locked). */
  async bumpVersion(sessionId: number): Promise<number> {
    const [row] = await this.db
      .update(calls)
      .set({ rosterVersion: sql`${calls.rosterVersion} + 1` })
      .where(eq(calls.sessionId, sessionId))
      .returning({ version: calls.rosterVersion });
    return row?.version ?? 0;
  }

  async presence(sessionId: number): Promise<PresenceRow[]> {
    return this.db
      .select()
      .from(callPresence)
      .where(eq(callPresence.sessionId, sessionId))
      .orderBy(asc(callPresence.joinedAt), asc(callPresence.participantId));
  }

  async roster(sessionId: number): Promise<RosterEntry[]> {
    const rows = await this.presence(sessionId);
    return rows.map(toRosterEntry);
  }

  async findPresence(participantId: string): Promise<PresenceRow | null> {
    const [row] = await this.db
      .select()
      .from(callPresence)
      .where(eq(callPresence.participantId, participantId));
    return row ?? null;
  }

  async insertPresence(row: Omit<PresenceRow, 'joinedAt' | 'seenAt'>, now: Date): Promise<void> {
    await this.db.insert(callPresence).values({ ...row, joinedAt: now, seenAt: now });
  }

  async deletePresence(participantId: string): Promise<PresenceRow | null> {
    const [row] = await this.db
      .delete(callPresence)
      .where(eq(callPresence.participantId, participantId))
      .returning();
    return row ?? null;
  }

  /** Re-attaches a participant to this instance (its socket came back). */
  async reattachPresence(participantId: string, instanceId: string, now: Date): Promise<void> {
    await this.db
      .update(callPresence)
      .set({ instanceId, seenAt: now })
      .where(eq(callPresence.participantId, participantId));
  }

  async setMuteState(participantId: string, state: { audioMuted: boolean; videoOff: boolean }) {
    const changed = await this.db
      .update(callPresence)
      .set(state)
      .where(eq(callPresence.participantId, participantId))
      .returning({ sessionId: callPresence.sessionId });
    return changed[0]?.sessionId ?? null;
  }

  async touchPresence(participantIds: string[], now: Date): Promise<void> {
    if (participantIds.length === 0) return;
    await this.db
      .update(callPresence)
      .set({ seenAt: now })
      .where(inArray(callPresence.participantId, participantIds));
  }

  /** Rows of pages whose instance stopped refreshing them (gone without a word). */
  async deleteStalePresence(before: Date, sessionId?: number): Promise<PresenceRow[]> {
    const stale = lt(callPresence.seenAt, before);
    return this.db
      .delete(callPresence)
      .where(sessionId === undefined ? stale : and(stale, eq(callPresence.sessionId, sessionId)))
      .returning();
  }

  async othersPresent(sessionId: number, userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(callPresence)
      .where(and(eq(callPresence.sessionId, sessionId), ne(callPresence.userId, userId)));
    return row?.n ?? 0;
  }

  async recordJoin(input: { sessionId: number; userId: number; role: CallRole; at: Date }): Promise<void> {
    await this.db
      .insert(callAttendance)
      .values({ sessionId: input.sessionId, userId: input.userId, role: input.role, firstJoinedAt: input.at })
      .onConflictDoUpdate({
        target: [callAttendance.sessionId, callAttendance.userId],
        set: { firstJoinedAt: sql`coalesce(${callAttendance.firstJoinedAt}, excluded.first_joined_at)` },
      });
  }

  async recordLeave(input: { sessionId: number; userId: number; at: Date; seconds: number }): Promise<void> {
    await this.db
      .update(callAttendance)
      .set({
        lastLeftAt: input.at,
        secondsInCall: sql`${callAttendance.secondsInCall} + ${Math.max(0, Math.round(input.seconds))}`,
      })
      .where(and(eq(callAttendance.sessionId, input.sessionId), eq(callAttendance.userId, input.userId)));
  }
}

export function toRosterEntry(row: PresenceRow): RosterEntry {
  return {
    participantId: row.participantId,
    userId: row.userId,
    name: row.name,
    role: row.role,
    audioMuted: row.audioMuted,
    videoOff: row.videoOff,
  };
}
