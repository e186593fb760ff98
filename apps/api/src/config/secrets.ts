import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from './env.ts';

/**
 * The signing secret: JWT_SECRET when set, otherwise one generated on first start and kept in DATA_DIR,
 * so `npm start` needs no configuration and tokens survive restarts.
 */
export function resolveSigningSecret(env: Env): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = join(env.DATA_DIR, 'signing-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
