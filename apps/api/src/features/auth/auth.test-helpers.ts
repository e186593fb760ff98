import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DbOrTx } from '../../db/connection.ts';
import { users } from '../../db/schema/users.ts';
import { hashPassword } from '../../lib/password.ts';

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
      ...values,
      passwordHash: await hashPassword(password),
    })
    .returning();
  if (!row) throw new Error('user not created');
  return { ...row, password };
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
