import {
  adminMessages,
  mentorApplicationsResponse,
  rejectApplicationRequest,
  reviewApplicationResponse,
} from '@myprosper/contract/admin';
import { idParam } from '@myprosper/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../lib/reply.ts';
import { callerOf } from '../profiles/profiles.door.ts';
import { ApplicationsService } from './applications.service.ts';
import { adminErrors, adminSecurity, adminTags } from './route-kit.ts';

const tags = adminTags;
const security = adminSecurity;
const errors = adminErrors;

/** The admin's review of mentor applications, under /myprosper/api/admin (admin.routes.ts guards it). */
export const adminApplicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ApplicationsService({
    db: app.db.db,
    mailer: app.mailer,
    publicUrl: app.env.PUBLIC_URL.replace(/\/$/, ''),
    log: app.log,
  });
  const params = z.object({ id: idParam });

  app.get(
    '/applications',
    {
      schema: {
        tags,
        security,
        summary: 'Pending mentor applications with profile, video, answers and topics (oldest first)',
        response: { 200: mentorApplicationsResponse, ...errors },
      },
    },
    async () => ok(await service.listPending()),
  );

  app.post(
    '/applications/:id/approve',
    {
      schema: {
        tags,
        security,
        summary: 'Approve: the mentor can sign in and is listed publicly; they are e-mailed',
        params,
        response: { 200: reviewApplicationResponse, ...errors },
      },
    },
    async (request) => {
      await service.approve(callerOf(request), request.params.id);
      return done(adminMessages.approved);
    },
  );

  app.post(
    '/applications/:id/reject',
    {
      schema: {
        tags,
        security,
        summary: 'Reject with a reason, which is e-mailed to the applicant',
        params,
        body: rejectApplicationRequest,
        response: { 200: reviewApplicationResponse, ...errors },
      },
    },
    async (request) => {
      await service.reject(callerOf(request), request.params.id, request.body.reason);
      return done(adminMessages.rejected);
    },
  );
};
