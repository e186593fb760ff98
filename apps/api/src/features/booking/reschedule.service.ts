import { slotProblemMessage } from '@myprosper/contract/booking';
import type { SessionRules } from '@myprosper/contract/rules';
import { type Session, sessionMessages } from '@myprosper/contract/sessions';
import { checkSlot, localDateTimeOf } from '@myprosper/contract/slots';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { runAgainAfterDeadlock } from '../../db/database-errors.ts';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { type SessionRulesEnv, sessionRulesOf } from '../../lib/session-rules.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import type { CancellationService } from '../payments/payments.door.ts';
import {
  bookingConflictOf,
  effectiveStatus,
  isHoldingSlot,
  SessionsRepository,
  type SessionsService,
} from '../sessions/sessions.door.ts';
import { claimHourForBooking } from '../waitlists/waitlists.door.ts';
import { type MovableSession, type OpenProposal, RescheduleRepository } from './reschedule.repository.ts';
import { type BookingEnv, loadSlotRules, slotLimits } from './slot-rules.ts';

export interface RescheduleInput {
  sessionId: number;
  selectedDate?: string | null;
  selectedTime: string;
}

export interface AnswerInput {
  sessionId: number;
  proposalId: number;
  accept: boolean;
}

/** What a move did: moved at once, or proposed and waiting for the paid mentees. */
export interface RescheduleOutcome {
  session: Session;
  proposed: boolean;
}

const hourMs = 3_600_000;

/** The answer of a proposal, for a session readable by the caller. */
type AnswerOutcome = { session: Session; message: string };

/**
 * Moving a session (issue 20, the Reschedule rule; the words are policyLines' 'Moving a session'):
 * - its host may move it until `rescheduleCutoffHours` before the start; its mentor until the start;
 * - at most `maxReschedules` moves per session, by anyone, made or proposed;
 * - a move by the mentor, or by a group's host, of a session that starts within `fullRefundHours`, or to a new
 *   start within them, is only a proposal while anyone else has paid: each paid mentee accepts or declines.
 *   The proposed hour is held meanwhile (migration 0019's triggers). A decline refunds that mentee in full
 *   and they leave the session; once everyone answered, the session moves if anyone who paid is still in it
 *   (the proposing host counts), else it is cancelled with full refunds as a mentor's cancellation is.
 *   Unanswered by the earlier of the two starts, the proposal lapses and the session stays;
 * - a session the mentor moved stays fully refundable to its mentees until its start before that move.
 * Each change is one transaction, the session row locked; the database refuses a taken hour.
 */
export class RescheduleService {
  private readonly rules: SessionRules;

  constructor(
    private readonly db: Db,
    private readonly env: BookingEnv & SessionRulesEnv,
    private readonly sessionsService: SessionsService,
    private readonly cancellation: Pick<CancellationService, 'refundDecliner' | 'cancelAfterDeclinedMove'>,
  ) {
    this.rules = sessionRulesOf(env);
  }

