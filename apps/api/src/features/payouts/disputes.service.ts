import {
  type AdminDispute,
  type DecideDisputeRequest,
  type DisputeState,
  payoutMessages,
} from '@myprosper/contract/payouts';
import type { Db } from '../../db/connection.ts';
import { pgErrorOf, uniqueViolation } from '../../db/database-errors.ts';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { AttendanceRepository, type PresenceRecord } from '../calls/calls.door.ts';
import type { HeldEarnings, HeldRefund, MpesaRefundsService } from '../payments/payments.door.ts';
import { type DisputeRow, PayoutsRepository } from './payouts.repository.ts';

/**
 * A mentee's dispute of a session (issue 21): opened by someone who paid for it, after its end and within the
 * payout hold, it keeps the session's earnings in escrow (the earnings job skips it) until an admin releases
 * them to the mentor or refunds the payers. The session row is locked for both, as the earnings job locks it
 * before settling, so a dispute and a settlement never both win.
 */
export class DisputesService {
  constructor(
    private readonly db: Db,
    private readonly held: HeldEarnings,
    /** Refunds on their way back to M-PESA, handed to Daraja once a decision commits. */
    private readonly mpesaRefunds: Pick<MpesaRefundsService, 'dispatch'>,
    private readonly holdHours: number,
    private readonly now: () => Date,
  ) {}

  async state(caller: CurrentUser, sessionId: number): Promise<DisputeState> {
    const repository = new PayoutsRepository(this.db);
    const session = await repository.findSession(sessionId);
    if (!session) throw notFound(payoutMessages.disputeNotYours);
    const isPayer = (await repository.paidPlace(sessionId, caller.id)) !== null;
    if (!isPayer) throw forbidden(payoutMessages.disputeNotYours);
    const dispute = await repository.disputeOfSession(sessionId);
    const until = new Date(session.endsAt.getTime() + this.holdHours * 3_600_000);
    const now = this.now();
    const isOpenable =
      dispute === null &&
      session.status === 'CONFIRMED' &&
      session.endsAt <= now &&
      until > now &&
      !(await repository.isSettled(sessionId));
    return {
      dispute: dispute
        ? {
            status: dispute.status as 'OPEN',
            reason: dispute.reason,
            openedAt: dispute.openedAt.toISOString(),
          }
        : null,
      canDispute: isOpenable,
      disputeUntil: isOpenable ? until.toISOString() : null,
    };
  }

  async open(caller: CurrentUser, sessionId: number, reason: string): Promise<DisputeState> {
    const now = this.now();
    try {
      await this.db.transaction(async (tx) => {
        const repository = new PayoutsRepository(tx);
        const session = await repository.lockSession(sessionId);
        if (!session) throw notFound(payoutMessages.disputeNotYours);
        if (!(await repository.paidPlace(sessionId, caller.id)))
          throw forbidden(payoutMessages.disputeNotYours);
        if (session.status !== 'CONFIRMED' || session.endsAt > now)
          throw invalid(payoutMessages.disputeNotEnded);
        if (await repository.disputeOfSession(sessionId)) throw conflict(payoutMessages.disputeAlreadyOpen);
        if (await repository.isSettled(sessionId)) throw invalid(payoutMessages.disputeAlreadySettled);
        if (session.endsAt.getTime() + this.holdHours * 3_600_000 <= now.getTime()) {
          throw invalid(payoutMessages.disputeTooLate(this.holdHours));
        }
        await repository.insertDispute({ sessionId, openedBy: caller.id, reason, openedAt: now });
      });
    } catch (error) {
      const info = pgErrorOf(error);
      if (info?.code === uniqueViolation) throw conflict(payoutMessages.disputeAlreadyOpen);
      throw error;
    }
    return this.state(caller, sessionId);
  }

  /** Disputes for admins, open ones first, each with its session's call presence records (issue 25). */
  async list(): Promise<AdminDispute[]> {
    const rows = await new PayoutsRepository(this.db).disputes({ limit: 200 });
    return this.withPresence(rows);
  }

  private async withPresence(rows: ListedDispute[]): Promise<AdminDispute[]> {
    const presence = await new AttendanceRepository(this.db).presenceRecords(
      rows.map((row) => row.session.id),
      this.now(),
    );
    return rows.map((row) => toAdminDispute(row, presence.get(row.session.id) ?? []));
  }

  /**
   * An admin's decision: RELEASE the held earnings to the mentor, or REFUND the payers the way they paid (to
   * M-PESA for those who chose it: handed to Daraja once the decision commits, and the payers told then).
   */
  async decide(admin: CurrentUser, id: number, request: DecideDisputeRequest): Promise<AdminDispute> {
    const now = this.now();
    const refunded = await this.db.transaction(async (tx): Promise<HeldRefund | null> => {
      const repository = new PayoutsRepository(tx);
      const found = await repository.lockDispute(id);
      if (!found) throw notFound(payoutMessages.disputeNotFound);
      if (found.status !== 'OPEN') throw conflict(payoutMessages.disputeDecided);
      let refund: HeldRefund | null = null;
      if (request.decision === 'RELEASE') await this.held.release(tx, found.sessionId);
      else refund = await this.held.refund(tx, found.sessionId, now);
      await repository.decideDispute(id, {
        status: request.decision === 'RELEASE' ? 'RELEASED' : 'REFUNDED',
        decidedBy: admin.id,
        note: request.note?.trim() || null,
        at: now,
      });
      return refund;
    });
    if (refunded) {
      await this.mpesaRefunds.dispatch(refunded.mpesaRefundIds);
      await refunded.notify();
    }
    const [decided] = await this.withPresence(
      await new PayoutsRepository(this.db).disputes({ id, limit: 1 }),
    );
    return decided!;
  }
}

type ListedDispute = Awaited<ReturnType<PayoutsRepository['disputes']>>[number];

function toAdminDispute(row: ListedDispute, presence: PresenceRecord[]): AdminDispute {
  const dispute: DisputeRow = row.dispute;
  return {
    id: dispute.id,
    status: dispute.status as AdminDispute['status'],
    reason: dispute.reason,
    openedAt: dispute.openedAt.toISOString(),
    decidedAt: dispute.decidedAt?.toISOString() ?? null,
    decisionNote: dispute.decisionNote,
    session: {
      ...row.session,
      startsAt: row.session.startsAt.toISOString(),
      endsAt: row.session.endsAt.toISOString(),
    },
    mentor: row.mentor,
    openedBy: row.openedBy,
    presence: presence.map((person) => ({
      userId: person.userId,
      name: person.name,
      role: person.role,
      secondsInSession: person.secondsInSession,
      stints: person.stints.map((stint) => ({
        joinedAt: stint.joinedAt.toISOString(),
        leftAt: stint.leftAt?.toISOString() ?? null,
      })),
    })),
  };
}
