import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { refreshTokens } from '../../db/schema/refresh-tokens.ts';

export type NewRefreshToken = typeof refreshTokens.$inferInsert;

/** Refresh tokens (hashes only); each belongs to a sign-in (its family). */
export class RefreshTokensRepository {
  constructor(private readonly db: DbOrTx) {}

  async insert(values: NewRefreshToken): Promise<void> {
    await this.db.insert(refreshTokens).values(values);
  }

  /** The token with this hash: its id and the sign-in it belongs to. */
  async findByHash(tokenHash: string) {
    const [row] = await this.db
      .select({ id: refreshTokens.id, familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    return row ?? null;
  }

  /** The token's state as it is now (read under its sign-in's lock, so no other refresh of it is under way). */
  async findState(id: number) {
    const [row] = await this.db
      .select({ expiresAt: refreshTokens.expiresAt, usedAt: refreshTokens.usedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.id, id))
      .limit(1);
    return row ?? null;
  }

  async markUsed(id: number, at: Date): Promise<void> {
    await this.db.update(refreshTokens).set({ usedAt: at }).where(eq(refreshTokens.id, id));
  }
}
