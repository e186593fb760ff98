import { idParam } from '@myprosper/contract/common';
import {
  reconciliationMessages as messages,
  reconciliationItemResponse,
  reconciliationOverviewResponse,
  reconciliationQuery,
  reconciliationRunResponse,
  resolveItemRequest,
  statementImportRequest,
  statementImportResponse,
  statementMaxChars,
} from '@myprosper/contract/reconciliation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import type { ReconciliationService } from '../payments/payments.door.ts';
import { AuditLogRepository } from './audit-log.repository.ts';
import { adminErrors, adminSecurity, adminTags } from './route-kit.ts';

/**
 * M-PESA reconciliation under /myprosper/api/admin: the runs and what they could not match (re-check, resolve
 * with a note: both audited), and imported organisation portal statements matched line by line.
 */
export const adminReconciliationRoutes: FastifyPluginAsyncZod<{
  reconciliation: ReconciliationService;
}> = async (app, { reconciliation }) => {
  const db = app.db.db;
  const schema = { tags: adminTags, security: adminSecurity };
  const params = z.object({ id: idParam });

  app.get(
    '/reconciliation',
    {
      schema: {
        ...schema,
        summary:
          'The latest reconciliation runs, the items they could not match (OPEN by default), and imports',
        querystring: reconciliationQuery,
        response: { 200: reconciliationOverviewResponse, ...adminErrors },
      },
    },
    async (request) => ok(await reconciliation.overview(request.query.status)),
  );

  app.post(
    '/reconciliation/runs',
    {
      schema: {
        ...schema,
        summary: 'Run the M-PESA reconciliation now (what the daily job does), recorded as a run',
        response: { 200: reconciliationRunResponse, ...adminErrors },
      },
    },
    async (request) => {
      const run = await reconciliation.run('ADMIN');
      await new AuditLogRepository(db).record({
        actorId: request.user!.id,
        action: 'RUN_RECONCILIATION',
        entity: 'reconciliation_run',
        entityId: run.id,
        before: null,
        after: run,
      });
      return ok(run, messages.runDone(run.settled, run.unmatched));
    },
  );

  app.post(
    '/reconciliation/items/:id/recheck',
    {
      schema: {
        ...schema,
        summary: 'Check an open item again now (M-PESA asked again, a statement line matched again)',
        params,
        response: { 200: reconciliationItemResponse, ...adminErrors },
      },
    },
    async (request) => {
      const before = await reconciliation.item(request.params.id);
      const { item, settled } = await reconciliation.recheck(request.params.id);
      await new AuditLogRepository(db).record({
        actorId: request.user!.id,
        action: 'RECHECK_RECONCILIATION_ITEM',
        entity: 'reconciliation_item',
        entityId: item.id,
        before: { status: before.status },
        after: { status: item.status },
      });
      return ok(item, settled ? messages.recheckSettled : messages.rechecked);
    },
  );

  app.post(
    '/reconciliation/items/:id/resolve',
    {
      schema: {
        ...schema,
        summary: 'Mark an open item resolved, with a note of what was done (audited)',
        params,
        body: resolveItemRequest,
        response: { 200: reconciliationItemResponse, ...adminErrors },
      },
    },
    async (request) => {
      const adminId = request.user!.id;
      await db.transaction(async (tx) => {
        const before = await reconciliation.resolve(tx, request.params.id, adminId, request.body.note);
        await new AuditLogRepository(tx).record({
          actorId: adminId,
          action: 'RESOLVE_RECONCILIATION_ITEM',
          entity: 'reconciliation_item',
          entityId: before.id,
          before: { status: before.status, problem: before.problem, detail: before.detail },
          after: { status: 'RESOLVED', note: request.body.note },
        });
      });
      return ok(await reconciliation.item(request.params.id), messages.resolved);
    },
  );

  app.post(
    '/mpesaStatements',
    {
      bodyLimit: statementMaxChars * 4 + 10_000,
      schema: {
        ...schema,
        summary:
          "Import the M-PESA organisation portal's statement (CSV as text): each line matched to a ledger entry or flagged; a bad file changes nothing",
        body: statementImportRequest,
        response: { 200: statementImportResponse, ...adminErrors },
      },
    },
    async (request) => {
      const id = await reconciliation.importStatement(request.user!.id, request.body);
      const detail = await reconciliation.statement(id);
      await new AuditLogRepository(db).record({
        actorId: request.user!.id,
        action: 'IMPORT_MPESA_STATEMENT',
        entity: 'mpesa_statement',
        entityId: id,
        before: null,
        after: {
          fileName: detail.fileName,
          lines: detail.lineCount,
          matched: detail.matched,
          flagged: detail.flagged,
        },
      });
      return ok(detail, messages.imported(detail.matched, detail.flagged));
    },
  );

  app.get(
    '/mpesaStatements/:id',
    {
      schema: {
        ...schema,
        summary: 'An imported statement with every line and what it matched',
        params,
        response: { 200: statementImportResponse, ...adminErrors },
      },
    },
    async (request) => ok(await reconciliation.statement(request.params.id)),
  );
};
