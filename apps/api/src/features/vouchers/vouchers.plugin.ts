import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { selfAwareFetch } from '../../providers/in-process-fetch.ts';
import { createDarajaClient } from '../../providers/mpesa.ts';
import type { VoucherPurchases } from './voucher-purchases.ts';
import { VoucherRedemptionService } from './voucher-redemption.service.ts';
import { deliverVouchersJob } from './vouchers.jobs.ts';
import { vouchersRoutes } from './vouchers.routes.ts';
import { VouchersService } from './vouchers.service.ts';

/**
 * Gift vouchers, under the prefix it is registered with (/myprosper/api): buying, the buyer's list, redeeming;
 * the job that sends codes a crash left unsent. `purchases` is built in app.ts: payments settle purchases
 * through it too.
 */
export const vouchersPlugin: FastifyPluginAsyncZod<{ purchases: VoucherPurchases }> = async (
  app,
  options,
) => {
  const db = app.db.db;
  const daraja = createDarajaClient(app.env, selfAwareFetch(app, app.env.PUBLIC_URL));
  const vouchers = new VouchersService(db, app.env, daraja, app.log);
  const redemption = new VoucherRedemptionService(db);
  app.jobs.define(deliverVouchersJob(options.purchases, app.env.NOTIFICATIONS_CRON));
  await app.register(vouchersRoutes, { vouchers, redemption });
};
