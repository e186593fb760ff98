import { mpesaBalanceMessages, mpesaBalanceResponse } from '@myprosper/contract/mpesa-disbursements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import type { MpesaDisbursements } from '../payments/payments.door.ts';
import { adminErrors, adminSecurity, adminTags } from './route-kit.ts';

/**
 * The B2C account's balance under /myprosper/api/admin (shown on the reconciliation page): Daraja's Account
 * Balance is asynchronous, so a check is asked for, and its answer read when it has come.
 */
export const adminMpesaBalanceRoutes: FastifyPluginAsyncZod<{
  disbursements: Pick<MpesaDisbursements, 'balanceStatus' | 'askBalance'>;
}> = async (app, { disbursements }) => {
  const schema = { tags: adminTags, security: adminSecurity };

  app.get(
    '/mpesaBalance',
    {
      schema: {
        ...schema,
        summary: "The B2C account's latest M-PESA balance, and whether a newer check is on its way",
        response: { 200: mpesaBalanceResponse, ...adminErrors },
      },
    },
    async () => ok(await disbursements.balanceStatus(), mpesaBalanceMessages.latest),
  );

  app.post(
    '/mpesaBalance',
    {
      schema: {
        ...schema,
        summary: 'Ask M-PESA for the B2C account balance now (Account Balance); the answer comes later',
        response: { 200: mpesaBalanceResponse, ...adminErrors },
      },
    },
    async () => {
      const { asked, status } = await disbursements.askBalance();
      return ok(status, asked ? mpesaBalanceMessages.asked : mpesaBalanceMessages.stillAsking);
    },
  );
};
