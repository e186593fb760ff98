import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TwoStepRecoveries } from '../auth/auth.door.ts';
import type { NoShowService } from '../calls/calls.door.ts';
import type {
  CancellationService,
  MpesaDisbursements,
  MpesaService,
  OperatorRefunds,
  PaybillReviewService,
  ReceiptLookups,
  ReconciliationService,
} from '../payments/payments.door.ts';
import { adminApplicationsRoutes } from './applications.routes.ts';
import { adminAuditRoutes } from './audit.routes.ts';
import { adminContentRoutes } from './content.routes.ts';
import { adminDashboardRoutes } from './dashboard.routes.ts';
import { adminInsightsRoutes } from './insights.routes.ts';
import { adminMpesaBalanceRoutes } from './mpesa-balance.routes.ts';
import { adminPaybillRoutes } from './paybill.routes.ts';
import { adminPaymentsRoutes } from './payments.routes.ts';
import { adminPayoutsRoutes } from './payouts.routes.ts';
import { adminPricingRoutes } from './pricing.routes.ts';
import { adminProgramsRoutes } from './programs.routes.ts';
import { adminReconciliationRoutes } from './reconciliation.routes.ts';
import { adminSearchRoutes } from './search.routes.ts';
import { adminSessionsRoutes } from './sessions.routes.ts';
import { adminTwoStepRecoveriesRoutes } from './two-step-recoveries.routes.ts';
import { adminUsersRoutes } from './users.routes.ts';
import { adminVouchersRoutes } from './vouchers.routes.ts';

/** What the console does through other features, built in app.ts (the same services their own routes use). */
export interface AdminOptions {
  mpesa: MpesaService;
  paybillReview: PaybillReviewService;
  cancellation: CancellationService;
  noShows: NoShowService;
  twoStepRecoveries: TwoStepRecoveries;
  reconciliation: ReconciliationService;
  /** The Daraja core: the B2C account's balance (Account Balance). */
  disbursements: MpesaDisbursements;
  /** Operators' refunds of payments (issue 25). */
  operatorRefunds: OperatorRefunds;
  /** Asking M-PESA about a code no payment carries (issue 25). */
  receiptLookups: ReceiptLookups;
}

/**
 * The admin console's API, registered under /myprosper/api/admin. One hook guards every route in it: visitors
 * get 401, anyone signed in who is not an ADMIN 403, whatever the route (so a new route cannot forget it).
 * With ADMIN_TWO_STEP=required (production's default, ASVS V6.3.3) an admin without two-step sign-in on gets
 * 403 too; what they need to turn it on (/myprosper/auth/twoStep/*, their profile, log-out) is outside.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminOptions> = async (app, options) => {
  app.addHook('onRequest', app.requireRole('ADMIN'));
  if (app.env.ADMIN_TWO_STEP === 'required') app.addHook('onRequest', app.requireTwoStep);
  await app.register(adminDashboardRoutes);
  await app.register(adminApplicationsRoutes);
  await app.register(adminUsersRoutes);
  await app.register(adminProgramsRoutes);
  await app.register(adminPricingRoutes);
  await app.register(adminContentRoutes);
  await app.register(adminSessionsRoutes, { cancellation: options.cancellation, noShows: options.noShows });
  await app.register(adminPaymentsRoutes, {
    mpesa: options.mpesa,
    operatorRefunds: options.operatorRefunds,
  });
  await app.register(adminSearchRoutes, { lookups: options.receiptLookups });
  await app.register(adminPaybillRoutes, { review: options.paybillReview });
  await app.register(adminPayoutsRoutes);
  await app.register(adminVouchersRoutes);
  await app.register(adminReconciliationRoutes, { reconciliation: options.reconciliation });
  await app.register(adminMpesaBalanceRoutes, { disbursements: options.disbursements });
  await app.register(adminInsightsRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminTwoStepRecoveriesRoutes, { recoveries: options.twoStepRecoveries });
};
