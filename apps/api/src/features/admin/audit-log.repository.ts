import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { users } from '../../db/schema/users.ts';

export interface AuditEntry {
  actorId: number;
  action: string;
  entity: string;
  /** null for an action on a whole list (the order of the programs). */
  entityId: number | null;
  before: unknown;
  after: unknown;
}

/** Rows of admin_audit_log, written in the same transaction as the change they record. */
export class AuditLogRepository {
  constructor(private readonly db: DbOrTx) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.db.insert(adminAuditLog).values(entry);
  }

  /** Newest first, with the admin's name. */
  async list(filter: { entity?: string; entityId?: number; limit: number; offset: number }) {
    const conditions: SQL[] = [];
    if (filter.entity) conditions.push(eq(adminAuditLog.entity, filter.entity));
    if (filter.entityId !== undefined) conditions.push(eq(adminAuditLog.entityId, filter.entityId));
    const where = and(...conditions);
    const rows = await this.db
      .select({
        id: adminAuditLog.id,
        actorId: adminAuditLog.actorId,
        actorName: users.name,
        action: adminAuditLog.action,
        entity: adminAuditLog.entity,
        entityId: adminAuditLog.entityId,
        before: adminAuditLog.before,
        after: adminAuditLog.after,
        at: adminAuditLog.at,
      })
      .from(adminAuditLog)
      .leftJoin(users, eq(users.id, adminAuditLog.actorId))
      .where(where)
      .orderBy(desc(adminAuditLog.at), desc(adminAuditLog.id))
      .limit(filter.limit)
      .offset(filter.offset);
    const [total] = await this.db.select({ n: count() }).from(adminAuditLog).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  /** The newest row of this action on this entity, or null. */
  async latest(entity: string, entityId: number, action: string) {
    const [row] = await this.db
      .select({ after: adminAuditLog.after, at: adminAuditLog.at })
      .from(adminAuditLog)
      .where(
        and(
          eq(adminAuditLog.entity, entity),
          eq(adminAuditLog.entityId, entityId),
          eq(adminAuditLog.action, action),
        ),
      )
      .orderBy(desc(adminAuditLog.at), desc(adminAuditLog.id))
      .limit(1);
    return row ?? null;
  }
}
