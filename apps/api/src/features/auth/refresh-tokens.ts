import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/connection.ts';
import type { Account } from './auth.repository.ts';
import { RefreshTokensRepository } from './refresh-tokens.repository.ts';
import type { Clock } from './token.service.ts';

/**
 * Refresh tokens: an opaque random value in an HttpOnly cookie, stored only as its SHA-256, rotated on every
 * use. Bearer (access) tokens live minutes; the refresh token keeps a sign-in going for up to the idle
 * lifetime between uses, and never past the absolute lifetime from its log-in.
 *
 * Revocation: each token carries the user's token version when issued. Log-out everywhere, a password change
 * or reset and a suspension bump users.token_version, which refuses the bearer tokens and the refresh tokens
 * in one place (no second list of rows to delete that a new revoking path could forget). Dead rows are
 * swept when the user next signs in, and log-out deletes them outright.
 */

const dayMs = 24 * 60 * 60 * 1000;
const tokenBytes = 32;
/** base64url of 32 bytes. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

export interface RefreshLifetimes {
  idleDays: number;
  absoluteDays: number;
}

/** A refresh token for the browser: the value (never stored) and when it stops working. */
export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
}

export type RefreshOutcome =
  | { ok: true; account: Account; refresh: IssuedRefreshToken }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Issues, rotates and revokes refresh tokens. */
export class RefreshTokenService {
  constructor(
    private readonly lifetimes: RefreshLifetimes,
    private readonly now: Clock,
  ) {}

  /** Starts the family of a new sign-in, at the user's current token version; sweeps the user's dead tokens. */
  async start(db: DbOrTx, user: { id: number; tokenVersion: number }): Promise<IssuedRefreshToken> {
    const now = this.now();
    const repository = new RefreshTokensRepository(db);
    await repository.deleteDead(user.id, user.tokenVersion, now);
    const familyExpiresAt = new Date(now.getTime() + this.lifetimes.absoluteDays * dayMs);
    return this.issue(repository, {
      userId: user.id,
      familyId: randomUUID(),
      tokenVersion: user.tokenVersion,
      familyExpiresAt,
      now,
    });
  }

  /**
   * Spends a presented token and issues the next one of its family, in one transaction. A token already spent
   * means two holders: the family is revoked (committed, though the answer is a refusal). Expired tokens,
   * revoked families, older token versions and accounts no longer active are refused.
   */
  async rotate(db: Db, presented: string): Promise<RefreshOutcome> {
    if (!tokenShape.test(presented)) return { ok: false, reason: 'unknown' };
    const hash = hashRefreshToken(presented);
    return db.transaction(async (tx) => {
      const now = this.now();
      const repository = new RefreshTokensRepository(tx);
      const row = await repository.findForUpdate(hash);
      if (!row) return { ok: false, reason: 'unknown' } as const;
      if (row.revokedAt) return { ok: false, reason: 'revoked' } as const;
      if (row.usedAt) {
        await repository.revokeFamily(row.familyId, now);
        return { ok: false, reason: 'reused' } as const;
      }
      const { user } = row;
      if (user.status !== 'ACTIVE' || user.tokenVersion !== row.tokenVersion) {
        return { ok: false, reason: 'revoked' } as const;
      }
      if (row.expiresAt <= now || row.familyExpiresAt <= now)
        return { ok: false, reason: 'expired' } as const;
      await repository.markUsed(row.id, now);
      const refresh = await this.issue(repository, {
        userId: user.id,
        familyId: row.familyId,
        tokenVersion: row.tokenVersion,
        familyExpiresAt: row.familyExpiresAt,
        now,
      });
      return { ok: true, account: user, refresh } as const;
    });
  }

  /** Forgets every refresh token of the user (their token version is bumped in the same log-out). */
  async forgetAll(db: DbOrTx, userId: number): Promise<void> {
    await new RefreshTokensRepository(db).deleteAllOf(userId);
  }

  private async issue(
    repository: RefreshTokensRepository,
    family: { userId: number; familyId: string; tokenVersion: number; familyExpiresAt: Date; now: Date },
  ): Promise<IssuedRefreshToken> {
    const token = randomBytes(tokenBytes).toString('base64url');
    const idleUntil = family.now.getTime() + this.lifetimes.idleDays * dayMs;
    const expiresAt = new Date(Math.min(idleUntil, family.familyExpiresAt.getTime()));
    await repository.insert({
      userId: family.userId,
      familyId: family.familyId,
      tokenHash: hashRefreshToken(token),
      tokenVersion: family.tokenVersion,
      issuedAt: family.now,
      expiresAt,
      familyExpiresAt: family.familyExpiresAt,
    });
    return { token, expiresAt };
  }
}
