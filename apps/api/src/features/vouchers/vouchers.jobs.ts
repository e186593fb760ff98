import type { RecurringJob } from '../../jobs/job-runner.ts';
import type { VoucherPurchases } from './voucher-purchases.ts';

export const deliverVouchersJobName = 'deliver-voucher-codes';

/** Paid vouchers whose code was never confirmed sent (a crash, a mail failure) are sent, with a new code. */
export function deliverVouchersJob(purchases: VoucherPurchases, cron: string): RecurringJob {
  return {
    name: deliverVouchersJobName,
    cron,
    async run() {
      await purchases.deliverPending();
    },
  };
}
