import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import type { DbOrTx } from '../../db/connection.ts';
import { users } from '../../db/schema/users.ts';
import { hashPassword } from '../../lib/password.ts';
import { tokenAudience, tokenIssuer } from './token.service.ts';

/** Helpers of the auth integration tests: accounts with unique e-mails, sign-in, and the outbox. */

export const defaultPassword = 'Correct#Horse1';

type NewUser = Partial<Omit<typeof users.$inferInsert, 'passwordHash'>> & { password?: string };

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

/** A client address of its own, for calls that should not count against another test's rate limit. */
export function randomIp(): string {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

export async function createUser(db: DbOrTx, options: NewUser = {}) {
  const { password = defaultPassword, ...values } = options;
  const [row] = await db
    .insert(users)
    .values({
      email: uniqueEmail(),
      name: 'Jane Wanjiru',
      role: 'ADVISEE',
      // A number given here counts as proven (as if its owner had typed the SMS code) unless a test says not.
      phoneVerifiedAt: values.phoneNumber ? new Date() : null,
      ...values,
      passwordHash: await hashPassword(password),
    })
    .returning();
  if (!row) throw new Error('user not created');
  return { ...row, password };
}

interface DirectToken {
  /** Seconds since 1970; now and in ten minutes by default. */
  issuedAt?: number;
  expiresAt?: number;
  /** The API's own by default; null leaves the claim out. */
  issuer?: string | null;
  audience?: string | null;
  /** A token id, to make two tokens signed in the same second differ. */
  id?: string;
}

/**
 * A bearer token signed directly with `secret` rather than given by a sign-in: the claims the API's tokens
 * carry (subject, role, version, issuer, audience; no sign-in), any of which a test may change. The one way
 * tests make their own tokens, so each carries what the API requires of a token.
 */
export function signToken(
  secret: string,
  user: { id: number; role: string; tokenVersion: number },
  options: DirectToken = {},
): Promise<string> {
  const issuedAt = options.issuedAt ?? Math.floor(Date.now() / 1000);
  const { issuer = tokenIssuer, audience = tokenAudience } = options;
  const token = new SignJWT({ role: user.role, ver: user.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuedAt(issuedAt)
    .setExpirationTime(options.expiresAt ?? issuedAt + 600);
  if (issuer !== null) token.setIssuer(issuer);
  if (audience !== null) token.setAudience(audience);
  if (options.id) token.setJti(options.id);
  return token.sign(new TextEncoder().encode(secret));
}

export function login(app: FastifyInstance, username: string, password: string, remoteAddress = '10.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/myprosper/auth/authenticate',
    remoteAddress,
    payload: { username, password },
  });
}

export async function tokenOf(
  app: FastifyInstance,
  email: string,
  password = defaultPassword,
): Promise<string> {
  const res = await login(app, email, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json().jwttoken as string;
}

interface OutboxMail {
  recipient: string;
  subject: string | null;
  body: string;
}

export async function mailsTo(app: FastifyInstance, to: string): Promise<OutboxMail[]> {
  const res = await app.inject({ method: 'GET', url: '/dev/outbox.json', query: { to } });
  return res.json().data as OutboxMail[];
}

/** The newest mail to this address; mails go out in the background, so wait a little for it. */
export async function waitForMail(app: FastifyInstance, to: string, count = 1): Promise<OutboxMail> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mails = await mailsTo(app, to);
    if (mails.length >= count && mails[0]) return mails[0];
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to}`);
}

/**
 * The newest mail to this address that says `text`: mails go out in the background, in no set order (a
 * booking's confirmation may come after a later cancellation's), so wait for the one looked for.
 */
export async function waitForMailSaying(app: FastifyInstance, to: string, text: string): Promise<OutboxMail> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = (await mailsTo(app, to)).find((mail) => mail.body.includes(text));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to} saying ${text}`);
}

/** The reset link of a mail, split as the web page reads it. */
export function resetLinkOf(body: string) {
  const match = /(https?:\/\/\S+\/resetPassword\/\S+)/.exec(body);
  if (!match?.[1]) throw new Error(`no reset link in: ${body}`);
  const url = new URL(match[1]);
  const [, , email = '', userId = '', timestamp = ''] = url.pathname.split('/');
  return { url, email, userId, timestamp, signature: url.searchParams.get('signature') ?? '' };
}

/** The refresh cookie a response sets: its value ('' when it is cleared) and its attributes. */
export function refreshCookieOf(res: LightMyRequestResponse) {
  const raw = res.headers['set-cookie'];
  const header = (Array.isArray(raw) ? raw : [raw]).find((c) => c?.startsWith('myprosper_refresh='));
  if (!header) throw new Error(`no refresh cookie in ${res.statusCode} ${res.body}`);
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  return { value: pair.slice('myprosper_refresh='.length), attributes, header };
}

/** The token of the newest e-mail confirmation link mailed to this address (/verify-email/{token}). */
export async function emailLinkTokenTo(app: FastifyInstance, to: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    for (const mail of await mailsTo(app, to)) {
      const match = /\/verify-email\/([A-Za-z0-9_.-]+)/.exec(mail.body);
      if (match?.[1]) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const recent = (await mailsTo(app, '')).slice(0, 5).map((mail) => `${mail.recipient}: ${mail.subject}`);
  throw new Error(`no e-mail link to ${to}; latest mails: ${recent.join(' | ')}`);
}

/** Opens a confirmation link as its page does. */
export function openEmailLink(app: FastifyInstance, token: string) {
  return app.inject({
    method: 'POST',
    url: '/myprosper/auth/verifyEmail',
    payload: { token },
    remoteAddress: randomIp(),
  });
}
