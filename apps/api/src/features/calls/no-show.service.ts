import { adminMoneyMessages } from '@myprosper/contract/admin-money';
import { mentorNoShowMinutes, type NoShowOverrideRequest } from '@myprosper/contract/calls';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { invalid } from '../../lib/errors.ts';
import { AttendanceRepository, type ExpectedPerson } from './attendance.repository.ts';
import { type CallSession, CallsRepository } from './calls.repository.ts';
import type { MentorNoShowMoney } from './no-show-refund.ts';

/**
 * No-shows, from the stored join times: a mentor not in the call 10 minutes after the start is a mentor
 * no-show (their mentees get their money back: the payments feature's refund, and the mentor is not paid);
 * a mentee who never joined by the end plus grace is a mentee no-show (the mentor is paid as usual).
 *
 * Admins may correct either. Money follows the final decision: a mentor made a no-show is refunded at once
 * (once, whatever is asked again; a mentor already paid gives it back); a mentor no-show whose mentees were
 * refunded stays one (the money is back in their wallets), while one not yet refunded may be made present,
 * and the earnings job then pays the mentor.
 */
export class NoShowService {
  constructor(
    private readonly db: Db,
    private readonly graceMinutes: number,
    private readonly money: MentorNoShowMoney,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One run of the job: decide what is due, and ask again for refunds not done yet. */
  async run(now = new Date()): Promise<{ mentors: number; attendances: number; refunds: number }> {
    const attendance = new AttendanceRepository(this.db);
    let mentors = 0;
    for (const sessionId of await attendance.mentorsToDecide(now, mentorNoShowMinutes)) {
      if (await this.decideMentor(sessionId, now)) mentors++;
    }
    let attendances = 0;
    for (const sessionId of await attendance.attendancesToDecide(now, this.graceMinutes)) {
      await this.decideAttendance(sessionId, now);
      attendances++;
    }
    let refunds = 0;
    for (const sessionId of await attendance.refundsDue()) {
      if (await this.askRefund(sessionId, now)) refunds++;
    }
    return { mentors, attendances, refunds };
  }

  private async decideMentor(sessionId: number, now: Date): Promise<boolean> {
    const decided = await this.db.transaction(async (tx) => {
      const repository = new CallsRepository(tx);
      await repository.lockCall(sessionId);
      const session = await repository.findSession(sessionId);
      if (!session) return false;
      const attendance = new AttendanceRepository(tx);
      const by = new Date(session.startsAt.getTime() + mentorNoShowMinutes * 60_000);
      const noShow = !(await attendance.hasJoinedBy(sessionId, session.advisorId, by));
      if (!(await attendance.markMentorDecided(sessionId, noShow, now))) return false;
      await attendance.setNoShow({ sessionId, userId: session.advisorId, role: 'ADVISOR', noShow });
      return true;
    });
    return decided;
  }

  private async decideAttendance(sessionId: number, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      const repository = new CallsRepository(tx);
      await repository.lockCall(sessionId);
      const attendance = new AttendanceRepository(tx);
      const people = await attendance.expectedPeople(sessionId);
      const rows = await attendance.attendance(sessionId);
      for (const person of people.filter((p) => p.role === 'ADVISEE')) {
        const joined = rows.some((row) => row.userId === person.userId && row.firstJoinedAt !== null);
        await attendance.setNoShow({ sessionId, userId: person.userId, role: 'ADVISEE', noShow: !joined });
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
    if (mentorNoShow === true && now.getTime() < session.startsAt.getTime() + mentorNoShowMinutes * 60_000) {
      throw invalid(adminMoneyMessages.noShowTooEarly);
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
      const refunded = mentorNoShow === true ? await this.refundInTransaction(tx, session.id, now) : null;
      await inTransaction?.(tx);
      return refunded;
    });
    await refund?.notify();
  }
}
