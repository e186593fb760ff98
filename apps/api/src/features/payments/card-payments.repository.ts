import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { payments } from '../../db/schema/payments.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { voucherPayments, vouchers } from '../../db/schema/vouchers.ts';
import type { PaymentRow } from './payments.repository.ts';

/** What a card payment pays for, with the reference number the hosted page was given. */
export type CardPaymentPurpose =
  | { purpose: 'SESSION'; sessionId: number; reference: string }
  | { purpose: 'VOUCHER'; voucherId: number; reference: string };

/**
 * Card payments: the provider's transaction uuid (ours, unique per checkout) is kept in
 * payments.checkout_request_id, CyberSource's transaction id in provider_reference.
 */
export class CardPaymentsRepository {
  constructor(private readonly db: DbOrTx) {}

  /** The card payment of a checkout, locked: the receipt and the merchant POST wait for each other here. */
  async lockByTransactionUuid(uuid: string): Promise<PaymentRow | null> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'CARD'), eq(payments.checkoutRequestId, uuid)))
      .for('update');
    return row ?? null;
  }

  async purposeOf(payment: PaymentRow): Promise<CardPaymentPurpose | null> {
    if (payment.sessionId !== null) {
      const [row] = await this.db
        .select({ reference: sessions.reference })
        .from(sessions)
        .where(eq(sessions.id, payment.sessionId));
      return row ? { purpose: 'SESSION', sessionId: payment.sessionId, reference: row.reference } : null;
    }
    const [row] = await this.db
      .select({ voucherId: vouchers.id, reference: vouchers.reference })
      .from(voucherPayments)
      .innerJoin(vouchers, eq(vouchers.id, voucherPayments.voucherId))
      .where(eq(voucherPayments.paymentId, payment.id));
    return row ? { purpose: 'VOUCHER', voucherId: row.voucherId, reference: row.reference } : null;
  }
}
