import { errorEnvelope } from '@myprosper/contract/common';
import {
  contactSupportRequest,
  contactSupportResponse,
  helpMessages,
  inviteLinkResponse,
} from '@myprosper/contract/profiles';
import { encodeBase64Url } from '@myprosper/contract/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok } from '../../lib/reply.ts';
import { callerOf } from './caller.ts';
import { HelpRepository } from './help.repository.ts';

/** Contact messages one address may send in ten minutes. */
const contactMessagesPerWindow = 5;

/** The help page's contact form and the invite link, under /myprosper/api. */
export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = new HelpRepository(app.db.db);

  app.post(
    '/contactSupport',
    {
      schema: {
        tags: ['help'],
        summary: 'Send a message to support (anyone); it is kept and e-mailed to the support address',
        body: contactSupportRequest,
        response: { 200: contactSupportResponse, 422: errorEnvelope, 429: errorEnvelope },
      },
      onRequest: app.optionalUser,
      config: { rateLimit: { max: contactMessagesPerWindow, timeWindow: '10 minutes' } },
    },
    async (request) => {
      const { name, email, message } = request.body;
      const id = await repository.saveContactMessage({
        userId: request.user?.id ?? null,
        name,
        email,
        message,
      });
      const account = request.user
        ? `Signed in as user ${request.user.id} (${request.user.role}).`
        : 'Not signed in.';
      await app.mailer.send({
        to: app.env.SUPPORT_EMAIL,
        subject: `Help request #${id} from ${name}`,
        text: `${name} <${email}> wrote through the help page:\n\n${message}\n\n${account}\nReply to: ${email}`,
      });
      return done(helpMessages.contactSent);
    },
  );

  app.get(
    '/inviteLink',
    {
      schema: {
        tags: ['help'],
        summary: 'A personal link to invite friends (copy, WhatsApp, SMS)',
        security: [{ bearer: [] }],
        response: { 200: inviteLinkResponse, 401: errorEnvelope },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const url = `${app.env.PUBLIC_URL.replace(/\/$/, '')}/profile_picker?ref=${encodeBase64Url(String(callerOf(request).id))}`;
      const text = `Join me on MyProsper for personalised, affordable advice from experienced mentors: ${url}`;
      return ok({ url, text });
    },
  );
};
