import {
  adminSearchMessages,
  adminSearchQuery,
  adminSearchResponse,
  mpesaReceiptText,
  receiptLookupRequest,
  receiptLookupResponse,
} from '@myprosper/contract/admin-search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import type { ReceiptLookups } from '../payments/payments.door.ts';
import { adminErrors, adminSecurity, adminTags } from './route-kit.ts';
import { AdminSearchService } from './search.service.ts';

/** The one search box, and asking M-PESA about a code no payment carries; under /myprosper/api/admin. */
export const adminSearchRoutes: FastifyPluginAsyncZod<{ lookups: ReceiptLookups }> = async (
  app,
  { lookups },
) => {
  const service = new AdminSearchService(app.db.db, lookups);
  const schema = { tags: adminTags, security: adminSecurity };

  app.get(
    '/search',
    {
      schema: {
        ...schema,
        summary:
          'People, sessions, payments and vouchers by name, e-mail, phone in any form, reference, M-PESA receipt or card reference',
        querystring: adminSearchQuery,
        response: { 200: adminSearchResponse, ...adminErrors },
      },
    },
    async (request) => ok(await service.search(request.query.query)),
  );

  app.post(
    '/payments/receipt-lookups',
    {
      schema: {
        ...schema,
        summary:
          'Ask M-PESA (Transaction Status) about a code no payment carries; its answer gives the receipt to its push (audited)',
        body: receiptLookupRequest,
        response: { 200: receiptLookupResponse, ...adminErrors },
      },
    },
    async (request) =>
      ok(await service.lookUp(request.user!, request.body.receipt), adminSearchMessages.lookupAsked),
  );

  app.get(
    '/payments/receipt-lookups/:receipt',
    {
      schema: {
        ...schema,
        summary: 'Where asking M-PESA about a code stands',
        params: z.object({ receipt: mpesaReceiptText }),
        response: { 200: receiptLookupResponse, ...adminErrors },
      },
    },
    async (request) => ok(await service.state(request.params.receipt)),
  );
};
