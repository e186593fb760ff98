import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EarningsService,
  type HeldEarnings,
  type MpesaDisbursements,
  type MpesaRefundsService,
} from '../payments/payments.door.ts';
import { DisputesService } from './disputes.service.ts';
import { payoutRunJob } from './payouts.jobs.ts';
import { adminPayoutRunsRoutes, payoutsRoutes } from './payouts.routes.ts';
import { PayoutsService } from './payouts.service.ts';

type Payouts = { payouts: PayoutsService; disputes: DisputesService };
const payoutsOfApp = new WeakMap<FastifyInstance, Payouts>();

/**
 * Builds the payout services once per app (app.ts, or a test through wireFeatures): the payout purpose's
 * result handler is registered once on the Daraja core.
 */
export function createPayouts(
  app: FastifyInstance,
  deps: {
    disbursements: MpesaDisbursements;
    held: HeldEarnings;
    /** Sendings back to M-PESA of an upheld dispute's refunds, handed to Daraja after the decision commits. */
    mpesaRefunds: Pick<MpesaRefundsService, 'dispatch'>;
  },
): Payouts {
  const built = payoutsOfApp.get(app);
  if (built) return built;
  const { env } = app;
  const db = app.db.db;
  const earnings = new EarningsService(db, env.PLATFORM_COMMISSION_PERCENT, app.log, env.PAYOUT_HOLD_HOURS);
  const now = app.tokens.now;
  const payouts = new PayoutsService({
    db,
    disbursements: deps.disbursements,
    settleDue: () => earnings.settleEndedSessions(),
    channels: { mailer: app.mailer, sms: () => (app.hasDecorator('sms') ? app.sms : null), log: app.log },
    settings: {
      minimum: env.PAYOUT_MINIMUM_KES,
      holdHours: env.PAYOUT_HOLD_HOURS,
      commissionPercent: env.PLATFORM_COMMISSION_PERCENT,
    },
    now,
  });
  const disputes = new DisputesService(db, deps.held, deps.mpesaRefunds, env.PAYOUT_HOLD_HOURS, now);
  const made = { payouts, disputes };
  payoutsOfApp.set(app, made);
  return made;
}

/**
 * Mentors paid to M-PESA (issue 21): the mentor's earnings, mentees' disputes, admins' payout runs and
 * decisions (under /myprosper/api and /myprosper/api/admin), and the scheduled run.
 */
export const payoutsPlugin: FastifyPluginAsyncZod<{
  payouts: PayoutsService;
  disputes: DisputesService;
}> = async (app, options) => {
  app.jobs.define(payoutRunJob(options.payouts, app.env.PAYOUT_CRON));
  await app.register(payoutsRoutes, { prefix: '/myprosper/api', ...options });
  await app.register(adminPayoutRunsRoutes, { prefix: '/myprosper/api/admin', ...options });
};
