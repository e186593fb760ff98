import { errorEnvelope } from '@myprosper/contract/common';
import {
  adviseeBalanceResponse,
  advisorBalanceResponse,
  transactionsQuery,
  transactionsResponse,
  walletUserParams,
} from '@myprosper/contract/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { WalletService } from './wallet.service.ts';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope };

/** Wallet balance (advisee: balance, mentor: walletBalance) and transactions, under /myprosper/api. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const wallet = new WalletService(app.db.db);

  app.get(
    '/getAdviseeBalance/:userId',
    {
      schema: {
        tags: ['wallet'],
        summary: "A mentee's wallet balance, integer KES (own, or any for admins)",
        security: [{ bearer: [] }],
        params: walletUserParams,
        response: { 200: adviseeBalanceResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => ok({ balance: await wallet.balance(request.user!, request.params.userId) }),
  );

  app.get(
    '/getAdvisorBalance/:userId',
    {
      schema: {
        tags: ['wallet'],
        summary: "A mentor's wallet balance (earnings not paid out yet), integer KES",
        security: [{ bearer: [] }],
        params: walletUserParams,
        response: { 200: advisorBalanceResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => ok({ walletBalance: await wallet.balance(request.user!, request.params.userId) }),
  );

  app.get(
    '/getTransactions/:userId',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Wallet movements, newest first: CREDIT (money in) or DEBIT (money out), and what for',
        security: [{ bearer: [] }],
        params: walletUserParams,
        querystring: transactionsQuery,
        response: { 200: transactionsResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await wallet.transactions(request.user!, request.params.userId, request.query)),
  );
};
