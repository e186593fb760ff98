import { errorEnvelope } from '@myprosper/contract/common';
import { messages } from '@myprosper/contract/messages';
import {
  resendEmailLinkResponse,
  verificationMessages,
  verifyEmailRequest,
  verifyEmailResponse,
} from '@myprosper/contract/verification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { limitPerAccount, limitPerAddress } from '../../lib/rate-limits.ts';
import { done } from '../../lib/reply.ts';
import type { EmailLinks } from './email-verification.service.ts';

/** Links one address may open per minute, and links one account may ask for in an hour. */
const linksOpenedPerMinute = 20;
const linksAskedPerHour = 5;

/** POST /myprosper/auth/verifyEmail and /myprosper/auth/resendEmailLink (registered inside authRoutes). */
export const emailVerificationRoutes: FastifyPluginAsyncZod<{ links: EmailLinks }> = async (app, options) => {
  const { links } = options;
  const opensPerIp = limitPerAddress(app, 'verify-email', linksOpenedPerMinute);
  const asksPerAccount = limitPerAccount(app, 'resend-email-link', linksAskedPerHour, '1 hour');

  app.post(
    '/auth/verifyEmail',
    {
      schema: {
        tags: ['auth'],
        summary: 'Open an e-mailed link (/verify-email/{token}): confirms the address it was sent to',
        body: verifyEmailRequest,
        response: { 200: verifyEmailResponse, 409: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope },
      },
      preHandler: opensPerIp,
    },
    async (request) => done(await links.confirm(request.body.token)),
  );

  app.post(
    '/auth/resendEmailLink',
    {
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: "Send the link again to the caller's address while it is not confirmed",
        response: {
          200: resendEmailLinkResponse,
          401: errorEnvelope,
          422: errorEnvelope,
          429: errorEnvelope,
        },
      },
      onRequest: app.requireUser,
      preHandler: asksPerAccount,
    },
    async (request) => {
      if (!request.user) throw new AppError('UNAUTHORIZED', messages.unauthorized);
      await links.sendAgain(request.user.id);
      return done(verificationMessages.emailLinkSent);
    },
  );
};
