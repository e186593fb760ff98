import { createHmac } from 'node:crypto';
import type { IceServer } from '@myprosper/contract/calls';
import type { Env } from '../../config/env.ts';

export type IceEnv = Pick<Env, 'CALL_STUN_URLS' | 'CALL_TURN_URLS' | 'CALL_TURN_SECRET'>;

function urlsOf(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
}

/**
 * coturn's time-limited credentials (TURN REST API, `use-auth-secret`): the user name is
 * '<expiry unix seconds>:<user id>' and the password base64(HMAC-SHA1(static-auth-secret, user name)).
 * coturn refuses the allocation once the expiry has passed.
 */
export function turnCredential(
  secret: string,
  userId: number,
  validUntil: Date,
): { username: string; credential: string } {
  const username = `${Math.floor(validUntil.getTime() / 1000)}:${userId}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/** The ICE servers of one person's call: STUN as configured, TURN with credentials valid until `validUntil`. */
export function iceServersFor(env: IceEnv, userId: number, validUntil: Date): IceServer[] {
  const servers: IceServer[] = [];
  const stun = urlsOf(env.CALL_STUN_URLS);
  if (stun.length > 0) servers.push({ urls: stun });
  const turn = urlsOf(env.CALL_TURN_URLS);
  if (turn.length > 0 && env.CALL_TURN_SECRET) {
    servers.push({ urls: turn, ...turnCredential(env.CALL_TURN_SECRET, userId, validUntil) });
  }
  return servers;
}

/** TURN URLs without the shared secret cannot be used: said once at start. */
export function iceConfigProblem(env: IceEnv): string | null {
  if (urlsOf(env.CALL_TURN_URLS).length > 0 && !env.CALL_TURN_SECRET) {
    return 'CALL_TURN_URLS is set without CALL_TURN_SECRET: TURN servers are not offered to calls';
  }
  return null;
}
