import type { CallRole } from '@myprosper/contract/calls';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection.ts';
import { callAttendance, callEvents, calls } from '../../db/schema/calls.ts';
import { sessionSettlements } from '../../db/schema/payments.ts';
import { sessionParticipants, sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { priceCovered } from './calls.repository.ts';
import { type Stint, secondsPresent, stintsOf } from './presence.ts';

export interface ExpectedPerson {
  userId: number;
  name: string;
  role: CallRole;
}

/** A person of a session's call and the call's records of them (presence.ts counts `secondsInSession`). */
export interface PresenceRecord extends ExpectedPerson {
  stints: Stint[];
  /** Seconds in the call between the session's start and the earlier of its end and `now`. */
  secondsInSession: number;
}

export interface AttendanceRow {
  userId: number;
  role: CallRole;
  firstJoinedAt: Date | null;
  lastLeftAt: Date | null;
  secondsInCall: number;
  noShow: boolean | null;
}

/**
 * A session not settled yet: its outcome may still be decided. Decisions come from the call's presence
 * records, so they are the same whenever the job runs, however late (jobs stopped for days included); a
 * settled session (paid to its mentor, or settled before presence was recorded) is never decided again.
 */
function notSettled() {
  return sql`not exists (select 1 from ${sessionSettlements} where ${sessionSettlements.sessionId} = ${sessions.id})`;
}

const leftEventName = 'left_event';
const leftEvent = alias(callEvents, leftEventName);

/** A participant whose place is paid (in a group, also accepted): who the call expects. */
const paidPlace = and(
  eq(sessionParticipants.paymentStatus, 'PAID'),
  or(eq(sessions.sessionType, 'INDIVIDUAL'), eq(sessionParticipants.invitationStatus, 'ACCEPTED')),
);

/** Attendance and no-shows: who was expected in a call, who came, and the decisions. */
export class AttendanceRepository {
  constructor(private readonly db: DbOrTx) {}

  /** The mentor, and every attendee who may join (paid; in a group also accepted). */
  async expectedPeople(sessionId: number): Promise<ExpectedPerson[]> {
    const [mentor] = await this.db
      .select({ userId: users.id, name: users.name })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.advisorId))
      .where(eq(sessions.id, sessionId));
    if (!mentor) return [];
    const attendees = await this.db
      .select({ userId: users.id, name: users.name })
      .from(sessionParticipants)
      .innerJoin(sessions, eq(sessions.id, sessionParticipants.sessionId))
      .innerJoin(users, eq(users.id, sessionParticipants.adviseeId))
      .where(and(eq(sessionParticipants.sessionId, sessionId), paidPlace))
      .orderBy(sessionParticipants.id);
    return [
      { ...mentor, role: 'ADVISOR' },
      ...attendees.map((a) => ({ userId: a.userId, name: a.name, role: 'ADVISEE' as const })),
    ];
  }

  /**
   * The call's presence records of these sessions, for an admin deciding a dispute (issue 25): the mentor,
   * then each attendee whose place was paid (in a group also accepted), then anyone else the call recorded,
   * each with their stints (JOINED and LEFT records) and the seconds the presence rule counts. Three queries
   * whatever the number of sessions.
   */
  async presenceRecords(sessionIds: readonly number[], now: Date): Promise<Map<number, PresenceRecord[]>> {
    const result = new Map<number, PresenceRecord[]>();
    if (sessionIds.length === 0) return result;
    const ids = [...new Set(sessionIds)];
    const mentors = await this.db
      .select({
        sessionId: sessions.id,
        startsAt: sessions.startsAt,
        endsAt: sessions.endsAt,
        userId: users.id,
        name: users.name,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.advisorId))
      .where(inArray(sessions.id, ids));
    const attendees = await this.db
      .select({ sessionId: sessionParticipants.sessionId, userId: users.id, name: users.name })
      .from(sessionParticipants)
      .innerJoin(sessions, eq(sessions.id, sessionParticipants.sessionId))
      .innerJoin(users, eq(users.id, sessionParticipants.adviseeId))
      .where(and(inArray(sessionParticipants.sessionId, ids), paidPlace))
      .orderBy(asc(sessionParticipants.id));
    const events = await this.db
      .select({
        sessionId: callEvents.sessionId,
        userId: callEvents.userId,
        name: users.name,
        participantId: callEvents.participantId,
        kind: callEvents.kind,
        at: callEvents.at,
      })
      .from(callEvents)
      .innerJoin(users, eq(users.id, callEvents.userId))
      .where(and(inArray(callEvents.sessionId, ids), inArray(callEvents.kind, ['JOINED', 'LEFT'])))
      .orderBy(asc(callEvents.at), asc(callEvents.id));
    for (const mentor of mentors) {
      const people: ExpectedPerson[] = [
        { userId: mentor.userId, name: mentor.name, role: 'ADVISOR' },
        ...attendees
          .filter((a) => a.sessionId === mentor.sessionId)
          .map((a) => ({ userId: a.userId, name: a.name, role: 'ADVISEE' as const })),
      ];
      const own = events.filter((event) => event.sessionId === mentor.sessionId);
      for (const event of own) {
        if (event.userId !== null && !people.some((person) => person.userId === event.userId)) {
          people.push({ userId: event.userId, name: event.name, role: 'ADVISEE' });
        }
      }
      result.set(
        mentor.sessionId,
        people.map((person) => {
          const stints = stintsOf(own.filter((event) => event.userId === person.userId));
          return {
            ...person,
            stints,
            secondsInSession: secondsPresent(stints, mentor, now),
          };
        }),
      );
    }
    return result;
  }

  async attendance(sessionId: number): Promise<AttendanceRow[]> {
    return this.db
      .select({
        userId: callAttendance.userId,
        role: callAttendance.role,
        firstJoinedAt: callAttendance.firstJoinedAt,
        lastLeftAt: callAttendance.lastLeftAt,
        secondsInCall: callAttendance.secondsInCall,
        noShow: callAttendance.noShow,
      })
      .from(callAttendance)
      .where(eq(callAttendance.sessionId, sessionId));
  }

  async setNoShow(input: { sessionId: number; userId: number; role: CallRole; noShow: boolean }) {
    await this.db
      .insert(callAttendance)
      .values(input)
      .onConflictDoUpdate({
        target: [callAttendance.sessionId, callAttendance.userId],
        set: { noShow: input.noShow },
      });
  }

  /**
   * Confirmed sessions started at least `minutes` ago and not settled, their price covered, whose mentor is not
   * decided yet and has not been in the call since the start: no page of theirs joined that had not left by
   * the start.
   */
  async mentorsToDecide(now: Date, minutes: number, limit = 50): Promise<number[]> {
    const cutoff = new Date(now.getTime() - minutes * 60_000);
    const rows = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .leftJoin(calls, eq(calls.sessionId, sessions.id))
      .where(
        and(
          eq(sessions.status, 'CONFIRMED'),
          lte(sessions.startsAt, cutoff),
          isNull(calls.mentorDecidedAt),
          notSettled(),
          priceCovered(),
          sql`not exists (
            select 1 from ${callEvents}
            where ${callEvents.sessionId} = ${sessions.id}
              and ${callEvents.userId} = ${sessions.advisorId}
              and ${callEvents.kind} = 'JOINED'
              and not exists (
                select 1 from ${callEvents} as ${sql.identifier(leftEventName)}
                where ${leftEvent.sessionId} = ${callEvents.sessionId}
                  and ${leftEvent.participantId} = ${callEvents.participantId}
                  and ${leftEvent.kind} = 'LEFT'
                  and ${leftEvent.at} <= ${sessions.startsAt}))`,
        ),
      )
      .orderBy(asc(sessions.startsAt))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /**
   * Confirmed sessions closed (end plus grace) and not settled, their price covered, whose attendance is
   * not decided yet.
   */
  async attendancesToDecide(now: Date, graceMinutes: number, limit = 50): Promise<number[]> {
    const closedBefore = new Date(now.getTime() - graceMinutes * 60_000);
    const rows = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .leftJoin(calls, eq(calls.sessionId, sessions.id))
      .where(
        and(
          eq(sessions.status, 'CONFIRMED'),
          lte(sessions.endsAt, closedBefore),
          isNull(calls.attendanceDecidedAt),
          notSettled(),
          priceCovered(),
        ),
      )
      .orderBy(asc(sessions.endsAt))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /**
   * Seconds each person was in the call between the session's start and its end (or now): the presence rule
   * (presence.ts) over the call's join and leave records. People never in it answer 0.
   */
  async secondsPresent(
    session: { id: number; startsAt: Date; endsAt: Date },
    userIds: readonly number[],
    now: Date,
  ): Promise<Map<number, number>> {
    const stints = userIds.length === 0 ? new Map<number, Stint[]>() : await this.stints(session.id, userIds);
    return new Map(userIds.map((id) => [id, secondsPresent(stints.get(id) ?? [], session, now)]));
  }

  /** Each person's stints in the call, from its JOINED and LEFT records, in order. */
  async stints(sessionId: number, userIds?: readonly number[]): Promise<Map<number, Stint[]>> {
    const rows = await this.db
      .select({
        userId: callEvents.userId,
        participantId: callEvents.participantId,
        kind: callEvents.kind,
        at: callEvents.at,
      })
      .from(callEvents)
      .where(
        and(
          eq(callEvents.sessionId, sessionId),
          inArray(callEvents.kind, ['JOINED', 'LEFT']),
          userIds ? inArray(callEvents.userId, [...userIds]) : undefined,
        ),
      )
      .orderBy(asc(callEvents.at), asc(callEvents.id));
    const byUser = new Map<number, typeof rows>();
    for (const row of rows) {
      if (row.userId === null) continue;
      byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
    }
    return new Map([...byUser].map(([userId, events]) => [userId, stintsOf(events)]));
  }

  async markMentorDecided(sessionId: number, noShow: boolean, now: Date): Promise<boolean> {
    const changed = await this.db
      .update(calls)
      .set({ mentorNoShow: noShow, mentorDecidedAt: now })
      .where(and(eq(calls.sessionId, sessionId), isNull(calls.mentorDecidedAt)))
      .returning({ id: calls.sessionId });
    return changed.length > 0;
  }

  async markAttendanceDecided(sessionId: number, now: Date): Promise<void> {
    await this.db.update(calls).set({ attendanceDecidedAt: now }).where(eq(calls.sessionId, sessionId));
  }

  async markOverridden(sessionId: number, adminId: number, now: Date, mentorNoShow?: boolean) {
    await this.db
      .update(calls)
      .set({
        overriddenBy: adminId,
        overriddenAt: now,
        ...(mentorNoShow === undefined ? {} : { mentorNoShow, mentorDecidedAt: now }),
      })
      .where(eq(calls.sessionId, sessionId));
  }

  /** Marks the refund as asked for; false when it already was (so it is asked once). */
  async claimRefund(sessionId: number, now: Date): Promise<boolean> {
    const claimed = await this.db
      .update(calls)
      .set({ refundRequestedAt: now })
      .where(and(eq(calls.sessionId, sessionId), isNull(calls.refundRequestedAt)))
      .returning({ id: calls.sessionId });
    return claimed.length > 0;
  }

  /** Sessions decided as mentor no-shows whose refund is not done yet. */
  async refundsDue(limit = 50): Promise<number[]> {
    const rows = await this.db
      .select({ sessionId: calls.sessionId })
      .from(calls)
      .where(and(eq(calls.mentorNoShow, true), isNull(calls.refundRequestedAt)))
      .limit(limit);
    return rows.map((row) => row.sessionId);
  }
}
