import type { FastifyPluginAsync } from 'fastify';
import { localSandboxApiKey } from '../../src/providers/sms.ts';
import {
  invalidCredentialsText,
  isSent,
  judgeRecipient,
  messagingResponse,
  messagingResponseXml,
} from './messaging.ts';
import { SmsOutboxRepository } from './sms-outbox.repository.ts';

/**
 * A local stand-in of Africa's Talking SMS, mounted at /sandbox/africastalking while SANDBOX is on. It speaks
 * AT's wire format (payment-providers.md 3.1-3.4): a form POST to /version1/messaging with the apiKey header;
 * 401 with AT's plain text for a wrong key or username; 201 with one status per recipient (403
 * InvalidPhoneNumber for a number that is not E.164). Every SMS it accepts lands in the outbox (/dev/outbox),
 * recipient written 2547XXXXXXXX.
 */
export const africasTalkingSandbox: FastifyPluginAsync = async (app) => {
  const outbox = new SmsOutboxRepository(app.db.db);
  // The username and key a caller must present: the configured ones, or the local default key.
  const expected = { username: app.env.AT_USERNAME, apiKey: app.env.AT_API_KEY ?? localSandboxApiKey };

  // AT takes form fields; this parser lives only inside the sandbox's scope.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.post('/version1/messaging', { schema: { hide: true } }, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const apiKey = request.headers.apikey;
    if (apiKey !== expected.apiKey || form.username !== expected.username) {
      return reply.status(401).type('text/plain; charset=utf-8').send(invalidCredentialsText);
    }
    const to = (form.to ?? '').trim();
    const message = form.message ?? '';
    if (to === '' || message === '') {
      const field = to === '' ? 'to' : 'message';
      return reply.status(400).type('text/plain; charset=utf-8').send(`Missing required field: ${field}`);
    }

    const recipients = to
      .split(',')
      .map((number) => number.trim())
      .filter(Boolean)
      .map((number) => judgeRecipient(number, message));
    await outbox.record(
      recipients
        .filter(isSent)
        .map((r) => ({ recipient: r.number.replace(/^\+/, ''), body: message, messageId: r.messageId })),
    );

    const body = messagingResponse(recipients);
    reply.status(201);
    if ((request.headers.accept ?? '').includes('application/json')) return reply.send(body);
    return reply.type('application/xml; charset=utf-8').send(messagingResponseXml(body));
  });
};
