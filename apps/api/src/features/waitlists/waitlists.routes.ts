import { envelope, errorEnvelope, idParam } from '@myprosper/contract/common';
import { mentorWaitlistStatus, waitlistMessages } from '@myprosper/contract/waitlists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitPerAccount } from '../../lib/rate-limits.ts';
import { ok } from '../../lib/reply.ts';
import type { WaitlistsService } from './waitlists.service.ts';

const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
};
const params = z.object({ advisorId: idParam });
const tags = ['waitlists'];
const security = [{ bearer: [] }];

/** Joins and leaves a mentor's waitlist, and where the caller stands on it, under /myprosper/api. */
export const waitlistsRoutes: FastifyPluginAsyncZod<{
  waitlists: WaitlistsService;
}> = async (app, { waitlists }) => {
  // Joining and leaving, per account: nobody churns lists (each leave may hand an hour on).
  const changesPerAccount = limitPerAccount(app, 'waitlist-account', 30, '1 hour');

  app.get(
    '/waitlists/mentors/:advisorId',
    {
      schema: {
        tags,
        security,
        summary:
          'Whether a mentor is full (no free hour in 14 days) and where the caller stands on their waitlist',
        params,
        response: { 200: envelope(mentorWaitlistStatus), ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await waitlists.status(request.user!, request.params.advisorId)),
  );

  app.post(
    '/waitlists/mentors/:advisorId',
    {
      schema: {
        tags,
        security,
        summary: "Join a full mentor's waitlist (a mentee, once, on a few lists at most)",
        params,
        response: { 200: envelope(mentorWaitlistStatus), ...errors, 429: errorEnvelope },
      },
      onRequest: [app.requireUser, changesPerAccount],
    },
    async (request) =>
      ok(await waitlists.join(request.user!, request.params.advisorId), waitlistMessages.joined),
  );

  app.delete(
    '/waitlists/mentors/:advisorId',
    {
      schema: {
        tags,
        security,
        summary: "Leave a mentor's waitlist; an hour held for the caller goes to the next person",
        params,
        response: { 200: envelope(mentorWaitlistStatus), ...errors, 429: errorEnvelope },
      },
      onRequest: [app.requireUser, changesPerAccount],
    },
    // The hour the caller held passes on at once: the plugin's hook asks the job to run after this write.
    async (request) =>
      ok(await waitlists.leave(request.user!, request.params.advisorId), waitlistMessages.left),
  );
};
