import { and, eq, isNull, lte, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { refreshTokens } from '../../db/schema/refresh-tokens.ts';
import { users } from '../../db/schema/users.ts';

export type NewRefreshToken = typeof refreshTokens.$inferInsert;

/** Refresh tokens (hashes only) and the sign-in families they belong to. */
export class RefreshTokensRepository {
  constructor(private readonly db: DbOrTx) {}

  async insert(values: NewRefreshToken): Promise<void> {
    await this.db.insert(refreshTokens).values(values);
  }

  /**
   * The token with this hash and its user as they are now; the token's row stays locked until the transaction
   * ends, so a second use of the same token at the same moment waits and then finds it spent.
   */
  async findForUpdate(tokenHash: string) {
    const [row] = await this.db
      .select({
        id: refreshTokens.id,
        familyId: refreshTokens.familyId,
        tokenVersion: refreshTokens.tokenVersion,
        expiresAt: refreshTokens.expiresAt,
        familyExpiresAt: refreshTokens.familyExpiresAt,
        usedAt: refreshTokens.usedAt,
        revokedAt: refreshTokens.revokedAt,
        user: {
          id: users.id,
          email: users.email,
          name: users.name,
          role: users.role,
          status: users.status,
          passwordHash: users.passwordHash,
          tokenVersion: users.tokenVersion,
        },
      })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1)
      .for('update', { of: refreshTokens });
    return row ?? null;
  }

  async markUsed(id: number, at: Date): Promise<void> {
    await this.db.update(refreshTokens).set({ usedAt: at }).where(eq(refreshTokens.id, id));
  }

  /** Every token of the family stops working, the newest included. */
  async revokeFamily(familyId: string, at: Date): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  /** Forgets the user's tokens that can no longer be used: past their absolute expiry or of an older version. */
  async deleteDead(userId: number, tokenVersion: number, now: Date): Promise<void> {
    await this.db
      .delete(refreshTokens)
      .where(
        and(
          eq(refreshTokens.userId, userId),
          or(lte(refreshTokens.familyExpiresAt, now), ne(refreshTokens.tokenVersion, tokenVersion)),
        ),
      );
  }

  /** Forgets every refresh token of the user (log-out everywhere). */
  async deleteAllOf(userId: number): Promise<void> {
    await this.db.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
  }
}
