import { adminMoneyMessages } from '@myprosper/contract/admin-money';
import type { NoShowOverrideRequest } from '@myprosper/contract/calls';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { invalid } from '../../lib/errors.ts';
import { AttendanceRepository, type ExpectedPerson } from './attendance.repository.ts';
import { type CallSession, CallsRepository } from './calls.repository.ts';
import { closeCallRoom } from './close-room.ts';
import type { MentorNoShowMoney } from './no-show-refund.ts';
import { hasAttended } from './presence.ts';

/**
 * No-shows, by the presence rule (presence.ts: in the call at least `presenceMinutes` between the start and
 * the end, from the call's own join and leave records):
 * - a mentor not in the call at all during the first `presenceMinutes` after the start is a mentor no-show
 *   then and there: waiting longer would keep the mentees waiting for someone who is late by the very
 *   minimum the rule asks of a whole session (and so it was before: 10 minutes). The session ends: the call
 *   is closed for everyone (no new join, ticket or start), its payers are refunded in full (the payments
 *   feature's refund) and the mentor is told;
 * - once the call has closed (end plus grace) everyone is decided: a mentor who came but stayed less than
 *   the minimum (five seconds, or only before the start) is a no-show too, refunded the same way, and a mentee
 *   below it is a mentee no-show (the mentor is paid as usual).
 *
 * Admins may correct either. Money follows the final decision: a mentor made a no-show is refunded at once
 * (once, whatever is asked again; a mentor already paid gives it back); a mentor no-show whose mentees were
 * refunded stays one (the money is back in their wallets), while one not yet refunded may be made present,
 * and the earnings job then pays the mentor.
 */
