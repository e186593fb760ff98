import { idParam } from '@myprosper/contract/common';
import {
  adminPaybillActionResponse,
  adminPaybillCreditRequest,
  adminPaybillListResponse,
  adminPaybillQuery,
  adminPaybillRefundRequest,
  paybillMessages,
} from '@myprosper/contract/paybill';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import type { PaybillReviewService } from '../payments/payments.door.ts';
import { AuditLogRepository } from './audit-log.repository.ts';
import { adminErrors, adminSecurity, adminTags } from './route-kit.ts';

/**
 * "Paybill payments to review", under /myprosper/api/admin: Paybill payments that matched no booking (an
 * unknown reference, a short or over payment, a booking already paid), credited to a chosen person's wallet
 * or sent back by M-PESA Reversal, each audited in the transaction that does it.
 */
export const adminPaybillRoutes: FastifyPluginAsyncZod<{ review: PaybillReviewService }> = async (
  app,
  { review },
) => {
  const schema = { tags: adminTags, security: adminSecurity };
  const params = z.object({ id: idParam });

  app.get(
    '/paybill',
    {
      schema: {
        ...schema,
        summary: 'Paybill (C2B) payments: those kept for review, or all, newest first',
        querystring: adminPaybillQuery,
        response: { 200: adminPaybillListResponse, ...adminErrors },
      },
    },
    async (request) => ok(await review.list(request.query.status === 'REVIEW')),
  );

  app.post(
    '/paybill/:id/credit',
    {
      schema: {
        ...schema,
        summary: "Credit a kept Paybill payment to a person's wallet",
        params,
        body: adminPaybillCreditRequest,
        response: { 200: adminPaybillActionResponse, ...adminErrors },
      },
    },
    async (request) => {
      const admin = request.user!;
      const updated = await review.credit(admin, request.params.id, request.body, (tx, before, after) =>
        new AuditLogRepository(tx).record({
          actorId: admin.id,
          action: 'CREDIT_PAYBILL_PAYMENT',
          entity: 'paybill_payment',
          entityId: request.params.id,
          before,
          after: { ...after, creditedUserId: request.body.userId },
        }),
      );
      return ok(updated, paybillMessages.credited);
    },
  );

  app.post(
    '/paybill/:id/refund',
    {
      schema: {
        ...schema,
        summary: "Send a kept Paybill payment back to the payer's M-PESA (Reversal)",
        params,
        body: adminPaybillRefundRequest,
        response: { 200: adminPaybillActionResponse, 503: adminErrors[422], ...adminErrors },
      },
    },
    async (request) => {
      const admin = request.user!;
      const updated = await review.refund(admin, request.params.id, request.body, (tx, before, after) =>
        new AuditLogRepository(tx).record({
          actorId: admin.id,
          action: 'REFUND_PAYBILL_PAYMENT',
          entity: 'paybill_payment',
          entityId: request.params.id,
          before,
          after,
        }),
      );
      return ok(updated, paybillMessages.refundAsked);
    },
  );
};
