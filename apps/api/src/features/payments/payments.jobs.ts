import type { RecurringJob } from '../../jobs/job-runner.ts';
import type { EarningsService } from './earnings.service.ts';
import type { MpesaService } from './mpesa.service.ts';

export const mpesaReconcileJobName = 'reconcile-mpesa-payments';
export const earningsJobName = 'settle-mentor-earnings';

/** Pushes whose callback never came are asked about (STK push query), so a lost callback loses nothing. */
export function mpesaReconcileJob(service: MpesaService, cron: string): RecurringJob {
  return {
    name: mpesaReconcileJobName,
    cron,
    async run() {
      await service.reconcile();
    },
  };
}

/** Sessions that ended are settled: their mentors are credited the price less the commission, once. */
export function earningsJob(service: EarningsService, cron: string): RecurringJob {
  return {
    name: earningsJobName,
    cron,
    async run() {
      await service.settleEndedSessions();
    },
  };
}
