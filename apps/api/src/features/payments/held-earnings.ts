import type { Env } from '../../config/env.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { LedgerRepository } from '../wallet/wallet.door.ts';
import type { CancellationChannels } from './cancellation.service.ts';
import {
  type NoticePerson,
  refundedPeople,
  sendDisputeRefundNotices,
  sessionFactsOf,
} from './cancellation-notices.ts';
import { settleToMentor } from './earnings.service.ts';
import { SessionMoneyRepository } from './session-money.repository.ts';
import { refundPaidShares } from './share-refunds.ts';
import type { PaymentVouchers } from './voucher-port.ts';

/** What an admin's decision on a disputed session did with the money its escrow held. */
export interface HeldDecision {
  /** KES to the mentor's wallet (RELEASE) or back to the payers (REFUND); 0 when nothing was held. */
  amount: number;
}

/** An upheld dispute's refund: what to do once the decision's transaction has committed. */
export interface HeldRefund extends HeldDecision {
  /** Sendings back to M-PESA recorded (mpesa_refunds ids): hand them to Daraja once this commits. */
  mpesaRefundIds: number[];
  /** Tells each refunded payer by e-mail (and SMS to a verified phone); call once this commits. */
  notify(): Promise<void>;
}

/**
 * The earnings a mentee's dispute holds in a session's escrow (issue 21, docs/decisions/014): an admin
 * releases them to the mentor (settled as the earnings job would, commission included) or refunds every paid
 * share the way it was paid (the settlement then records nothing paid, so the job never pays it). Runs in the
 * caller's transaction; the session is locked first, as everywhere money moves.
 */
export class HeldEarnings {
  constructor(
    private readonly env: Pick<Env, 'PLATFORM_COMMISSION_PERCENT' | 'TIME_ZONE' | 'PUBLIC_URL'>,
    private readonly channels: CancellationChannels,
    private readonly vouchers: Pick<PaymentVouchers, 'restore'>,
  ) {}

  async release(tx: DbOrTx, sessionId: number): Promise<HeldDecision> {
    const repository = new SessionMoneyRepository(tx);
    const session = await repository.lockSession(sessionId);
    if (!session || (await repository.isSettled(sessionId))) return { amount: 0 };
    const paid = await new LedgerRepository(tx).sessionEscrow(sessionId);
    const described = await repository.describeSession(sessionId);
    const settled = await settleToMentor(tx, {
      session,
      paid,
      percent: this.env.PLATFORM_COMMISSION_PERCENT,
      memo: `Earnings: session ${session.reference} with ${described?.hostName ?? 'your mentee'}`,
    });
    return { amount: settled.earnings };
  }

  /**
   * Every paid share back the way it was paid, a payer who chose M-PESA (their saved choice) to the number
   * that paid (share-refunds.ts); the caller hands `mpesaRefundIds` to Daraja and calls `notify` after its
   * commit, as a cancellation does.
   */
  async refund(tx: DbOrTx, sessionId: number, now: Date): Promise<HeldRefund> {
    const nothing: HeldRefund = { amount: 0, mpesaRefundIds: [], notify: async () => {} };
    const repository = new SessionMoneyRepository(tx);
    const session = await repository.lockSession(sessionId);
    if (!session || (await repository.isSettled(sessionId))) return nothing;
    const participants = await repository.lockParticipants(sessionId);
    const { refunds, total, mpesaRefundIds } = await refundPaidShares(tx, {
      session,
      participants,
      reference: `dispute-refund:${sessionId}`,
      memo: `Refund: your dispute of session ${session.reference} was upheld`,
      now,
      vouchers: this.vouchers,
    });
    await repository.recordSettlement({
      sessionId,
      transactionId: null,
      paid: 0,
      earnings: 0,
      commission: 0,
    });
    const described = await repository.describeSession(sessionId);
    if (!described) return { ...nothing, amount: total, mpesaRefundIds };
    const people: NoticePerson[] = refundedPeople(participants, refunds);
    const facts = sessionFactsOf(session, described, this.env);
    return {
      amount: total,
      mpesaRefundIds,
      notify: () =>
        sendDisputeRefundNotices(people, facts, {
          mailer: this.channels.mailer,
          sms: this.channels.sms(),
          log: this.channels.log,
        }),
    };
  }
}
