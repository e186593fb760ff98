import { and, desc, eq, gt, lte, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { signIns } from '../../db/schema/sign-ins.ts';
import { users } from '../../db/schema/users.ts';
import { accountColumns } from './auth.repository.ts';

export type NewSignIn = typeof signIns.$inferInsert;

/** Sign-ins (one per log-in on a device); deleting one deletes its refresh tokens (ON DELETE CASCADE). */
export class SignInsRepository {
  constructor(private readonly db: DbOrTx) {}

  async insert(values: NewSignIn): Promise<void> {
    await this.db.insert(signIns).values(values);
  }

  /**
   * The sign-in and its user as they are now; the sign-in's row stays locked until the transaction ends, so the
   * refreshes of one sign-in take turns, and ending it waits for a refresh under way (and the other way round).
   */
  async findForUpdate(id: string) {
    const [row] = await this.db
      .select({
        id: signIns.id,
        tokenVersion: signIns.tokenVersion,
        expiresAt: signIns.expiresAt,
        user: accountColumns,
      })
      .from(signIns)
      .innerJoin(users, eq(users.id, signIns.userId))
      .where(eq(signIns.id, id))
      .limit(1)
      .for('update', { of: signIns });
    return row ?? null;
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.db.update(signIns).set({ lastUsedAt: at }).where(eq(signIns.id, id));
  }

  /**
   * The user's sign-ins still going: of their current token version, before their absolute expiry, and used
   * since `usedSince` (the idle lifetime ago); the latest used first.
   */
  async listLive(userId: number, now: Date, usedSince: Date) {
    return this.db
      .select({
        id: signIns.id,
        device: signIns.device,
        signedInAt: signIns.signedInAt,
        lastUsedAt: signIns.lastUsedAt,
      })
      .from(signIns)
      .innerJoin(users, eq(users.id, signIns.userId))
      .where(
        and(
          eq(signIns.userId, userId),
          eq(signIns.tokenVersion, users.tokenVersion),
          gt(signIns.expiresAt, now),
          gt(signIns.lastUsedAt, usedSince),
        ),
      )
      .orderBy(desc(signIns.lastUsedAt), desc(signIns.signedInAt));
  }

  /** Ends one sign-in (its refresh tokens go with it). */
  async delete(id: string): Promise<void> {
    await this.db.delete(signIns).where(eq(signIns.id, id));
  }

  /** Ends the sign-in if it is this user's; answers whether there was one. */
  async deleteOwned(id: string, userId: number): Promise<boolean> {
    const rows = await this.db
      .delete(signIns)
      .where(and(eq(signIns.id, id), eq(signIns.userId, userId)))
      .returning({ id: signIns.id });
    return rows.length > 0;
  }

  /** Forgets the user's sign-ins that can no longer be used: past their absolute expiry or of an older version. */
  async deleteDead(userId: number, tokenVersion: number, now: Date): Promise<void> {
    await this.db
      .delete(signIns)
      .where(
        and(
          eq(signIns.userId, userId),
          or(lte(signIns.expiresAt, now), ne(signIns.tokenVersion, tokenVersion)),
        ),
      );
  }

  /** Forgets every sign-in of the user (log-out everywhere). */
  async deleteAllOf(userId: number): Promise<void> {
    await this.db.delete(signIns).where(eq(signIns.userId, userId));
  }
}
