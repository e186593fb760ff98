import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { payments } from '../../db/schema/payments.ts';
import { mpesaRefunds, paymentRefunds } from '../../db/schema/refunds.ts';
import { users } from '../../db/schema/users.ts';
import { voucherPayments, vouchers } from '../../db/schema/vouchers.ts';

export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;

/** Operators' refunds of payments (payment_refunds), and what deciding one reads. */
export class OperatorRefundsRepository {
  constructor(private readonly db: DbOrTx) {}

  async insert(values: typeof paymentRefunds.$inferInsert): Promise<PaymentRefundRow> {
    const [row] = await this.db.insert(paymentRefunds).values(values).returning();
    return row!;
  }

  async findByRequest(paymentId: number, requestId: string): Promise<PaymentRefundRow | null> {
    const [row] = await this.db
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.requestId, requestId)));
    return row ?? null;
  }

  /** What operators' refunds took out of a share's escrow, integer KES. */
  async takenFromEscrow(participantId: number): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<number>`coalesce(sum(${paymentRefunds.amount}), 0)::int` })
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.participantId, participantId), eq(paymentRefunds.source, 'SESSION')));
    return row?.total ?? 0;
  }

  /** Raises what was given back of a payment (its CHECK refuses more than the payment's amount). */
  async addRefunded(paymentId: number, amount: number, now: Date): Promise<void> {
    await this.db
      .update(payments)
      .set({ refunded: sql`${payments.refunded} + ${amount}`, updatedAt: now })
      .where(eq(payments.id, paymentId));
  }

  /** The gift voucher a payment bought, if it bought one. */
  async voucherOf(paymentId: number) {
    const [row] = await this.db
      .select({ reference: vouchers.reference, status: vouchers.status })
      .from(voucherPayments)
      .innerJoin(vouchers, eq(vouchers.id, voucherPayments.voucherId))
      .where(eq(voucherPayments.paymentId, paymentId));
    return row ?? null;
  }

  /** A payment's refunds by operators, newest first, with who gave them and what became of M-PESA sendings. */
  async listForPayment(paymentId: number) {
    return this.db
      .select({
        refund: paymentRefunds,
        actorName: users.name,
        mpesa: {
          status: mpesaRefunds.status,
          phoneNumber: mpesaRefunds.phoneNumber,
          receipt: mpesaRefunds.receipt,
          reason: mpesaRefunds.failureReason,
        },
      })
      .from(paymentRefunds)
      .innerJoin(users, eq(users.id, paymentRefunds.actorId))
      .leftJoin(mpesaRefunds, eq(mpesaRefunds.id, paymentRefunds.mpesaRefundId))
      .where(eq(paymentRefunds.paymentId, paymentId))
      .orderBy(desc(paymentRefunds.createdAt), desc(paymentRefunds.id));
  }
}
