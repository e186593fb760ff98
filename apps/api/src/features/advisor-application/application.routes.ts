import multipart from '@fastify/multipart';
import {
  applicationCheckRequest,
  applicationCheckResponse,
  registerAdvisorResponse,
} from '@myprosper/contract/advisor-application';
import { errorEnvelope } from '@myprosper/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done } from '../../lib/reply.ts';
import { multipartLimits, readMultipart } from '../../lib/uploads.ts';
import { createEmailLinks } from '../auth/auth.door.ts';
import { assertUploadBudget } from '../profiles/profiles.door.ts';
import type { PhoneVerificationService } from '../verification/verification.door.ts';
import { ApplicationService } from './application.service.ts';
import { applicationFilesJob } from './application-files.job.ts';

/** Applications one address may send per minute. */
const applicationsPerMinute = 5;

/**
 * POST /myprosper/auth/registerAdvisor (registered with the prefix /myprosper): the mentor application as one
 * multipart request with the files profilePic (image, cropped 1:1) and video, and the field phoneProof (the
 * proof /auth/application/phone/verify answered for the application's number); POST
 * /myprosper/auth/application/check, step 1's check before any upload.
 */
export const applicationRoutes: FastifyPluginAsyncZod<{ phones: PhoneVerificationService }> = async (
  app,
  { phones },
) => {
  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: true });
  const { env } = app;
  const service = new ApplicationService({
    db: app.db.db,
    storage: app.fileStorage,
    mailer: app.mailer,
    links: createEmailLinks(app),
    publicUrl: env.PUBLIC_URL,
    signingSecret: app.signingSecret,
    resetLinkMinutes: env.RESET_LINK_TTL_MINUTES,
    supportEmail: env.SUPPORT_EMAIL,
    uploadBytesPerDay: env.ANONYMOUS_UPLOAD_BYTES_PER_DAY,
    log: app.log,
    phones,
    now: app.tokens.now,
  });
  app.jobs.define(applicationFilesJob(app.db.db, app.fileStorage, env.APPLICATION_FILES_CRON));

  app.post(
    '/auth/application/check',
    {
      schema: {
        tags: ['advisor application'],
        summary:
          "Step 1's e-mail, phone and password checked before any upload, answered as sign-up would answer them",
        body: applicationCheckRequest,
        response: {
          200: applicationCheckResponse,
          409: errorEnvelope,
          422: errorEnvelope,
          429: errorEnvelope,
        },
      },
      // Sign-up's limit: this says no more of an e-mail or a number than sign-up does.
      config: { rateLimit: { max: env.RATE_LIMIT_SIGNUPS_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request) => done(await service.check(request.body, request.ip)),
  );

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
      // An address that used its daily upload budget is refused before its files are read.
      preHandler: async (request) => {
        await assertUploadBudget(
          app.db.db,
          { address: request.ip, email: null },
          0,
          env.ANONYMOUS_UPLOAD_BYTES_PER_DAY,
        );
      },
    },
    async (request) => {
      const upload = await readMultipart(request, app.fileStorage.tempDir, (field) =>
        field === 'profilePic' ? 'IMAGE' : field === 'video' ? 'VIDEO' : null,
      );
      return done(await service.apply(upload, { address: request.ip }));
    },
  );
};
