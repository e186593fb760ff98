import { type AdminPaybillPayment, type PaybillProblem, paybillMessages } from '@myprosper/contract/paybill';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { type PaybillPaymentRow, PaybillRepository } from './paybill.repository.ts';
import { creditParkedMoney, reverseParkedMoney } from './paybill-ledger.ts';

/** Sends a kept Paybill payment back to its payer (M-PESA Reversal, asynchronous). */
export interface PaybillReversal {
  reverse(input: {
    paybillPaymentId: number;
    receipt: string;
    amount: number;
    remarks: string;
  }): Promise<void>;
}

/** Admin actions run their audit row in the same transaction. */
export type InTransaction = (
  tx: DbOrTx,
  before: AdminPaybillPayment,
  after: AdminPaybillPayment,
) => Promise<void>;

/**
 * "Paybill payments to review" (issue 21): what the Paybill fallback (paybill.service.ts) could not match is
 * kept in PAYBILL_SUSPENSE until an admin credits it to a person's wallet or sends it back to its payer by
 * M-PESA Reversal; the reversal's outcome (reversalResult) takes it out of suspense, or back to review.
 */
export class PaybillReviewService {
  constructor(
    private readonly db: Db,
    private readonly reversal: PaybillReversal | null = null,
  ) {}

  async list(reviewOnly: boolean): Promise<AdminPaybillPayment[]> {
    const rows = await new PaybillRepository(this.db).listPayments({ reviewOnly, limit: 200 });
    return rows.map(toAdminPaybillPayment);
  }

  /** A kept payment into a person's wallet, with the admin's reason; audited in the same transaction. */
  async credit(
    admin: CurrentUser,
    id: number,
    input: { userId: number; note: string },
    audit: InTransaction,
  ): Promise<AdminPaybillPayment> {
    return this.db.transaction(async (tx) => {
      const repository = new PaybillRepository(tx);
      const before = await repository.describePayment(id);
      if (!before) throw notFound(paybillMessages.notForReview);
      await repository.lockReceipt(before.payment.transId);
      const row = await repository.lockPayment(id);
      if (!row || row.status !== 'REVIEW') throw invalid(paybillMessages.notForReview);
      if (!(await repository.userExists(input.userId))) throw notFound(paybillMessages.personNotFound);
      await creditParkedMoney(tx, row, input.userId);
      await repository.updatePayment(id, {
        status: 'CREDITED',
        creditedUserId: input.userId,
        resolvedBy: admin.id,
        resolvedAt: new Date(),
        resolution: input.note,
      });
      const after = (await repository.describePayment(id))!;
      await audit(tx, toAdminPaybillPayment(before), toAdminPaybillPayment(after));
      return toAdminPaybillPayment(after);
    });
  }

  /** A kept payment sent back to its payer by M-PESA Reversal; audited. */
  async refund(
    admin: CurrentUser,
    id: number,
    input: { note: string },
    audit: InTransaction,
  ): Promise<AdminPaybillPayment> {
    const reversal = this.reversal;
    if (!reversal) throw new AppError('UNAVAILABLE', paybillMessages.refundUnavailable);
    const updated = await this.db.transaction(async (tx) => {
      const repository = new PaybillRepository(tx);
      const before = await repository.describePayment(id);
      if (!before) throw notFound(paybillMessages.notForReview);
      const row = await repository.lockPayment(id);
      if (!row || row.status !== 'REVIEW') throw invalid(paybillMessages.notForReview);
      await repository.updatePayment(id, {
        status: 'REVERSING',
        resolvedBy: admin.id,
        resolvedAt: new Date(),
        resolution: input.note,
      });
      const after = (await repository.describePayment(id))!;
      await audit(tx, toAdminPaybillPayment(before), toAdminPaybillPayment(after));
      return row;
    });
    await reversal.reverse({
      paybillPaymentId: updated.id,
      receipt: updated.transId,
      amount: updated.amount,
      remarks: `MyProsper refund ${updated.transId}`,
    });
    const described = await new PaybillRepository(this.db).describePayment(id);
    return toAdminPaybillPayment(described!);
  }

  /** The Reversal's outcome: reversed (or already reversed) leaves suspense; a failure goes back to review. */
  async reversalResult(
    tx: DbOrTx,
    paybillPaymentId: number,
    outcome: 'REVERSED' | 'FAILED',
    reason: string,
  ): Promise<void> {
    const repository = new PaybillRepository(tx);
    const row = await repository.lockPayment(paybillPaymentId);
    if (!row || row.status !== 'REVERSING') return;
    if (outcome === 'REVERSED') {
      await reverseParkedMoney(tx, row);
      await repository.updatePayment(row.id, { status: 'REFUNDED' });
    } else {
      await repository.updatePayment(row.id, {
        status: 'REVIEW',
        resolution: `Reversal failed: ${reason}`,
        resolvedAt: null,
      });
    }
  }
}

export function toAdminPaybillPayment(row: {
  payment: PaybillPaymentRow;
  sessionId: number | null;
  suggestedUserId: number | null;
}): AdminPaybillPayment {
  const p = row.payment;
  const problem = (p.problem as PaybillProblem | null) ?? null;
  return {
    id: p.id,
    receipt: p.transId,
    amount: p.amount,
    accountTyped: p.billRefNumber,
    payer: [p.msisdn, p.payerName].filter(Boolean).join(' '),
    paidAt: p.transTime || null,
    status: p.status,
    problem,
    problemText: problem ? paybillMessages.problems[problem] : null,
    sessionId: row.sessionId,
    suggestedUserId: row.suggestedUserId,
    resolution: p.resolution,
    receivedAt: p.createdAt.toISOString(),
  };
}
