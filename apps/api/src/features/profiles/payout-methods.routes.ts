import {
  banksResponse,
  kenyanBanks,
  paymentMethodsResponse,
  updatePaymentMethodRequest,
  updatePaymentMethodResponse,
} from '@myprosper/contract/advisor-settings';
import { errorEnvelope, idParam } from '@myprosper/contract/common';
import { messages } from '@myprosper/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../lib/reply.ts';
import { callerOf } from './caller.ts';
import { PayoutMethodsService } from './payout-methods.service.ts';

const tags = ['payment preferences'];
const security = [{ bearer: [] }];
const errors = { 401: errorEnvelope, 403: errorEnvelope, 422: errorEnvelope };

/** The mentor's payment preferences, under /myprosper/api. */
export const payoutMethodsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new PayoutMethodsService(app.db.db, app.signingSecret, app.tokens.now);

  app.get(
    '/getBanks',
    {
      schema: {
        tags,
        security,
        summary: 'Banks licensed in Kenya',
        response: { 200: banksResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async () => ok(kenyanBanks.map((name) => ({ name }))),
  );

  app.get(
    '/getPaymentMethods/:userId',
    {
      schema: {
        tags,
        security,
        summary: "A mentor's saved payout methods, phone and account numbers masked (their own)",
        params: z.object({ userId: idParam }),
        response: { 200: paymentMethodsResponse, ...errors },
      },
      onRequest: app.requireRole('ADVISOR', 'ADMIN'),
    },
    async (request) => ok(await service.list(callerOf(request), request.params.userId)),
  );

  app.post(
    '/updatePaymentMethod',
    {
      schema: {
        tags,
        security,
        summary:
          'Save one payout method: MPESA (mpesaPhoneNumber; paid only once proven: the account’s verified phone, or phoneProof), BANK (bank details) or PAYPAL (paypalEmail)',
        body: updatePaymentMethodRequest,
        response: { 200: updatePaymentMethodResponse, ...errors },
      },
      onRequest: app.requireRole('ADVISOR'),
    },
    async (request) => {
      await service.save(callerOf(request), request.body);
      return done(messages.paymentMethodUpdated);
    },
  );
};
