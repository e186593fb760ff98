import { errorEnvelope } from '@myprosper/contract/common';
import {
  mpesaRefundsQuery,
  mpesaRefundsResponse,
  refundMessages,
  refundPreference,
  refundPreferenceResponse,
  withdrawalRulesResponse,
  withdrawRequest,
  withdrawResponse,
} from '@myprosper/contract/refunds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitPerAccount, perAccount } from '../../lib/rate-limits.ts';
import { ok } from '../../lib/reply.ts';
import type { MpesaRefundsService } from './mpesa-refunds.service.ts';

const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  422: errorEnvelope,
  429: errorEnvelope,
};

/** Refunds to M-PESA and wallet withdrawals (issue 21), under /myprosper/api. */
export const mpesaRefundsRoutes: FastifyPluginAsyncZod<{ refunds: MpesaRefundsService }> = async (
  app,
  { refunds },
) => {
  // Each withdrawal sends money out: a few an hour per account is plenty for a person and little for a script.
  const withdrawalsPerHour = limitPerAccount(app, 'withdrawals', 5, '1 hour');

  app.get(
    '/refundPreference',
    {
      schema: {
        tags: ['payments'],
        summary: "Where the caller's refunds of M-PESA payments go unless they choose otherwise",
        security: [{ bearer: [] }],
        response: { 200: refundPreferenceResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => ok({ destination: await refunds.preference(request.user!) }),
  );

  app.put(
    '/refundPreference',
    {
      schema: {
        tags: ['payments'],
        summary: "Saves where the caller's refunds of M-PESA payments go: WALLET or MPESA",
        security: [{ bearer: [] }],
        body: refundPreference,
        response: { 200: refundPreferenceResponse, ...errors },
      },
      onRequest: app.requireUser,
      config: perAccount(30),
    },
    async (request) => {
      await refunds.savePreference(request.user!, request.body.destination);
      return ok({ destination: request.body.destination }, refundMessages.preferenceSaved);
    },
  );

  app.get(
    '/mpesaRefunds',
    {
      schema: {
        tags: ['payments'],
        summary:
          "The caller's refunds and withdrawals to M-PESA, newest first: pending, paid (receipt) or failed",
        security: [{ bearer: [] }],
        querystring: mpesaRefundsQuery,
        response: { 200: mpesaRefundsResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await refunds.list(request.user!, request.query.sessionId)),
  );

  app.get(
    '/withdrawalRules',
    {
      schema: {
        tags: ['wallet'],
        summary:
          'What a withdrawal to M-PESA would be: minimum, fee, maximum, balance and the verified number',
        security: [{ bearer: [] }],
        response: { 200: withdrawalRulesResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await refunds.withdrawalRules(request.user!)),
  );

  app.post(
    '/withdrawals',
    {
      schema: {
        tags: ['wallet'],
        summary: "Withdraws from the caller's wallet to their verified M-PESA number (once per requestId)",
        security: [{ bearer: [] }],
        body: withdrawRequest,
        response: { 200: withdrawResponse, ...errors },
      },
      onRequest: [app.requireUser, withdrawalsPerHour],
      preHandler: app.requireVerifiedPhone,
    },
    async (request) =>
      ok(await refunds.withdraw(request.user!, request.body), refundMessages.withdrawalStarted),
  );
};
