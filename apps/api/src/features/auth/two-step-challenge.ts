import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import type { Clock } from './token.service.ts';

/** How long the code step may follow the password step. */
export const challengeMinutes = 5;
const purpose = 'two-step';

/** Who passed the password step, and under which token version (a log-out or password change ends it). */
export interface Challenge {
  userId: number;
  version: number;
}

/**
 * The challenge the password step answers a two-step account: a JWT (HS256) with a key of its own, so it is
 * never a bearer token, and a bearer token is never a challenge.
 */
export function signChallenge(key: Uint8Array, challenge: Challenge, now: Clock): Promise<string> {
  const issuedAt = Math.floor(now().getTime() / 1000);
  return new SignJWT({ purpose, ver: challenge.version })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(challenge.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + challengeMinutes * 60)
    .sign(key);
}

/** The challenge of a valid, unexpired token, or null. */
export async function verifyChallenge(key: Uint8Array, token: string, now: Clock): Promise<Challenge | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() });
    const userId = Number(payload.sub);
    if (payload.purpose !== purpose || !Number.isInteger(userId) || typeof payload.ver !== 'number')
      return null;
    return { userId, version: payload.ver };
  } catch {
    return null;
  }
}

/**
 * The account a challenge names, unverified: only a rate limit key. A forged one spends the count of the account
 * it names, as typing that account's e-mail at the password step does.
 */
export function challengeSubject(token: unknown): string {
  if (typeof token !== 'string') return '';
  try {
    return String(decodeJwt(token).sub ?? '');
  } catch {
    return '';
  }
}
