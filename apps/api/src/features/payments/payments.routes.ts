import { errorEnvelope } from '@myprosper/contract/common';
import {
  cancellationPolicyResponse,
  cancelSessionRequest,
  cancelSessionResponse,
  checkoutSessionRequest,
  checkoutSessionResponse,
  lastPaymentResponse,
  makeMpesaPaymentRequest,
  makeMpesaPaymentResponse,
  mpesaCallbackAnswer,
  mpesaCallbackBody,
  paymentMessages,
} from '@myprosper/contract/payments';
import { sessionIdParams } from '@myprosper/contract/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitPerAddress, perAccount } from '../../lib/rate-limits.ts';
import { done, ok } from '../../lib/reply.ts';
import type { SessionsService } from '../sessions/sessions.door.ts';
import type { CancellationService } from './cancellation.service.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { MpesaService } from './mpesa.service.ts';

const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
  503: errorEnvelope,
};

export interface PaymentsRoutesOptions {
  mpesa: MpesaService;
  checkout: CheckoutService;
  sessions: SessionsService;
  cancellation: CancellationService;
}

/** M-PESA payments and their callback, wallet checkout, cancellations; under /myprosper/api. */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, options) => {
  const { mpesa, checkout, sessions, cancellation } = options;
  const pushesPerAddress = limitPerAddress(app, 'stk-push', 30);

  app.post(
    '/makeMpesaPayment',
    {
      schema: {
        tags: ['payments'],
        summary: 'Send an M-PESA PIN prompt for what the caller still owes for a session (share less wallet)',
        security: [{ bearer: [] }],
        body: makeMpesaPaymentRequest,
        response: { 200: makeMpesaPaymentResponse, ...errors },
      },
      // Each push rings a phone: per account (whichever token) and per address.
      onRequest: [app.requireUser, pushesPerAddress],
      preHandler: app.requireVerifiedPhone,
      config: perAccount(10),
    },
    async (request) => ok(await mpesa.initiate(request.user!, request.body), paymentMessages.initiated),
  );

  app.post(
    '/mpesa/callback/:token',
    {
      schema: {
        tags: ['payments'],
        summary: "Daraja's STK push callback; the path token names the payment",
        params: z.object({
          token: z
            .string()
            .min(16)
            .max(128)
            .regex(/^[A-Za-z0-9_-]+$/),
        }),
        body: mpesaCallbackBody,
        response: { 200: mpesaCallbackAnswer, 422: errorEnvelope },
      },
    },
    async (request) => {
      await mpesa.handleCallback(request.params.token, request.body);
      return { ResultCode: 0, ResultDesc: 'Accepted' };
    },
  );

  app.get(
    '/getLastPayment/:id',
    {
      schema: {
        tags: ['payments'],
        summary: "The caller's latest payment attempt for a session (pending, succeeded, or failed and why)",
        security: [{ bearer: [] }],
        params: sessionIdParams,
        response: { 200: lastPaymentResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      await sessions.findReadable(request.user!, request.params.id);
      return ok(await mpesa.lastPayment(request.user!, request.params.id));
    },
  );

  app.post(
    '/checkoutSession',
    {
      schema: {
        tags: ['payments'],
        summary: "Pay the caller's share of a session from their wallet",
        security: [{ bearer: [] }],
        body: checkoutSessionRequest,
        response: { 200: checkoutSessionResponse, ...errors },
      },
      onRequest: app.requireUser,
      preHandler: app.requireVerifiedPhone,
    },
    async (request) => {
      await checkout.checkout(request.user!, request.body);
      return done(paymentMessages.checkoutSuccessful);
    },
  );

  app.get(
    '/cancellationPolicy/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'What cancelling the session now would give the caller back',
        security: [{ bearer: [] }],
        params: sessionIdParams,
        response: { 200: cancellationPolicyResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await cancellation.policy(request.user!, request.params.id)),
  );

  app.post(
    '/cancelSession',
    {
      schema: {
        tags: ['payments'],
        summary: 'Cancel a session (its host or mentor), refunding by the cancellation policy',
        security: [{ bearer: [] }],
        body: cancelSessionRequest,
        response: { 200: cancelSessionResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) =>
      ok(
        await cancellation.cancel(request.user!, {
          sessionId: request.body.sessionId,
          reason: request.body.reason,
          refundTo: request.body.refundTo,
        }),
        paymentMessages.cancelled,
      ),
  );
};
