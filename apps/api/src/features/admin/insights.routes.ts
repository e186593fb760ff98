import { adminInsightsResponse, insightsQuery } from '@myprosper/contract/admin-insights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { InsightsService } from './insights.service.ts';
import { adminErrors, adminSecurity, adminTags } from './route-kit.ts';

/** GET /myprosper/api/admin/insights */
export const adminInsightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new InsightsService(app.db.db, app.env.TIME_ZONE);

  app.get(
    '/insights',
    {
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary:
          "'Topic Viewed' per program and week, searches with no results, and conversion from viewing to booking",
        querystring: insightsQuery,
        response: { 200: adminInsightsResponse, ...adminErrors },
      },
    },
    async (request) => ok(await service.get(request.query)),
  );
};
