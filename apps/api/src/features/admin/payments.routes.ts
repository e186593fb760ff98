import { adminPageQuery } from '@myprosper/contract/admin';
import {
  adminMoneyMessages,
  adminPaymentPageResponse,
  adminPaymentQuery,
  adminPaymentQueryResponse,
  adminRefundPageResponse,
  adminVoucherPageResponse,
  adminVoucherQuery,
} from '@myprosper/contract/admin-money';
import {
  adminPaymentDetailsResponse,
  adminPaymentRefundRequest,
  adminPaymentRefundResponse,
  adminRefundMessages,
} from '@myprosper/contract/admin-refunds';
import { idParam } from '@myprosper/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import type { MpesaService, OperatorRefunds } from '../payments/payments.door.ts';
import { AdminPaymentsService } from './payments.service.ts';
import { adminErrors, adminSecurity, adminTags } from './route-kit.ts';
import { AdminVouchersRepository, toAdminVoucher } from './vouchers.repository.ts';

/** Payments, refunds and vouchers, under /myprosper/api/admin. */
export const adminPaymentsRoutes: FastifyPluginAsyncZod<{
  mpesa: MpesaService;
  operatorRefunds: OperatorRefunds;
}> = async (app, { mpesa, operatorRefunds }) => {
  const db = app.db.db;
  const service = new AdminPaymentsService(db, mpesa, operatorRefunds);
  const schema = { tags: adminTags, security: adminSecurity };

  app.get(
    '/payments',
    {
      schema: {
        ...schema,
        summary: 'Every payment with its provider references and status, newest first',
        querystring: adminPaymentQuery,
        response: { 200: adminPaymentPageResponse, ...adminErrors },
      },
    },
    async (request) => ok(await service.search(request.query)),
  );

  app.get(
    '/payments/:id',
    {
      schema: {
        ...schema,
        summary: 'One payment: its refunds, what can be refunded of it now and where from, its audit history',
        params: z.object({ id: idParam }),
        response: { 200: adminPaymentDetailsResponse, ...adminErrors },
      },
    },
    async (request) => ok(await service.details(request.params.id)),
  );

  app.post(
    '/payments/:id/refunds',
    {
      schema: {
        ...schema,
        summary:
          'Refund a payment, whole or part, to the payer’s wallet or back to the M-PESA number that paid (audited)',
        params: z.object({ id: idParam }),
        body: adminPaymentRefundRequest,
        response: { 200: adminPaymentRefundResponse, ...adminErrors },
      },
    },
    async (request) =>
      ok(
        await service.refund(request.user!, request.params.id, request.body),
        adminRefundMessages.refunded(request.body.amount),
      ),
  );

  app.post(
    '/payments/:id/query',
    {
      schema: {
        ...schema,
        summary: 'Ask M-PESA again where a pending push stands, and apply a final answer',
        params: z.object({ id: idParam }),
        response: { 200: adminPaymentQueryResponse, ...adminErrors },
      },
    },
    async (request) => ok(await service.query(request.user!, request.params.id), adminMoneyMessages.queried),
  );

  app.get(
    '/refunds',
    {
      schema: {
        ...schema,
        summary: 'Refunds (REFUND ledger transactions), newest first, with whose wallets got the money',
        querystring: adminPageQuery,
        response: { 200: adminRefundPageResponse, ...adminErrors },
      },
    },
    async (request) => ok(await service.refunds(request.query.page, request.query.pageSize)),
  );

  app.get(
    '/vouchers',
    {
      schema: {
        ...schema,
        summary: 'Gift vouchers and their state, newest first',
        querystring: adminVoucherQuery,
        response: { 200: adminVoucherPageResponse, ...adminErrors },
      },
    },
    async (request) => {
      const { page, pageSize, status, query } = request.query;
      const { rows, total } = await new AdminVouchersRepository(db).search({
        status,
        query,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return ok({
        items: rows.map(toAdminVoucher),
        total,
        page,
        pageSize,
      });
    },
  );
};
