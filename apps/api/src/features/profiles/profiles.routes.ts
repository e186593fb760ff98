import { errorEnvelope, idParam } from '@myprosper/contract/common';
import { messages } from '@myprosper/contract/messages';
import {
  adviseeDetailsResponse,
  advisorProfileResponse,
  profileUpdateResponse,
  updateAdviseeDetailsRequest,
  updateAdvisorDetailsRequest,
} from '@myprosper/contract/profiles';
import { verificationMessages } from '@myprosper/contract/verification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perAccount } from '../../lib/rate-limits.ts';
import { done, ok } from '../../lib/reply.ts';
import { callerOf } from './caller.ts';
import type { ProfilesService } from './profiles.service.ts';

const tags = ['profiles'];
const security = [{ bearer: [] }];
const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
};

/** Reading and editing one's own profile, under /myprosper/api. */
export const profilesRoutes: FastifyPluginAsyncZod<{ profiles: ProfilesService }> = async (app, options) => {
  const service = options.profiles;

  app.get(
    '/getAdviseeDetails/:id',
    {
      schema: {
        tags,
        security,
        summary: "An advisee's profile: their own (admins may read any)",
        params: z.object({ id: idParam }),
        response: { 200: adviseeDetailsResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await service.getAdviseeDetails(callerOf(request), request.params.id)),
  );

  app.get(
    '/getAdvisorProfile/:id',
    {
      schema: {
        tags,
        security,
        summary: "A mentor's own profile with their application answers (admins may read any)",
        params: z.object({ id: idParam }),
        response: { 200: advisorProfileResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await service.getAdvisorProfile(callerOf(request), request.params.id)),
  );

  app.post(
    '/updateAdviseeDetails',
    {
      schema: {
        tags,
        security,
        summary:
          'An advisee updates their own profile (name and phone are read-only; a new e-mail needs currentPassword)',
        body: updateAdviseeDetailsRequest,
        response: { 200: profileUpdateResponse, ...errors, 429: errorEnvelope },
      },
      onRequest: app.requireRole('ADVISEE'),
      // A new e-mail needs the current password: guesses with a stolen token are limited per account.
      config: perAccount(10),
    },
    async (request) => {
      const updated = await service.updateAdviseeDetails(callerOf(request), request.body);
      return done(updated.emailLinkSent ? verificationMessages.emailChangeLinkSent : messages.profileUpdated);
    },
  );

  app.post(
    '/updateAdvisorDetails',
    {
      schema: {
        tags,
        security,
        summary:
          'A mentor updates their own profile (name and phone are read-only; a new e-mail needs currentPassword)',
        body: updateAdvisorDetailsRequest,
        response: { 200: profileUpdateResponse, ...errors, 429: errorEnvelope },
      },
      onRequest: app.requireRole('ADVISOR'),
      config: perAccount(10),
    },
    async (request) => {
      const updated = await service.updateAdvisorDetails(callerOf(request), request.body);
      return done(updated.emailLinkSent ? verificationMessages.emailChangeLinkSent : messages.profileUpdated);
    },
  );
};
