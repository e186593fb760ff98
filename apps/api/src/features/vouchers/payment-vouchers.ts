import type { Db } from '../../db/connection.ts';
import type { PaymentVouchers } from '../payments/payments.door.ts';
import { type VoucherPurchases, voucherTopUpPurpose } from './voucher-purchases.ts';
import { VouchersRepository } from './vouchers.repository.ts';

/**
 * The vouchers side of payments (payments' PaymentVouchers), passed to payments by app.ts: buying a voucher
 * by M-PESA or card, and a refunded share's voucher made usable again.
 */
export function paymentVouchers(purchases: VoucherPurchases, db: Db): PaymentVouchers {
  return {
    topUp: voucherTopUpPurpose(purchases, db),
    findRecord: (tx, id) => new VouchersRepository(tx).findRecord(id),
    findRecordByReference: (tx, reference) => new VouchersRepository(tx).findRecordByReference(reference),
    linkPayment: (tx, voucherId, paymentId) => new VouchersRepository(tx).linkPayment(voucherId, paymentId),
    settle: (tx, payment, now) => purchases.settle(tx, payment, now),
    deliverAfterPayment: (voucherId) => purchases.deliverAfterPayment(voucherId),
    async restore(tx, participantIds, now) {
      await new VouchersRepository(tx).restoreForParticipants(participantIds, now);
    },
  };
}
