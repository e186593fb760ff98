import type { FastifyInstance } from 'fastify';
import { defaultPassword, randomIp } from './auth.test-helpers.ts';
import { base32Decode, codeAt, stepAt } from './totp.ts';

/** Helpers of the two-step sign-in tests: turning it on as the profile page does, and codes as an app shows them. */

export const codeStepUrl = '/myprosper/auth/authenticate/code';

/** The code an authenticator app with this key shows at this time, `steps` periods of 30 seconds later. */
export function appCode(key: string, at: Date, steps = 0): string {
  const secret = base32Decode(key);
  if (!secret) throw new Error(`not a base32 key: ${key}`);
  return codeAt(secret, stepAt(at) + steps);
}

/**
 * Turns two-step sign-in on for the holder of this bearer token and password (the auth helpers' default); its
 * key and recovery codes.
 */
export async function turnOnTwoStep(
  app: FastifyInstance,
  token: string,
  at: Date,
  password = defaultPassword,
) {
  const headers = { authorization: `Bearer ${token}` };
  const setup = await app.inject({
    method: 'POST',
    url: '/myprosper/auth/twoStep/setup',
    headers,
    payload: { password },
  });
  if (setup.statusCode !== 200) throw new Error(`setup: ${setup.statusCode} ${setup.body}`);
  const { key, link } = setup.json().data as { key: string; link: string };
  const confirm = await app.inject({
    method: 'POST',
    url: '/myprosper/auth/twoStep/confirm',
    headers,
    payload: { password, code: appCode(key, at) },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.statusCode} ${confirm.body}`);
  return { key, link, recoveryCodes: confirm.json().data.recoveryCodes as string[] };
}

/** The code step of a log-in. */
export function sendCode(app: FastifyInstance, challenge: string, code: string, remoteAddress = randomIp()) {
  return app.inject({ method: 'POST', url: codeStepUrl, remoteAddress, payload: { challenge, code } });
}