  async reschedule(caller: CurrentUser, input: RescheduleInput): Promise<RescheduleOutcome> {
    const selectedDate = input.selectedDate?.trim() ?? '';
    if (selectedDate === '') throw invalid(sessionMessages.selectDate);
    const selectedTime = input.selectedTime.trim();
    const { record } = await this.sessionsService.findReadable(caller, input.sessionId);
    const byMentor = caller.id === record.advisor.id;
    if (caller.id !== record.host.id && !byMentor) {
      throw forbidden(sessionMessages.rescheduleNotAllowed);
    }
    const current = localDateTimeOf(record.startsAt, this.env.TIME_ZONE);
    if (current.date === selectedDate && current.time === selectedTime.slice(0, 5)) {
      throw invalid(sessionMessages.noChanges);
    }

    const now = new Date();
    this.assertMovable(record, now, byMentor);
    if (record.rescheduleCount >= this.rules.maxReschedules) {
      throw invalid(sessionMessages.tooManyReschedules(this.rules.maxReschedules));
    }
    const rules = await loadSlotRules(this.db, this.env, record.advisor.id, now);
    const slot = checkSlot(rules, selectedDate, selectedTime);
    if (!slot.ok) throw invalid(slotProblemMessage(slot.problem, slotLimits(this.env)));

    let proposed = false;
    try {
      await runAgainAfterDeadlock(() =>
        this.db.transaction(async (tx) => {
          const sessions = new SessionsRepository(tx);
          const repository = new RescheduleRepository(tx);
          await sessions.expireStaleHolds(now);
          await repository.lapseProposals(now);
          const locked = await repository.lockSession(record.id);
          if (!locked) throw notFound(sessionMessages.sessionNotFound);
          // Checked again on the locked row: another change may have landed meanwhile.
          this.assertMovable(locked, now, byMentor);
          if (locked.rescheduleCount >= this.rules.maxReschedules) {
            throw invalid(sessionMessages.tooManyReschedules(this.rules.maxReschedules));
          }
          if (await repository.lockOpenProposal(locked.id, now)) {
            throw conflict(sessionMessages.proposalPending);
          }
          const participants = await repository.lockParticipants(locked.id);
          // Everyone else who paid must agree to a move into, or out of, the full-refund window.
          const awaiting = participants.filter(
            (p) => p.paymentStatus === 'PAID' && p.adviseeId !== caller.id,
          );
          const needsConsent =
            awaiting.length > 0 &&
            (this.isWithinFullRefundWindow(locked.startsAt, now) ||
              this.isWithinFullRefundWindow(slot.startsAt, now));
          // An hour kept for someone on the mentor's waitlist is theirs (issue 24), for a move as for a booking.
          await claimHourForBooking(tx, {
            advisorId: locked.advisorId,
            bookerId: record.host.id,
            startsAt: slot.startsAt,
            endsAt: slot.endsAt,
            now,
          });
          await repository.countMove(locked.id, now);
          if (needsConsent) {
            await repository.insertProposal(
              {
                sessionId: locked.id,
                advisorId: locked.advisorId,
                proposedBy: caller.id,
                byMentor,
                fromStartsAt: locked.startsAt,
                startsAt: slot.startsAt,
                endsAt: slot.endsAt,
                expiresAt: new Date(Math.min(locked.startsAt.getTime(), slot.startsAt.getTime())),
              },
              awaiting.map((p) => p.id),
            );
            proposed = true;
            return;
          }
          await sessions.moveSession(locked.id, slot.startsAt, slot.endsAt, now);
          if (byMentor) await repository.markMovedByMentor(locked.id, locked.startsAt);
        }),
      );
    } catch (error) {
      throw bookingConflictOf(error, caller.id) ?? error;
    }
    return { session: await this.sessionsService.getSession(caller, record.id), proposed };
  }

