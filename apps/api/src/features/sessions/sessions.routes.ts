import { errorEnvelope } from '@myprosper/contract/common';
import {
  feedbackRequest,
  feedbackResponse,
  sessionIdParams,
  sessionListParams,
  sessionListQuery,
  sessionMessages,
  sessionPageResponse,
  sessionResponse,
} from '@myprosper/contract/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../lib/reply.ts';
import { sessionRulesOf } from '../../lib/session-rules.ts';
import { FeedbackService } from './feedback.service.ts';
import type { SessionsService } from './sessions.service.ts';

const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
};

/**
 * Session lists, details, calendar file and ratings, under /myprosper/api. `sessions` is built in app.ts: booking,
 * payments and the admin console use the same service.
 */
export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (app, options) => {
  const service = options.sessions;
  const feedback = new FeedbackService(app.db.db, service, sessionRulesOf(app.env).presenceMinutes);

  app.get(
    '/getAdviseeSessionsByIdAndStatus/:userId/:status',
    {
      schema: {
        tags: ['sessions'],
        summary: "The caller's sessions as a mentee (host or attendee), newest first",
        security: [{ bearer: [] }],
        params: sessionListParams,
        querystring: sessionListQuery,
        response: { 200: sessionPageResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) =>
      ok(
        await service.listSessions(request.user!, 'ADVISEE', request.params.userId, {
          ...request.query,
          status: request.params.status,
        }),
      ),
  );

  app.get(
    '/getAdvisorSessionsByIdAndStatus/:userId/:status',
    {
      schema: {
        tags: ['sessions'],
        summary: "The caller's confirmed sessions as a mentor, newest first (Pending is always empty)",
        security: [{ bearer: [] }],
        params: sessionListParams,
        querystring: sessionListQuery,
        response: { 200: sessionPageResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) =>
      ok(
        await service.listSessions(request.user!, 'ADVISOR', request.params.userId, {
          ...request.query,
          status: request.params.status,
        }),
      ),
  );

  app.get(
    '/getAdvisorSessionById/:id',
    {
      schema: {
        tags: ['sessions'],
        summary: 'One session, for its mentor and attendees only',
        security: [{ bearer: [] }],
        params: sessionIdParams,
        response: { 200: sessionResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await service.getSession(request.user!, request.params.id)),
  );

  app.get(
    '/sessions/:id/calendar.ics',
    {
      schema: {
        tags: ['sessions'],
        summary: 'The session as an iCalendar file (text/calendar)',
        security: [{ bearer: [] }],
        params: sessionIdParams,
        response: { 200: z.string(), ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const file = await service.calendar(request.user!, request.params.id);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.post(
    '/addFeedback',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Rate a session that took place (1-5, optional comment), once',
        security: [{ bearer: [] }],
        body: feedbackRequest,
        response: { 200: feedbackResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      await feedback.addFeedback(request.user!, request.body);
      return done(sessionMessages.feedbackThanks);
    },
  );
};
