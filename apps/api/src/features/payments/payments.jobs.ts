import type { RecurringJob } from '../../jobs/job-runner.ts';
import type { EarningsService } from './earnings.service.ts';
import type { GroupCoverService } from './group-cover.service.ts';
import type { MpesaService } from './mpesa.service.ts';
import type { MpesaDisbursements } from './mpesa-disbursements.service.ts';
import type { MpesaRefundsService } from './mpesa-refunds.service.ts';
import type { PaymentExpiry } from './payment-expiry.ts';
import type { ReconciliationService } from './reconciliation.service.ts';

export const mpesaReconcileJobName = 'reconcile-mpesa-payments';
export const earningsJobName = 'settle-mentor-earnings';
export const groupCoverJobName = 'group-cover-cutoff';
export const mpesaResultsCheckJobName = 'check-mpesa-disbursements';
export const mpesaRefundsJobName = 'send-mpesa-refunds';
export const paymentExpiryJobName = 'expire-stuck-payments';

/** Pushes and card checkouts that can no longer complete are closed as EXPIRED with a reason (issue 25). */
export function paymentExpiryJob(expiry: PaymentExpiry, cron: string): RecurringJob {
  return {
    name: paymentExpiryJobName,
    cron,
    async run() {
      await expiry.run();
    },
  };
}

/** Refunds and withdrawals decided but never handed to Daraja (a no-show's, a declined move's, a crash's). */
export function mpesaRefundsJob(service: MpesaRefundsService, cron: string): RecurringJob {
  return {
    name: mpesaRefundsJobName,
    cron,
    async run() {
      await service.dispatchLeftBehind();
    },
  };
}

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

export const dailyReconciliationJobName = 'reconcile-mpesa-daily';

/**
 * Once a day every pending M-PESA item is compared with Daraja and settled as its callback would be; the run is
 * recorded with what it could not match (admins see it at /admin/reconciliation).
 */
export function dailyReconciliationJob(service: ReconciliationService, cron: string): RecurringJob {
  return {
    name: dailyReconciliationJobName,
    cron,
    async run() {
      await service.run('SCHEDULED');
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
