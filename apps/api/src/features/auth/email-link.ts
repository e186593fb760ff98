import { hkdfSync } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from './token.service.ts';

const purpose = 'email';

/** What an e-mail link proves once opened: the owner of `email` reads mail there. */
export interface EmailLinkClaims {
  userId: number;
  /** The address the link was sent to, which it confirms. */
  email: string;
  /** The account's address when the link was made: a link for a change counts only while it still is. */
  from: string;
  /** The account's token version: a re-application, password change or log-out everywhere ends older links. */
  version: number;
}

export type EmailLinkCheck =
  | { ok: true; claims: EmailLinkClaims }
  | { ok: false; reason: 'expired' | 'invalid' };

/** The key e-mail links are signed with (HS256): derived from the server's signing secret, for links only. */
export function emailLinkKey(signingSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', signingSecret, 'myprosper', 'email link', 32));
}

export function signEmailLink(
  key: Uint8Array,
  claims: EmailLinkClaims,
  now: Clock,
  hours: number,
): Promise<string> {
  const issuedAt = Math.floor(now().getTime() / 1000);
  return new SignJWT({ purpose, email: claims.email, from: claims.from, ver: claims.version })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + hours * 3600)
    .sign(key);
}

/** The claims of a link signed by us and not expired; anything else is 'invalid' (or 'expired'). */
export async function verifyEmailLink(key: Uint8Array, token: string, now: Clock): Promise<EmailLinkCheck> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() });
    const userId = Number(payload.sub);
    const { email, from, ver } = payload;
    if (
      payload.purpose !== purpose ||
      !Number.isInteger(userId) ||
      typeof email !== 'string' ||
      typeof from !== 'string' ||
      typeof ver !== 'number'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: { userId, email, from, version: ver } };
  } catch (error) {
    return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/** The page the link opens: ${PUBLIC_URL}/verify-email/{token}. */
export function emailLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/verify-email/${token}`;
}
