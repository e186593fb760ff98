import type { Role } from '@myprosper/contract/common';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  userId: number;
  role: Role;
  /** The user's token version when issued; a bumped version revokes older tokens. */
  version: number;
  /**
   * The sign-in (sign_ins.id) the token was given to, as the `sid` claim: ending that sign-in refuses the token.
   * Every token the auth routes issue has one; a token without it (signed directly, as some tests do) is held to
   * the token version only.
   */
  signInId?: string;
}

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Who issues bearer tokens and whom they are for: a token without both, or with others, is refused. */
export const tokenIssuer = 'myprosper';
export const tokenAudience = 'myprosper-api';

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * How many verified tokens a process remembers (about 300 bytes each): checking a signature costs more than the
 * rest of a small signed-in request, and a phone sends the same token for up to 15 minutes.
 */
export const verifiedTokensKept = 10_000;

/** Where the time comes from: the system clock, or a test's. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/**
 * Signs and checks bearer (access) tokens (HS256 only: 'none' and other algorithms are refused), issued by
 * `tokenIssuer` for `tokenAudience` only.
 */
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature, algorithm, issuer and audience were checked, with their claims and expiry (seconds):
   * a token's text decides all of these, so only its expiry is checked again. The oldest goes first when full.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();

  constructor(
    secret: string,
    /** An access token's lifetime; kept short, the web app refreshes it (refresh-tokens.ts). */
    readonly ttlMinutes: number,
    /** Issue and expiry are read from this clock, so tests can move time instead of waiting. */
    readonly now: Clock = systemClock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: TokenClaims): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({
      role: claims.role,
      ver: claims.version,
      ...(claims.signInId ? { sid: claims.signInId } : {}),
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuer(tokenIssuer)
      .setAudience(tokenAudience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlMinutes * 60)
      .sign(this.key);
  }

  async verify(token: string): Promise<TokenCheck> {
    const known = this.verified.get(token);
    if (known) {
      // As jose decides: expired from the second of its `exp` on.
      if (Math.floor(this.now().getTime() / 1000) >= known.expiresAt) {
        this.verified.delete(token);
        return { ok: false, reason: 'expired' };
      }
      return { ok: true, claims: known.claims };
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: tokenIssuer,
        audience: tokenAudience,
        currentDate: this.now(),
      });
      const userId = Number(payload.sub);
      const role = payload.role;
      const version = payload.ver;
      const signInId = payload.sid;
      if (!Number.isInteger(userId) || typeof role !== 'string' || typeof version !== 'number') {
        return { ok: false, reason: 'invalid' };
      }
      if (signInId !== undefined && !(typeof signInId === 'string' && uuidShape.test(signInId))) {
        return { ok: false, reason: 'invalid' };
      }
      const claims: TokenClaims = { userId, role: role as Role, version, ...(signInId ? { signInId } : {}) };
      if (typeof payload.exp === 'number') this.remember(token, claims, payload.exp);
      return { ok: true, claims };
    } catch (error) {
      return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
    }
  }

  private remember(token: string, claims: TokenClaims, expiresAt: number): void {
    if (this.verified.size >= verifiedTokensKept) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, { claims, expiresAt });
  }
}

/**
 * Whether a token's claims still hold for its user as they are now: an active account, the same token version
 * (log-out everywhere, password changes and suspensions bump it), and the token's sign-in not ended.
 */
export function isTokenCurrent(
  claims: TokenClaims,
  state: { status: string; tokenVersion: number; signInId: string | null } | null,
): boolean {
  if (!state || state.status !== 'ACTIVE' || state.tokenVersion !== claims.version) return false;
  return claims.signInId === undefined || state.signInId === claims.signInId;
}
