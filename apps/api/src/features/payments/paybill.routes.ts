import { errorEnvelope } from '@myprosper/contract/common';
import {
  c2bConfirmationAnswer,
  c2bNotification,
  c2bValidationAnswer,
  paybillCodeRequest,
  paybillCodeResponse,
  paybillDetailsResponse,
  paybillMessages,
} from '@myprosper/contract/paybill';
import { sessionIdParams } from '@myprosper/contract/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { perAccount } from '../../lib/rate-limits.ts';
import { ok } from '../../lib/reply.ts';
import { isSameText } from '../../lib/same-text.ts';
import { c2bPathToken } from '../../providers/mpesa-c2b.ts';
import type { PaybillService } from './paybill.service.ts';

const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
  503: errorEnvelope,
};

const hookParams = z.object({
  token: z
    .string()
    .min(16)
    .max(128)
    .regex(/^[A-Za-z0-9_]+$/),
});

/**
 * The Paybill fallback under /myprosper/api: Daraja's C2B validation and confirmation (at a secret path, the
 * only protection M-PESA's unsigned calls allow, with the shortcode and receipt checked inside), and the
 * mentee's Paybill details and typed M-PESA code.
 */
export const paybillRoutes: FastifyPluginAsyncZod<{ paybill: PaybillService }> = async (app, { paybill }) => {
  const token = c2bPathToken(app.env);
  const checkToken = (given: string) => {
    if (!isSameText(token, given)) throw notFound('Not found');
  };

  app.post(
    '/paybill/c2b/:token/validate',
    {
      schema: {
        tags: ['payments'],
        summary: "Daraja's C2B validation: accept a Paybill payment naming a booking with its exact amount",
        params: hookParams,
        body: c2bNotification,
        response: { 200: c2bValidationAnswer, 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      checkToken(request.params.token);
      return paybill.validate(request.body);
    },
  );

  app.post(
    '/paybill/c2b/:token/confirm',
    {
      schema: {
        tags: ['payments'],
        summary: "Daraja's C2B confirmation: a Paybill payment is applied to its booking, or kept for review",
        params: hookParams,
        body: c2bNotification,
        response: { 200: c2bConfirmationAnswer, 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      checkToken(request.params.token);
      await paybill.confirm(request.body);
      return { ResultCode: 0, ResultDesc: 'Success' };
    },
  );

  app.get(
    '/paybill/:id',
    {
      schema: {
        tags: ['payments'],
        summary:
          "How to pay the caller's share of a session by Paybill: business number, account, exact amount",
        security: [{ bearer: [] }],
        params: sessionIdParams,
        response: { 200: paybillDetailsResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await paybill.details(request.user!, request.params.id)),
  );

  app.post(
    '/paybill/:id/code',
    {
      schema: {
        tags: ['payments'],
        summary:
          'The M-PESA code of a Paybill payment for this session: checked, and applied when it is theirs',
        security: [{ bearer: [] }],
        params: sessionIdParams,
        body: paybillCodeRequest,
        response: { 200: paybillCodeResponse, ...errors },
      },
      onRequest: app.requireUser,
      preHandler: app.requireVerifiedPhone,
      // Each unknown code costs a Transaction Status call: few per account.
      config: perAccount(10),
    },
    async (request) =>
      ok(
        await paybill.claimCode(request.user!, request.params.id, request.body.code),
        paybillMessages.codeAccepted,
      ),
  );
};
