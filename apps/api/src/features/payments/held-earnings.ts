import type { DbOrTx } from '../../db/connection.ts';
import { LedgerRepository } from '../wallet/wallet.door.ts';
import { settleToMentor } from './earnings.service.ts';
import { SessionMoneyRepository } from './session-money.repository.ts';
import { refundPaidShares } from './share-refunds.ts';
import type { PaymentVouchers } from './voucher-port.ts';

/** What an admin's decision on a disputed session did with the money its escrow held. */
export interface HeldDecision {
  /** KES to the mentor's wallet (RELEASE) or back to the payers (REFUND); 0 when nothing was held. */
  amount: number;
}

/**
 * The earnings a mentee's dispute holds in a session's escrow (issue 21, docs/decisions/014): an admin
 * releases them to the mentor (settled as the earnings job would, commission included) or refunds every paid
 * share the way it was paid (the settlement then records nothing paid, so the job never pays it). Runs in the
 * caller's transaction; the session is locked first, as everywhere money moves.
 */
export class HeldEarnings {
  constructor(
    private readonly commissionPercent: number,
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
      percent: this.commissionPercent,
      memo: `Earnings: session ${session.reference} with ${described?.hostName ?? 'your mentee'}`,
    });
    return { amount: settled.earnings };
  }

  async refund(tx: DbOrTx, sessionId: number, now: Date): Promise<HeldDecision> {
    const repository = new SessionMoneyRepository(tx);
    const session = await repository.lockSession(sessionId);
    if (!session || (await repository.isSettled(sessionId))) return { amount: 0 };
    const participants = await repository.lockParticipants(sessionId);
    const { total } = await refundPaidShares(tx, {
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
    return { amount: total };
  }
}
