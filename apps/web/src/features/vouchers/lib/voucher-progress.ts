import type { VoucherView } from '@myprosper/contract/vouchers';
import type { PaymentProgress } from '../../../components/payments/payment-info-dialog.tsx';

/** Where a voucher's payment stands, as the payment-info dialog shows it. */
export function voucherProgress(voucher: VoucherView | undefined): PaymentProgress {
  if (!voucher) return { state: 'waiting' };
  if (voucher.status !== 'PENDING_PAYMENT') return { state: 'paid' };
  const last = voucher.lastPayment;
  if (last?.status === 'FAILED' || last?.status === 'EXPIRED')
    return { state: 'failed', reason: last.reason ?? 'The payment did not go through.' };
  if (last?.status === 'SUCCEEDED' && last.note) return { state: 'kept', note: last.note };
  return { state: 'waiting' };
}
