import {
  type CardOutcome,
  cardMessages,
  cardOutcomeMessage,
  generateCardSignatureRequest,
  generateCardSignatureResponse,
} from '@myprosper/contract/card';
import { errorEnvelope, messageOnly } from '@myprosper/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import type { CardCheckoutService } from './card-checkout.service.ts';
import type { CardReceiptsService, ReceiptResult } from './card-receipts.service.ts';

const errors = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
  503: errorEnvelope,
};

/** A receipt: form fields by name (each at most once: a repeated field is refused, not guessed at). */
const receiptBody = z.record(z.string().max(100), z.string().max(2000));

/** Where the browser goes back to, with the outcome to show. */
function returnPath(result: ReceiptResult): string {
  const outcome: CardOutcome = result.outcome;
  if (result.purpose.purpose === 'SESSION') return `/sessions/${result.purpose.sessionId}?outcome=${outcome}`;
  return `/buyVoucher?voucher=${encodeURIComponent(result.purpose.reference)}&outcome=${outcome}`;
}

/**
 * Card payments (CyberSource Secure Acceptance hosted checkout), under /myprosper/api: the signed hidden form,
 * the receipt pages the browser is sent back to, and the merchant POST.
 */
export const cardRoutes: FastifyPluginAsyncZod<{
  checkout: CardCheckoutService;
  receipts: CardReceiptsService;
}> = async (app, { checkout, receipts }) => {
  // The hosted page posts form fields; this parser lives only inside this plugin's scope.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      const fields = new Map<string, string>();
      for (const [name, value] of new URLSearchParams(String(body))) {
        if (fields.has(name)) {
          done(new AppError('BAD_REQUEST', cardMessages.badSignature), undefined);
          return;
        }
        fields.set(name, value);
      }
      done(null, Object.fromEntries(fields));
    },
  );

  app.post(
    '/generateCardHttpSignature',
    {
      schema: {
        tags: ['payments'],
        summary: 'The signed card form for a session share or a voucher, to post to the hosted checkout page',
        security: [{ bearer: [] }],
        body: generateCardSignatureRequest,
        response: { 200: generateCardSignatureResponse, ...errors },
      },
      onRequest: app.requireUser,
      preHandler: app.requireVerifiedPhone,
      config: {
        rateLimit: {
          max: 20,
          timeWindow: '1 minute',
          keyGenerator: (request) => request.headers.authorization ?? request.ip,
        },
      },
    },
    async (request) =>
      ok(
        await checkout.checkout(request.user!, request.body, {
          ip: request.ip,
          socketIp: request.raw.socket?.remoteAddress,
        }),
      ),
  );

  for (const purpose of ['SESSION', 'VOUCHER'] as const) {
    app.post(
      `/card/receipt/${purpose.toLowerCase()}`,
      {
        schema: {
          tags: ['payments'],
          summary: `The hosted page's signed receipt (through the browser) for a ${purpose.toLowerCase()}; redirects to the outcome`,
          body: receiptBody,
          response: { 303: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const result = await receipts.handle(request.body, purpose);
        return reply.redirect(returnPath(result), 303);
      },
    );
  }

  app.post(
    '/card/notify',
    {
      schema: {
        tags: ['payments'],
        summary: "The hosted page's signed receipt, server to server (merchant POST)",
        body: receiptBody,
        response: { 200: messageOnly, ...errors },
      },
    },
    async (request) => {
      const result = await receipts.handle(request.body, null);
      return { statusCode: 200, message: cardOutcomeMessage(result.outcome) };
    },
  );
};