export class NoShowService {
  constructor(
    private readonly db: Db,
    private readonly settings: { graceMinutes: number; presenceMinutes: number },
    private readonly money: MentorNoShowMoney,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One run of the job: decide what is due, and ask again for refunds not done yet. */
  async run(now = new Date()): Promise<{ mentors: number; attendances: number; refunds: number }> {
    const attendance = new AttendanceRepository(this.db);
    let mentors = 0;
    for (const sessionId of await attendance.mentorsToDecide(now, this.settings.presenceMinutes)) {
      if (await this.decideAbsentMentor(sessionId, now)) mentors++;
    }
    let attendances = 0;
    for (const sessionId of await attendance.attendancesToDecide(now, this.settings.graceMinutes)) {
      await this.decideAttendance(sessionId, now);
      attendances++;
    }
    let refunds = 0;
    for (const sessionId of await attendance.refundsDue()) {
      if (await this.askRefund(sessionId, now)) refunds++;
    }
    return { mentors, attendances, refunds };
  }

  /** A mentor not in the call since the start, `presenceMinutes` after it: the session ends as theirs missed. */
  private async decideAbsentMentor(sessionId: number, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const repository = new CallsRepository(tx);
      await repository.lockCall(sessionId);
      const session = await repository.findSession(sessionId);
      if (!session || session.status !== 'CONFIRMED') return false;
      const attendance = new AttendanceRepository(tx);
      // Any time in the call since the start, up to this moment (a join that just committed included).
      const seconds = await attendance.secondsPresent(session, [session.advisorId], session.endsAt);
      if ((seconds.get(session.advisorId) ?? 0) > 0) return false;
      return this.markMentorAbsent(tx, session, now);
    });
  }

  /** The mentor decided absent, in the caller's transaction: the call ends and everyone in it is sent away. */
  private async markMentorAbsent(tx: DbOrTx, session: CallSession, now: Date): Promise<boolean> {
    const attendance = new AttendanceRepository(tx);
    if (!(await attendance.markMentorDecided(session.id, true, now))) return false;
    await attendance.setNoShow({
      sessionId: session.id,
      userId: session.advisorId,
      role: 'ADVISOR',
      noShow: true,
    });
    await new CallsRepository(tx).markEndedForNoShow(session.id, now);
    await closeCallRoom(tx, session.id);
    return true;
  }

  private async decideAttendance(sessionId: number, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      const repository = new CallsRepository(tx);
      const call = await repository.lockCall(sessionId);
      const session = await repository.findSession(sessionId);
      if (!session) return;
      const attendance = new AttendanceRepository(tx);
      const people = await attendance.expectedPeople(sessionId);
      const seconds = await attendance.secondsPresent(
        session,
        people.map((p) => p.userId),
        now,
      );
      const attended = (userId: number) =>
        hasAttended(seconds.get(userId) ?? 0, this.settings.presenceMinutes);
      let mentorAbsent = call.mentorNoShow === true;
      if (call.mentorDecidedAt === null) {
        mentorAbsent = !attended(session.advisorId);
        if (mentorAbsent) await this.markMentorAbsent(tx, session, now);
        else {
          await attendance.markMentorDecided(sessionId, false, now);
          await attendance.setNoShow({
            sessionId,
            userId: session.advisorId,
            role: 'ADVISOR',
            noShow: false,
          });
        }
      }
      // Mentees of a mentor who did not come were refunded; they are nobody's no-show.
      if (!mentorAbsent) {
        for (const person of people.filter((p) => p.role === 'ADVISEE')) {
          const noShow = !attended(person.userId);
          await attendance.setNoShow({ sessionId, userId: person.userId, role: 'ADVISEE', noShow });
        }
      }
      await attendance.markAttendanceDecided(sessionId, now);
      await repository.markEnded(sessionId, now);
    });
  }

  /** The refund of a mentor no-show, in its own transaction, if the decision still stands and it is due. */
  private async askRefund(sessionId: number, now: Date): Promise<boolean> {
    try {
      const refund = await this.db.transaction(async (tx) => {
        const call = await new CallsRepository(tx).lockCall(sessionId);
        if (call.mentorNoShow !== true || call.refundRequestedAt !== null) return null;
        return this.refundInTransaction(tx, sessionId, now);
      });
      if (!refund) return false;
      await refund.notify();
      return true;
    } catch (error) {
      this.log.error({ err: error, sessionId }, 'mentor no-show refund failed; it will be asked again');
      return false;
    }
  }

  private async refundInTransaction(tx: DbOrTx, sessionId: number, now: Date) {
    const refund = await this.money.refund(tx, sessionId, now);
    await new AttendanceRepository(tx).claimRefund(sessionId, now);
    return refund;
  }

  /**
   * An admin's correction, in one transaction with its money (a mentor made a no-show is refunded) and with
   * `inTransaction` (the admin's audit row): all of it commits, or none.
   */
  async override(
    session: CallSession,
    adminId: number,
    expected: ExpectedPerson[],
    input: NoShowOverrideRequest,
    now: Date,
    inTransaction?: (tx: DbOrTx) => Promise<void>,
  ): Promise<void> {
    const changes = input.people.flatMap((change) => {
      const person = expected.find((p) => p.userId === Number(change.userId));
      return person ? [{ person, noShow: change.noShow }] : [];
    });
    const mentorNoShow = changes.find((change) => change.person.role === 'ADVISOR')?.noShow;
    const { presenceMinutes } = this.settings;
    if (mentorNoShow === true && now.getTime() < session.startsAt.getTime() + presenceMinutes * 60_000) {
      throw invalid(adminMoneyMessages.noShowTooEarly(presenceMinutes));
    }
    const refund = await this.db.transaction(async (tx) => {
      const call = await new CallsRepository(tx).lockCall(session.id);
      if (mentorNoShow === false && call.mentorNoShow === true) {
        if ((await this.money.refunded(tx, session.id)) > 0)
          throw invalid(adminMoneyMessages.noShowAlreadyRefunded);
      }
      const attendance = new AttendanceRepository(tx);
      for (const { person, noShow } of changes) {
        await attendance.setNoShow({
          sessionId: session.id,
          userId: person.userId,
          role: person.role,
          noShow,
        });
      }
      await attendance.markOverridden(session.id, adminId, now, mentorNoShow);
      if (mentorNoShow === true) {
        await new CallsRepository(tx).markEndedForNoShow(session.id, now);
        await closeCallRoom(tx, session.id);
      }
      const refunded = mentorNoShow === true ? await this.refundInTransaction(tx, session.id, now) : null;
      await inTransaction?.(tx);
      return refunded;
    });
    await refund?.notify();
  }
}
