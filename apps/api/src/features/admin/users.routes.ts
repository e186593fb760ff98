import {
  adminPeopleMessages,
  adminUserDetailsResponse,
  adminUserPageResponse,
  adminUserQuery,
  suspendUserRequest,
  suspendUserResponse,
} from '@myprosper/contract/admin-people';
import { idParam } from '@myprosper/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { adminErrors, adminSecurity, adminTags } from './route-kit.ts';
import { AdminUsersService } from './users.service.ts';

/** Mentors and advisees: search, view, suspend, reactivate; under /myprosper/api/admin. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AdminUsersService(app.db.db);
  const schema = { tags: adminTags, security: adminSecurity };
  const params = z.object({ id: idParam });

  app.get(
    '/users',
    {
      schema: {
        ...schema,
        summary: 'Mentors or advisees (role), searched by name, e-mail or phone, by name',
        querystring: adminUserQuery,
        response: { 200: adminUserPageResponse, ...adminErrors },
      },
    },
    async (request) => ok(await service.search(request.query)),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        ...schema,
        summary: 'A mentor or advisee: profile, wallet, payout method and sessions still to come',
        params,
        response: { 200: adminUserDetailsResponse, ...adminErrors },
      },
    },
    async (request) => ok(await service.details(request.params.id)),
  );

  app.post(
    '/users/:id/suspend',
    {
      schema: {
        ...schema,
        summary: 'Suspend: no sign-in, tokens revoked, a mentor hidden and not bookable',
        params,
        body: suspendUserRequest,
        response: { 200: suspendUserResponse, ...adminErrors },
      },
    },
    async (request) =>
      ok(
        await service.suspend(request.user!, request.params.id, request.body.reason),
        adminPeopleMessages.suspended,
      ),
  );

  app.post(
    '/users/:id/reactivate',
    {
      schema: {
        ...schema,
        summary: 'Reactivate a suspended account',
        params,
        response: { 200: suspendUserResponse, ...adminErrors },
      },
    },
    async (request) =>
      ok(await service.reactivate(request.user!, request.params.id), adminPeopleMessages.reactivated),
  );
};
