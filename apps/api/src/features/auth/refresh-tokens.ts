import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/connection.ts';
import type { Account } from './auth.repository.ts';
import { RefreshTokensRepository } from './refresh-tokens.repository.ts';
import { SignInsRepository } from './sign-ins.repository.ts';
import type { Clock } from './token.service.ts';

/**
 * Sign-ins and their refresh tokens. A sign-in (log-in, sign-up, password change) is a row of sign_ins; its id is
 * the `sid` claim of its bearer tokens. Its refresh token is an opaque random value in an HttpOnly cookie, stored
 * only as its SHA-256, rotated on every use. Bearer (access) tokens live minutes; the refresh token keeps a
 * sign-in going for up to the idle lifetime between uses, and never past the absolute lifetime from its log-in.
 *
 * Revocation: each sign-in carries the user's token version when it started. Log-out everywhere, a password
 * change or reset and a suspension bump users.token_version, which refuses the bearer tokens and the refresh
 * tokens in one place (no second list of rows to delete that a new revoking path could forget). One sign-in is
 * ended by deleting its row (the person ends it from another device, or a spent refresh token came back): its
 * refresh tokens go with it, and its bearer tokens name a sign-in that is no more. Dead sign-ins are swept when
 * the user next signs in, and log-out deletes them outright.
 */

const dayMs = 24 * 60 * 60 * 1000;
const tokenBytes = 32;
/** base64url of 32 bytes. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

export interface RefreshLifetimes {
  idleDays: number;
  absoluteDays: number;
}

/** A refresh token for the browser: the value (never stored), when it stops working, and its sign-in. */
export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
  signInId: string;
}

export type RefreshOutcome =
  | { ok: true; account: Account; refresh: IssuedRefreshToken }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/** A sign-in still going, as its owner sees it. */
export interface LiveSignIn {
  id: string;
  device: string | null;
  signedInAt: Date;
  lastUsedAt: Date;
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts, lists and ends sign-ins; issues, rotates and revokes their refresh tokens. */
export class RefreshTokenService {
  constructor(
    private readonly lifetimes: RefreshLifetimes,
    private readonly now: Clock,
  ) {}

  /**
   * Starts a new sign-in at the user's current token version, with its first refresh token; sweeps the user's
   * dead sign-ins. `device` describes where it happens ('Chrome on Android'), when known.
   */
  async start(
    db: DbOrTx,
    user: { id: number; tokenVersion: number },
    device: string | null,
  ): Promise<IssuedRefreshToken> {
    const now = this.now();
    const signIns = new SignInsRepository(db);
    await signIns.deleteDead(user.id, user.tokenVersion, now);
    const signInId = randomUUID();
    const signInExpiresAt = new Date(now.getTime() + this.lifetimes.absoluteDays * dayMs);
    await signIns.insert({
      id: signInId,
      userId: user.id,
      tokenVersion: user.tokenVersion,
      device,
      signedInAt: now,
      lastUsedAt: now,
      expiresAt: signInExpiresAt,
    });
    return this.issue(new RefreshTokensRepository(db), { signInId, signInExpiresAt, now });
  }

  /**
   * Spends a presented token and issues the next one of its sign-in, in one transaction. A token already spent
   * means two holders: the sign-in is ended (committed, though the answer is a refusal). Expired tokens, ended
   * sign-ins, older token versions and accounts no longer active are refused.
   */
  async rotate(db: Db, presented: string): Promise<RefreshOutcome> {
    if (!tokenShape.test(presented)) return { ok: false, reason: 'unknown' };
    const hash = hashRefreshToken(presented);
    return db.transaction(async (tx) => {
      const now = this.now();
      const tokens = new RefreshTokensRepository(tx);
      const signIns = new SignInsRepository(tx);
      const found = await tokens.findByHash(hash);
      if (!found) return { ok: false, reason: 'unknown' } as const;
      // The sign-in is locked first (as ending it does), then the token is read again: a refresh of the same
      // sign-in that was under way has committed by now, so a token it spent reads as spent.
      const signIn = await signIns.findForUpdate(found.familyId);
      const token = signIn ? await tokens.findState(found.id) : null;
      if (!signIn || !token) return { ok: false, reason: 'revoked' } as const;
      if (token.usedAt) {
        await signIns.delete(signIn.id);
        return { ok: false, reason: 'reused' } as const;
      }
      const { user } = signIn;
      if (user.status !== 'ACTIVE' || user.tokenVersion !== signIn.tokenVersion) {
        return { ok: false, reason: 'revoked' } as const;
      }
      if (token.expiresAt <= now || signIn.expiresAt <= now) return { ok: false, reason: 'expired' } as const;
      await tokens.markUsed(found.id, now);
      await signIns.touch(signIn.id, now);
      const refresh = await this.issue(tokens, {
        signInId: signIn.id,
        signInExpiresAt: signIn.expiresAt,
        now,
      });
      return { ok: true, account: user, refresh } as const;
    });
  }

  /** The user's sign-ins still going (a refresh token of theirs would still be taken), the latest used first. */
  async listLive(db: DbOrTx, userId: number): Promise<LiveSignIn[]> {
    const now = this.now();
    const usedSince = new Date(now.getTime() - this.lifetimes.idleDays * dayMs);
    return new SignInsRepository(db).listLive(userId, now, usedSince);
  }

  /** Ends one sign-in of this user: its refresh tokens are gone and its bearer tokens refused. False: none such. */
  async end(db: DbOrTx, userId: number, signInId: string): Promise<boolean> {
    return new SignInsRepository(db).deleteOwned(signInId, userId);
  }

  /** Forgets every sign-in of the user and their refresh tokens (their token version is bumped in the same log-out). */
  async forgetAll(db: DbOrTx, userId: number): Promise<void> {
    await new SignInsRepository(db).deleteAllOf(userId);
  }

  private async issue(
    repository: RefreshTokensRepository,
    signIn: { signInId: string; signInExpiresAt: Date; now: Date },
  ): Promise<IssuedRefreshToken> {
    const token = randomBytes(tokenBytes).toString('base64url');
    const idleUntil = signIn.now.getTime() + this.lifetimes.idleDays * dayMs;
    const expiresAt = new Date(Math.min(idleUntil, signIn.signInExpiresAt.getTime()));
    await repository.insert({
      familyId: signIn.signInId,
      tokenHash: hashRefreshToken(token),
      issuedAt: signIn.now,
      expiresAt,
    });
    return { token, expiresAt, signInId: signIn.signInId };
  }
}
