import {
  adminVoucherDetailsResponse,
  adminVoucherExtendRequest,
  adminVoucherReassignRequest,
  adminVoucherRefundRequest,
} from '@myprosper/contract/admin-money';
import { idParam } from '@myprosper/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { VoucherAdministration } from '../vouchers/vouchers.door.ts';
import { adminErrors, adminSecurity, adminTags } from './route-kit.ts';
import { AdminVouchersService } from './vouchers.service.ts';

/** One gift voucher: its history, and an operator's refund or change of mentor (under /myprosper/api/admin). */
export const adminVouchersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AdminVouchersService(
    app.db.db,
    new VoucherAdministration(app.db.db, app.mailer, app.log),
  );
  const schema = { tags: adminTags, security: adminSecurity };
  const params = z.object({ id: idParam });

  app.get(
    '/vouchers/:id',
    {
      schema: {
        ...schema,
        summary: 'A gift voucher, its history, and what may be done with it',
        params,
        response: { 200: adminVoucherDetailsResponse, ...adminErrors },
      },
    },
    async (request) => ok(await service.details(request.params.id)),
  );

  app.post(
    '/vouchers/:id/refund',
    {
      schema: {
        ...schema,
        summary: "Cancels an unused voucher: its amount goes back to the buyer's wallet (audited)",
        params,
        body: adminVoucherRefundRequest,
        response: { 200: adminVoucherDetailsResponse, ...adminErrors },
      },
    },
    async (request) => {
      const result = await service.refund(request.user!, request.params.id, request.body.reason);
      return ok(result.details, result.message);
    },
  );

  app.post(
    '/vouchers/:id/extend',
    {
      schema: {
        ...schema,
        summary: "Raises an unused voucher to today's price, MyProsper paying the difference (audited)",
        params,
        body: adminVoucherExtendRequest,
        response: { 200: adminVoucherDetailsResponse, ...adminErrors },
      },
    },
    async (request) => {
      const result = await service.extend(request.user!, request.params.id, request.body.reason);
      return ok(result.details, result.message);
    },
  );

  app.post(
    '/vouchers/:id/reassign',
    {
      schema: {
        ...schema,
        summary: 'Gives an unused voucher to another active mentor of its program (audited)',
        params,
        body: adminVoucherReassignRequest,
        response: { 200: adminVoucherDetailsResponse, ...adminErrors },
      },
    },
    async (request) => {
      const result = await service.reassign(
        request.user!,
        request.params.id,
        request.body.mentorId,
        request.body.reason,
      );
      return ok(result.details, result.message);
    },
  );
};
