import {
  adminCatalogueMessages,
  adminPricingResponse,
  pricingRequest,
  pricingSavedResponse,
} from '@myprosper/contract/admin-catalogue';
import { priceType } from '@myprosper/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { AdminPricingService } from './pricing.service.ts';
import { adminErrors, adminSecurity, adminTags } from './route-kit.ts';

/** Session prices, under /myprosper/api/admin. */
export const adminPricingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AdminPricingService(app.db.db);
  const schema = { tags: adminTags, security: adminSecurity };

  app.get(
    '/pricing',
    {
      schema: {
        ...schema,
        summary: 'INDIVIDUAL and GROUP prices: base, VAT and what a new booking costs',
        response: { 200: adminPricingResponse, ...adminErrors },
      },
    },
    async () => ok(await service.list()),
  );

  app.put(
    '/pricing/:priceType',
    {
      schema: {
        ...schema,
        summary: 'Change a price: applies to new bookings only (sessions keep their amount); audited',
        params: z.object({ priceType }),
        body: pricingRequest,
        response: { 200: pricingSavedResponse, ...adminErrors },
      },
    },
    async (request) =>
      ok(
        await service.save(request.user!, request.params.priceType, request.body),
        adminCatalogueMessages.pricingSaved,
      ),
  );
};
