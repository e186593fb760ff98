import {
  adminMoneyMessages,
  adminPayoutQuery,
  mentorsOwedResponse,
  payoutHistoryQuery,
  payoutHistoryResponse,
  payoutRequest,
  payoutResponse,
} from '@myprosper/contract/admin-money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { AdminPayoutsService } from './payouts.service.ts';
import { adminErrors, adminSecurity, adminTags } from './route-kit.ts';

/** What mentors are owed, recording payouts, their history and the CSV sheet; under /myprosper/api/admin. */
export const adminPayoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AdminPayoutsService(app.db.db);
  const schema = { tags: adminTags, security: adminSecurity };

  app.get(
    '/payouts',
    {
      schema: {
        ...schema,
        summary: 'Mentors and what each is owed (wallet balance), with their payout method; most owed first',
        querystring: adminPayoutQuery,
        response: { 200: mentorsOwedResponse, ...adminErrors },
      },
    },
    async (request) => ok(await service.mentorsOwed(request.query)),
  );

  app.post(
    '/payouts',
    {
      schema: {
        ...schema,
        summary: 'Mark a payout paid with its transfer reference: never more than the mentor is owed',
        body: payoutRequest,
        response: { 200: payoutResponse, ...adminErrors },
      },
    },
    async (request) =>
      ok(await service.record(request.user!, request.body), adminMoneyMessages.payoutRecorded),
  );

  app.get(
    '/payouts/history',
    {
      schema: {
        ...schema,
        summary: 'Payouts recorded, newest first',
        querystring: payoutHistoryQuery,
        response: { 200: payoutHistoryResponse, ...adminErrors },
      },
    },
    async (request) => ok(await service.history(request.query)),
  );

  app.get(
    '/payouts.csv',
    {
      schema: {
        ...schema,
        summary:
          'Mentors owed something, with their payout details, as CSV (UTF-8, CRLF; phones and account numbers kept as text); audited',
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV'), ...adminErrors },
      },
    },
    async (request, reply) => {
      const fileName = `myprosper-payouts-${new Date().toISOString().slice(0, 10)}.csv`;
      const csv = await service.csv(request.user!, fileName);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