  /**
   * A paid mentee accepts or declines a proposed move. Declining refunds their share in full and they leave
   * the session; the last answer decides: the session moves, or (nobody who paid is left) it is cancelled
   * with every payment refunded in full.
   */
  async answer(caller: CurrentUser, input: AnswerInput): Promise<AnswerOutcome> {
    const { record } = await this.sessionsService.findReadable(caller, input.sessionId);
    const now = new Date();
    const open = record.proposal;
    if (!open || open.id !== input.proposalId) throw invalid(sessionMessages.noProposal);
    const mine = open.answers.find((a) => a.adviseeId === caller.id);
    if (!mine || mine.answer !== 'AWAITED') throw forbidden(sessionMessages.notYourProposal);

    const lastToDecline =
      !input.accept &&
      open.byMentor &&
      open.answers.every((a) => a.participantId === mine.participantId || a.answer === 'DECLINED');
    if (lastToDecline) {
      // Nobody who paid is left: cancelled as the mentor's cancellation, in the answer's transaction.
      await this.cancellation.cancelAfterDeclinedMove(
        record,
        'The new time the mentor proposed was declined',
        async (tx) => {
          const proposal = await this.lockProposal(tx, record.id, input.proposalId, now);
          const others = proposal.answers.filter((a) => a.participantId !== mine.participantId);
          const own = proposal.answers.find((a) => a.participantId === mine.participantId);
          if (own?.answer !== 'AWAITED' || others.some((a) => a.answer !== 'DECLINED')) {
            throw conflict(sessionMessages.noProposal);
          }
          const repository = new RescheduleRepository(tx);
          await repository.recordAnswer(proposal.id, mine.participantId, 'DECLINED', now);
          await repository.resolveProposal(proposal.id, 'DECLINED', now);
        },
      );
      return { session: await this.viewAfterDecline(record.id), message: sessionMessages.proposalDeclined };
    }

    let moved = false;
    try {
      await runAgainAfterDeadlock(() =>
        this.db.transaction(async (tx) => {
          const repository = new RescheduleRepository(tx);
          const locked = await repository.lockSession(record.id);
          if (!locked || !isHoldingSlot(effectiveStatus(locked, now)) || locked.startsAt <= now) {
            throw invalid(sessionMessages.noProposal);
          }
          const proposal = await this.lockProposal(tx, record.id, input.proposalId, now);
          const own = proposal.answers.find((a) => a.participantId === mine.participantId);
          if (own?.answer !== 'AWAITED') throw forbidden(sessionMessages.notYourProposal);
          const answer = input.accept ? 'ACCEPTED' : 'DECLINED';
          await repository.recordAnswer(proposal.id, mine.participantId, answer, now);
          if (!input.accept) {
            await this.cancellation.refundDecliner(tx, {
              sessionId: record.id,
              participantId: mine.participantId,
              now,
            });
          }
          const answers = proposal.answers.map((a) =>
            a.participantId === mine.participantId ? { ...a, answer } : a,
          );
          if (answers.some((a) => a.answer === 'AWAITED')) return;
          const anyoneStays = !proposal.byMentor || answers.some((a) => a.answer === 'ACCEPTED');
          if (!anyoneStays) throw conflict(sessionMessages.noProposal);
          await this.move(tx, locked, proposal, now);
          moved = true;
        }),
      );
    } catch (error) {
      throw bookingConflictOf(error, caller.id) ?? error;
    }
    const message = !input.accept
      ? sessionMessages.proposalDeclined
      : moved
        ? sessionMessages.sessionMoved
        : sessionMessages.proposalAccepted;
    if (!input.accept) return { session: await this.viewAfterDecline(record.id), message };
    return { session: await this.sessionsService.getSession(caller, record.id), message };
  }

  /** The session as its mentees see it, for one who just declined and so may no longer read it. */
  private async viewAfterDecline(sessionId: number): Promise<Session> {
    const record = await new SessionsRepository(this.db).findRecord(sessionId);
    if (!record) throw notFound(sessionMessages.sessionNotFound);
    return this.sessionsService.view(record, 'ADVISEE');
  }

  private async lockProposal(
    tx: DbOrTx,
    sessionId: number,
    proposalId: number,
    now: Date,
  ): Promise<OpenProposal> {
    const proposal = await new RescheduleRepository(tx).lockOpenProposal(sessionId, now);
    if (!proposal || proposal.id !== proposalId) throw invalid(sessionMessages.noProposal);
    return proposal;
  }

  /** Everyone answered and someone who paid stays: the session takes the proposed hour. */
  private async move(tx: DbOrTx, session: MovableSession, proposal: OpenProposal, now: Date): Promise<void> {
    const repository = new RescheduleRepository(tx);
    await repository.resolveProposal(proposal.id, 'ACCEPTED', now);
    await new SessionsRepository(tx).moveSession(session.id, proposal.startsAt, proposal.endsAt, now);
    if (proposal.byMentor) await repository.markMovedByMentor(session.id, proposal.fromStartsAt);
  }

  private isWithinFullRefundWindow(startsAt: Date, now: Date): boolean {
    return startsAt.getTime() - now.getTime() < this.rules.fullRefundHours * hourMs;
  }

  /**
   * A session can be moved while it holds its slot and has not started; its host only until
   * `rescheduleCutoffHours` before the start (its mentor's late moves need the mentees' consent instead).
   */
  private assertMovable(
    session: {
      startsAt: Date;
      status: Parameters<typeof effectiveStatus>[0]['status'];
      holdExpiresAt: Date | null;
    },
    now: Date,
    byMentor: boolean,
  ): void {
    if (!isHoldingSlot(effectiveStatus(session, now)) || session.startsAt <= now) {
      throw invalid(sessionMessages.rescheduleInactive);
    }
    if (byMentor) return;
    const cutoff = session.startsAt.getTime() - this.rules.rescheduleCutoffHours * hourMs;
    if (now.getTime() > cutoff)
      throw invalid(sessionMessages.rescheduleTooLate(this.rules.rescheduleCutoffHours));
  }
}
