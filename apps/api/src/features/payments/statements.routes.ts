import { errorEnvelope, idParam } from '@myprosper/contract/common';
import { earningsStatementQuery } from '@myprosper/contract/reconciliation';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PdfFile, StatementsService } from './statements.service.ts';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope };

function sendPdf(reply: FastifyReply, file: PdfFile) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.pdf);
}

/** Receipts and earnings statements as PDF, under /myprosper/api: the owner's (or any, for an admin). */
export const statementsRoutes: FastifyPluginAsyncZod<{ statements: StatementsService }> = async (
  app,
  { statements },
) => {
  app.get(
    '/payments/:id/receipt.pdf',
    {
      schema: {
        tags: ['payments'],
        summary:
          "A completed payment's receipt (PDF): amount, VAT, method, M-PESA receipt or card reference, session. The payer's own, or any for admins; others get 404",
        security: [{ bearer: [] }],
        params: z.object({ id: idParam }),
        produces: ['application/pdf'],
        response: errors,
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => sendPdf(reply, await statements.receipt(request.user!, request.params.id)),
  );

  app.get(
    '/earnings/statement.pdf',
    {
      schema: {
        tags: ['payments'],
        summary:
          "A mentor's monthly earnings statement (PDF): sessions held, gross, commission, earnings, payouts with their M-PESA receipts. Mentors get their own; admins name the mentor (mentorId)",
        security: [{ bearer: [] }],
        querystring: earningsStatementQuery,
        produces: ['application/pdf'],
        response: errors,
      },
      onRequest: app.requireUser,
    },
    async (request, reply) =>
      sendPdf(reply, await statements.earnings(request.user!, request.query.month, request.query.mentorId)),
  );
};
