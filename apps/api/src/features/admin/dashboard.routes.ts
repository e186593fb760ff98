import { adminDashboardResponse } from '@myprosper/contract/admin-insights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { DashboardService } from './dashboard.service.ts';
import { adminErrors, adminSecurity, adminTags } from './route-kit.ts';

/** GET /myprosper/api/admin/dashboard */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new DashboardService(app.db.db, {
    timeZone: app.env.TIME_ZONE,
    // A push Daraja should have answered by now (the reconcile job asks about it from then on).
    stuckAfterSeconds: Math.max(app.env.MPESA_RECONCILE_AFTER_SECONDS, 60),
  });

  app.get(
    '/dashboard',
    {
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary:
          'Sessions today and this week, revenue and commission this month, applications, stuck payments, no-shows, 12 weeks of bookings and revenue',
        response: { 200: adminDashboardResponse, ...adminErrors },
      },
    },
    async () => ok(await service.get()),
  );
};
