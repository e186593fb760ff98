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

/** A PDF an admin took of someone else's money: what app.ts records in the audit log (issue 25). */
export interface AdminFileExport {
  adminId: number;
  kind: 'PAYMENT_RECEIPT_PDF' | 'EARNINGS_STATEMENT_PDF';
  entity: 'payment' | 'user';
  entityId: number;
  fileName: string;
  what: string;
}

/**
 * Receipts and earnings statements as PDF, under /myprosper/api: the owner's (or any, for an admin, whose
 * export is audited through `exported` before the file is sent).
 */
export const statementsRoutes: FastifyPluginAsyncZod<{
  statements: StatementsService;
  exported?: (item: AdminFileExport) => Promise<void>;
}> = async (app, { statements, exported }) => {
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
    async (request, reply) => {
      const file = await statements.receipt(request.user!, request.params.id);
      if (request.user!.role === 'ADMIN') {
        await exported?.({
          adminId: request.user!.id,
          kind: 'PAYMENT_RECEIPT_PDF',
          entity: 'payment',
          entityId: request.params.id,
          fileName: file.fileName,
          what: `Receipt of payment ${request.params.id} (PDF)`,
        });
      }
      return sendPdf(reply, file);
    },
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
    async (request, reply) => {
      const { month, mentorId } = request.query;
      const file = await statements.earnings(request.user!, month, mentorId);
      if (request.user!.role === 'ADMIN' && mentorId !== undefined) {
        await exported?.({
          adminId: request.user!.id,
          kind: 'EARNINGS_STATEMENT_PDF',
          entity: 'user',
          entityId: mentorId,
          fileName: file.fileName,
          what: `Earnings statement of ${month} (PDF)`,
        });
      }
      return sendPdf(reply, file);
    },
  );
};
