import {
  adminCancelSessionRequest,
  adminCancelSessionResponse,
  adminMoneyMessages,
  adminNoShowRequest,
  adminNoShowResponse,
  adminSessionDetailsResponse,
  adminSessionPageResponse,
  adminSessionQuery,
} from '@myprosper/contract/admin-money';
import { idParam } from '@myprosper/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import type { NoShowService } from '../calls/calls.door.ts';
import type { CancellationService } from '../payments/payments.door.ts';
import { adminErrors, adminSecurity, adminTags } from './route-kit.ts';
import { AdminSessionsService } from './sessions.service.ts';

/** Sessions: search, details, cancellation with refunds, no-show corrections; under /myprosper/api/admin. */
export const adminSessionsRoutes: FastifyPluginAsyncZod<{
  cancellation: CancellationService;
  noShows: NoShowService;
}> = async (app, { cancellation, noShows }) => {
  const service = new AdminSessionsService(app.db.db, app.env.TIME_ZONE, cancellation, noShows);
  const schema = { tags: adminTags, security: adminSecurity };
  const params = z.object({ id: idParam });

  app.get(
    '/sessions',
    {
      schema: {
        ...schema,
        summary: 'Search sessions by mentee, mentor, dates (platform time zone) and status; newest first',
        querystring: adminSessionQuery,
        response: { 200: adminSessionPageResponse, ...adminErrors },
      },
    },
    async (request) => ok(await service.search(request.query)),
  );

  app.get(
    '/sessions/:id',
    {
      schema: {
        ...schema,
        summary: 'A session with its attendees, payments, cancellation, settlement, escrow and call',
        params,
        response: { 200: adminSessionDetailsResponse, ...adminErrors },
      },
    },
    async (request) => ok(await service.details(request.params.id)),
  );

  app.post(
    '/sessions/:id/cancel',
    {
      schema: {
        ...schema,
        summary: 'Cancel for the platform: every paid share refunded in full, everyone told',
        params,
        body: adminCancelSessionRequest,
        response: { 200: adminCancelSessionResponse, ...adminErrors },
      },
    },
    async (request) => {
      const result = await service.cancel(request.user!, request.params.id, request.body.reason);
      return ok(
        { refundedTotal: result.refundedTotal, forfeited: result.forfeited },
        adminMoneyMessages.sessionCancelled,
      );
    },
  );

  app.put(
    '/sessions/:id/no-shows',
    {
      schema: {
        ...schema,
        summary: 'Correct no-show decisions (a mentor no-show asks for the refund)',
        params,
        body: adminNoShowRequest,
        response: { 200: adminNoShowResponse, ...adminErrors },
      },
    },
    async (request) =>
      ok(
        await service.overrideNoShows(request.user!, request.params.id, request.body),
        adminMoneyMessages.noShowsChanged,
      ),
  );
};
