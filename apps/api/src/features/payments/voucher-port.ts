import type { DbOrTx } from '../../db/connection.ts';
import type { WalletTopUpPurpose } from './mpesa.service.ts';

/** A gift voucher as card checkout needs it. */
export interface PayableVoucher {
  id: number;
  reference: string;
  amount: number;
  buyerId: number;
  status: string;
}

/** The voucher a payment bought, paid; or the money kept in the wallet, with a note saying why. */
export type VoucherSettlement =
  | { voucherId: number; paid: true }
  | { voucherId: number; paid: false; note: string };

/**
 * What payments need of gift vouchers: buying one (M-PESA or card) and giving back a share a voucher paid.
 * The vouchers feature answers it (vouchers.door.ts) and app.ts passes it in, so vouchers build on payments
 * and payments never import vouchers.
 */
export interface PaymentVouchers {
  /** M-PESA: a push that paid no session share bought a voucher (settled in its callback's transaction). */
  topUp: WalletTopUpPurpose;
  /** Card checkout: a voucher by id, or by its reference. */
  findRecord(db: DbOrTx, id: number): Promise<PayableVoucher | null>;
  findRecordByReference(db: DbOrTx, reference: string): Promise<PayableVoucher | null>;
  /** Card checkout: the payment made for a voucher, in the payment's transaction. */
  linkPayment(tx: DbOrTx, voucherId: number, paymentId: number): Promise<void>;
  /** Card receipt: in the payment's transaction, its voucher paid from the wallet the card credited. */
  settle(tx: DbOrTx, payment: { id: number; payerId: number }, now: Date): Promise<VoucherSettlement | null>;
  /** Card receipt, once saved: the paid voucher's code sent (a failure is logged; a job sends it later). */
  deliverAfterPayment(voucherId: number): Promise<void>;
  /** Refunds: the vouchers that paid these participants' shares usable again, in the refund's transaction. */
  restore(tx: DbOrTx, participantIds: readonly number[], now: Date): Promise<void>;
}
