import { auditQuery, auditResponse } from '@myprosper/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { AuditLogRepository } from './audit-log.repository.ts';
import { adminErrors, adminSecurity, adminTags } from './route-kit.ts';

/** GET /myprosper/api/admin/audit: what admins did, newest first. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: 'The audit log: who did what, when, with the state before and after (newest first)',
        querystring: auditQuery,
        response: { 200: auditResponse, ...adminErrors },
      },
    },
    async (request) => {
      const { page, pageSize, entity, entityId } = request.query;
      const { rows, total } = await new AuditLogRepository(app.db.db).list({
        entity,
        entityId,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return ok({
        items: rows.map((row) => ({
          id: row.id,
          actor: row.actorId === null ? null : { id: row.actorId, name: row.actorName ?? '' },
          action: row.action,
          entity: row.entity,
          entityId: row.entityId,
          before: row.before,
          after: row.after,
          at: row.at.toISOString(),
        })),
        total,
        page,
        pageSize,
      });
    },
  );
};
