import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MpesaDisbursements } from './mpesa-disbursements.service.ts';

export interface MpesaResultsRoutesOptions {
  disbursements: MpesaDisbursements;
}

const tokenParams = z.object({
  token: z
    .string()
    .min(16)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/),
});

/** Daraja is told its POST was taken, whatever became of it (it does not retry, and must learn nothing). */
const accepted = z.object({ ResultCode: z.literal(0), ResultDesc: z.string() });

/**
 * Where Daraja posts the outcome of a B2C payment, reversal, status or balance check (ResultURL), or its
 * expiry in the queue (QueueTimeOutURL); under /myprosper/api. Unsigned by Daraja: the path token names one
 * request and the result must name its ids (mpesa-b2c-c2b-whatsapp.md §1.8). No 'query' in these paths.
 */
export const mpesaResultsRoutes: FastifyPluginAsyncZod<MpesaResultsRoutesOptions> = async (app, options) => {
  const { disbursements } = options;
  for (const [path, timedOut] of [
    ['/mpesa/results/:token', false],
    ['/mpesa/timeouts/:token', true],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags: ['payments'],
          summary: timedOut
            ? "Daraja's queue timeout for a B2C payment, reversal or check; the path token names the request"
            : "Daraja's result of a B2C payment, reversal, status or balance check; the path token names the request",
          params: tokenParams,
          body: z.unknown(),
          response: { 200: accepted },
        },
      },
      async (request) => {
        await disbursements.handleResult(request.params.token, request.body, timedOut);
        return { ResultCode: 0 as const, ResultDesc: 'Accepted' };
      },
    );
  }
};
