import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import type { UserRow } from '../../db/seed/factories.ts';
import { bearer } from '../booking/booking.test-helpers.ts';

/** Helpers of the admin console's integration tests. */

export const adminApi = '/myprosper/api/admin';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls an admin route as this user (or as a visitor) and answers the raw response. */
export async function callAs(
  app: FastifyInstance,
  user: Pick<UserRow, 'id' | 'role' | 'tokenVersion'> | null,
  method: Method,
  path: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url: path.startsWith('/') ? path : `${adminApi}/${path}`,
    headers: user ? await bearer(app, user) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** Calls an admin route as this admin and answers the envelope's data, failing on any other status than 200. */
export async function adminCall<T = unknown>(
  ctx: TestContext,
  admin: UserRow,
  method: Method,
  path: string,
  payload?: unknown,
): Promise<T> {
  const res = await callAs(ctx.app, admin, method, path, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

/** Audit rows of one entity, oldest first. */
export async function auditRowsOf(ctx: TestContext, entity: string, entityId: number) {
  return ctx.database.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.entity, entity), eq(adminAuditLog.entityId, entityId)))
    .orderBy(adminAuditLog.id);
}
