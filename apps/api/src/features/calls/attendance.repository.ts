import type { CallRole } from '@myprosper/contract/calls';
import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { callAttendance, calls } from '../../db/schema/calls.ts';
import { sessionParticipants, sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';

export interface ExpectedPerson {
  userId: number;
  name: string;
  role: CallRole;
}

export interface AttendanceRow {
  userId: number;
  role: CallRole;
  firstJoinedAt: Date | null;
  lastLeftAt: Date | null;
  secondsInCall: number;
  noShow: boolean | null;
}

/** Sessions are decided this long after their start at most; later, no decision comes. */
export const noShowDecisionWindowMs = 86_400_000;

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
      .where(
        and(
          eq(sessionParticipants.sessionId, sessionId),
          eq(sessionParticipants.paymentStatus, 'PAID'),
          or(eq(sessions.sessionType, 'INDIVIDUAL'), eq(sessionParticipants.invitationStatus, 'ACCEPTED')),
        ),
      )
      .orderBy(sessionParticipants.id);
    return [
      { ...mentor, role: 'ADVISOR' },
      ...attendees.map((a) => ({ userId: a.userId, name: a.name, role: 'ADVISEE' as const })),
    ];
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

  /** Confirmed sessions started at least `minutes` ago (within a day) whose mentor is not decided yet. */
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
          gt(sessions.startsAt, new Date(cutoff.getTime() - noShowDecisionWindowMs)),
          isNull(calls.mentorDecidedAt),
        ),
      )
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** Confirmed sessions closed (end plus grace) within a day whose mentees are not decided yet. */
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
          gt(sessions.endsAt, new Date(closedBefore.getTime() - noShowDecisionWindowMs)),
          isNull(calls.attendanceDecidedAt),
        ),
      )
      .limit(limit);
    return rows.map((r) => r.id);
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

  async hasJoinedBy(sessionId: number, userId: number, by: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(callAttendance)
      .where(
        and(
          eq(callAttendance.sessionId, sessionId),
          eq(callAttendance.userId, userId),
          isNotNull(callAttendance.firstJoinedAt),
          lte(callAttendance.firstJoinedAt, by),
        ),
      );
    return (row?.n ?? 0) > 0;
  }
}
