import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createCardGateway } from '../../providers/card.ts';
import type { SessionsService } from '../sessions/sessions.door.ts';
import type { CancellationService } from './cancellation.service.ts';
import { cardRoutes } from './card.routes.ts';
import { CardCheckoutService } from './card-checkout.service.ts';
import { CardReceiptsService } from './card-receipts.service.ts';
import { CheckoutService } from './checkout.service.ts';
import { registerPaybillUrls } from './create-paybill-service.ts';
import { EarningsService } from './earnings.service.ts';
import { groupCoverRoutes } from './group-cover.routes.ts';
import { GroupCoverService } from './group-cover.service.ts';
import type { MpesaService } from './mpesa.service.ts';
import type { MpesaDisbursements } from './mpesa-disbursements.service.ts';
import { mpesaRefundsRoutes } from './mpesa-refunds.routes.ts';
import type { MpesaRefundsService } from './mpesa-refunds.service.ts';
import { mpesaResultsRoutes } from './mpesa-results.routes.ts';
import { paybillRoutes } from './paybill.routes.ts';
import type { PaybillService } from './paybill.service.ts';
import type { PaymentExpiry } from './payment-expiry.ts';
import {
  dailyReconciliationJob,
  earningsJob,
  groupCoverJob,
  mpesaReconcileJob,
  mpesaRefundsJob,
  mpesaResultsCheckJob,
  paymentExpiryJob,
} from './payments.jobs.ts';
import { paymentsRoutes } from './payments.routes.ts';
import type { ReconciliationService } from './reconciliation.service.ts';
import { type AdminFileExport, statementsRoutes } from './statements.routes.ts';
import { StatementsService } from './statements.service.ts';
import type { PaymentVouchers } from './voucher-port.ts';

/** What payments get from app.ts: the services it shares with other features, and the vouchers side. */
export interface PaymentsPluginOptions {
  sessions: SessionsService;
  mpesa: MpesaService;
  /** Money out through M-PESA: its result routes and status job are registered here. */
  disbursements: MpesaDisbursements;
  /** Refunds and withdrawals to M-PESA (issue 21). */
  mpesaRefunds: MpesaRefundsService;
  paybill: PaybillService;
  cancellation: CancellationService;
  vouchers: PaymentVouchers;
  reconciliation: ReconciliationService;
  /** Closes payments nobody answered (issue 25); built in app.ts. */
  expiry: PaymentExpiry;
  /** Records a PDF an admin takes of someone else's money in the audit log (the admin console's, via app.ts). */
  auditExport?: (item: AdminFileExport) => Promise<void>;
}

/**
 * Payments, under the prefix it is registered with (/myprosper/api): M-PESA and its callback, wallet checkout,
 * cancellations, card checkout and receipts, a group's price cover; the M-PESA reconcile, earnings and group
 * cut-off jobs.
 */
export const paymentsPlugin: FastifyPluginAsyncZod<PaymentsPluginOptions> = async (app, options) => {
  const { env } = app;
  const db = app.db.db;
  const checkout = new CheckoutService(db);
  const earnings = new EarningsService(db, env.PLATFORM_COMMISSION_PERCENT, app.log, env.PAYOUT_HOLD_HOURS);
  app.jobs.define(mpesaReconcileJob(options.mpesa, env.MPESA_RECONCILE_CRON));
  app.jobs.define(dailyReconciliationJob(options.reconciliation, env.MPESA_DAILY_RECONCILE_CRON));
  app.jobs.define(earningsJob(earnings, env.EARNINGS_CRON));
  app.jobs.define(mpesaResultsCheckJob(options.disbursements, env.MPESA_RESULTS_CHECK_CRON));
  await app.register(mpesaResultsRoutes, { disbursements: options.disbursements });
  app.jobs.define(mpesaRefundsJob(options.mpesaRefunds, env.MPESA_RECONCILE_CRON));
  app.jobs.define(paymentExpiryJob(options.expiry, env.PAYMENT_EXPIRY_CRON));
  const covers = new GroupCoverService(db, env, options.sessions, options.cancellation, {
    mailer: app.mailer,
    sms: () => (app.hasDecorator('sms') ? app.sms : null),
    log: app.log,
  });
  app.jobs.define(groupCoverJob(covers, env.GROUP_COVER_CRON));
  await app.register(groupCoverRoutes, { covers });
  await app.register(mpesaRefundsRoutes, { refunds: options.mpesaRefunds });
  await app.register(paymentsRoutes, {
    mpesa: options.mpesa,
    checkout,
    sessions: options.sessions,
    cancellation: options.cancellation,
  });
  await app.register(statementsRoutes, {
    statements: new StatementsService(db, env),
    exported: options.auditExport,
  });
  await app.register(paybillRoutes, { paybill: options.paybill });
  // The Paybill fallback's URLs, once the server listens (Daraja, or the sandbox, answers then).
  if (env.MPESA_C2B_REGISTER && (env.MPESA_BASE_URL || env.SANDBOX)) {
    app.addHook('onListen', async () => {
      await registerPaybillUrls(app);
    });
  }
  const gateway = createCardGateway(env);
  await app.register(cardRoutes, {
    checkout: new CardCheckoutService(db, env, gateway, options.vouchers),
    receipts: new CardReceiptsService(db, gateway, options.vouchers, app.log),
  });
};
