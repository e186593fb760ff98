import multipart from '@fastify/multipart';
import { applicationMessages, registerAdvisorResponse } from '@myprosper/contract/advisor-application';
import { errorEnvelope } from '@myprosper/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done } from '../../lib/reply.ts';
import { multipartLimits, readMultipart } from '../../lib/uploads.ts';
import type { PhoneVerificationService } from '../verification/verification.door.ts';
import { ApplicationService } from './application.service.ts';

/** Applications one address may send per minute. */
const applicationsPerMinute = 5;

/**
 * POST /myprosper/auth/registerAdvisor (registered with the prefix /myprosper): the mentor application as one
 * multipart request with the files profilePic (image, cropped 1:1) and video, and the field phoneProof (the
 * proof /auth/application/phone/verify answered for the application's number).
 */
export const applicationRoutes: FastifyPluginAsyncZod<{ phones: PhoneVerificationService }> = async (
  app,
  { phones },
) => {
  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: true });
  const service = new ApplicationService({
    db: app.db.db,
    storage: app.fileStorage,
    mailer: app.mailer,
    log: app.log,
    phones,
    signingSecret: app.signingSecret,
    now: app.tokens.now,
  });

  app.post(
    '/auth/registerAdvisor',
    {
      schema: {
        tags: ['advisor application'],
        summary:
          'Apply as a mentor (multipart: profilePic, video and the form fields); the account waits for review',
        consumes: ['multipart/form-data'],
        response: {
          200: registerAdvisorResponse,
          409: errorEnvelope,
          413: errorEnvelope,
          415: errorEnvelope,
          422: errorEnvelope,
          429: errorEnvelope,
        },
      },
      config: { rateLimit: { max: applicationsPerMinute, timeWindow: '1 minute' } },
    },
    async (request) => {
      const upload = await readMultipart(request, app.fileStorage.tempDir, (field) =>
        field === 'profilePic' ? 'IMAGE' : field === 'video' ? 'VIDEO' : null,
      );
      await service.apply(upload);
      return done(applicationMessages.submitted);
    },
  );
};
