import type { RecurringJob } from '../../jobs/job-runner.ts';
import type { EarningsService } from './earnings.service.ts';
import type { GroupCoverService } from './group-cover.service.ts';
import type { MpesaService } from './mpesa.service.ts';
import type { MpesaDisbursements } from './mpesa-disbursements.service.ts';

export const mpesaReconcileJobName = 'reconcile-mpesa-payments';
export const earningsJobName = 'settle-mentor-earnings';
export const groupCoverJobName = 'group-cover-cutoff';
export const mpesaResultsCheckJobName = 'check-mpesa-disbursements';

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

/** Groups at their cut-off are checked (hosts asked to cover the price), and covers unpaid in time cancel. */
export function groupCoverJob(service: GroupCoverService, cron: string): RecurringJob {
  return {
    name: groupCoverJobName,
    cron,
    async run() {
      await service.run();
    },
  };
}

/**
 * B2C payments and reversals with no final result in time (lost or late results, queue timeouts, a crash
 * between the request and its answer) are asked about with Transaction Status; never paid again blindly.
 */
export function mpesaResultsCheckJob(service: MpesaDisbursements, cron: string): RecurringJob {
  return {
    name: mpesaResultsCheckJobName,
    cron,
    async run() {
      await service.checkOpenRequests();
    },
  };
}
