import {
  assessmentMessages,
  latestSelfAssessmentResponse,
  selfAssessmentRequest,
  selfAssessmentResponse,
} from '@myprosper/contract/assessment';
import { errorEnvelope, idParam } from '@myprosper/contract/common';
import { messages } from '@myprosper/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../lib/reply.ts';
import { callerOf } from '../profiles/profiles.door.ts';
import { AssessmentService } from './assessment.service.ts';

const tags = ['self assessment'];
const security = [{ bearer: [] }];
const errors = { 401: errorEnvelope, 403: errorEnvelope, 422: errorEnvelope };

/** The self assessment, under /myprosper/api. */
export const assessmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AssessmentService(app.db.db);

  app.post(
    '/selfAssessment',
    {
      schema: {
        tags,
        security,
        summary: "An advisee's self assessment (four required answers); every submission is kept",
        body: selfAssessmentRequest,
        response: { 200: selfAssessmentResponse, ...errors },
      },
      onRequest: app.requireRole('ADVISEE'),
    },
    async (request) => {
      await service.submit(callerOf(request), request.body);
      return done(messages.selfAssessmentSubmitted);
    },
  );

  app.get(
    '/selfAssessments/latest/:adviseeId',
    {
      schema: {
        tags,
        security,
        summary:
          "An advisee's newest self assessment (themself, admins, and mentors with a session with them)",
        params: z.object({ adviseeId: idParam }),
        response: { 200: latestSelfAssessmentResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const latest = await service.latest(callerOf(request), request.params.adviseeId);
      return ok(latest, latest ? 'Success' : assessmentMessages.none);
    },
  );
};
