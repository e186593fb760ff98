import { applicationMessages } from '@myprosper/contract/advisor-application';
import { messages } from '@myprosper/contract/messages';
import { passwordMessages } from '@myprosper/contract/password-messages';
import { accountMessages } from '@myprosper/contract/profiles';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { users } from '../../db/schema/users.ts';
import { signInFailures } from '../../db/schema/verification.ts';
import { createAdvisee, createAdvisor, uniquePhone } from '../../db/seed/factories.ts';
import { randomIp, uniqueEmail } from '../auth/auth.test-helpers.ts';

/**
 * Issue 27: the mentor application checks its e-mail and phone at step 1, before any upload, saying what
 * sign-up says of them and no more (decision 026).
 */
describe('POST /myprosper/auth/application/check: step 1 before any upload', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_SIGNUPS_PER_MINUTE: '1000' });
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const localPhone = (stored: string) => `0${stored.slice(3)}`;
  const check = (payload: Record<string, string>, ip = randomIp()) =>
    ctx.app.inject({ method: 'POST', url: '/myprosper/auth/application/check', remoteAddress: ip, payload });
  const fresh = (overrides: Record<string, string> = {}) => ({
    email: uniqueEmail('applicant'),
    phoneNumber: localPhone(uniquePhone()),
    password: 'Mlima#Kenya2026',
    name: 'Njeri Mwangi',
    ...overrides,
  });
  /** The accounts' own password: one the password rules allow, so only the account decides the answer. */
  const ownPassword = 'Kilima#2026';
  const failureRows = async () => (await db().select({ n: count() }).from(signInFailures))[0]!.n;

  it('lets a new applicant with a free e-mail and number continue, writing nothing', async () => {
    const before = (await db().select({ n: count() }).from(users))[0]!.n;
    const res = await check(fresh());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ statusCode: 200, message: applicationMessages.mayContinue });
    expect((await db().select({ n: count() }).from(users))[0]!.n).toBe(before);
  });

  it('says an e-mail has an account in sign-up’s words, whoever holds it and whatever the password', async () => {
    const advisee = await createAdvisee(db(), { password: ownPassword });
    const mentor = await createAdvisor(db(), { password: ownPassword });
    const pending = await createAdvisor(db(), { status: 'PENDING_REVIEW', password: ownPassword });
    for (const holder of [advisee, mentor, pending]) {
      for (const password of [ownPassword, 'Wrong#Pass2026']) {
        // Another letter case is the same address.
        const res = await check(fresh({ email: holder.email.toUpperCase(), password }));
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(accountMessages.emailTaken);
      }
    }
  });

  it('lets a rejected applicant through with their own password only, and counts a wrong one as sign-in does', async () => {
    const rejected = await createAdvisor(db(), { status: 'REJECTED', password: ownPassword });
    const ip = randomIp();
    const wrong = await check(
      fresh({
        email: rejected.email,
        phoneNumber: localPhone(rejected.phoneNumber!),
        password: 'Wrong#Pass2026',
      }),
      ip,
    );
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(accountMessages.emailTaken);
    const [counted] = await db()
      .select()
      .from(signInFailures)
      .where(eq(signInFailures.key, `account:${rejected.email.toLowerCase()}`));
    expect(counted?.failures).toBe(1);

    // Their own number, verified on their account, is theirs to apply with again.
    const right = await check(
      fresh({ email: rejected.email, phoneNumber: localPhone(rejected.phoneNumber!), password: ownPassword }),
      ip,
    );
    expect(right.statusCode).toBe(200);
    expect(right.json().message).toBe(applicationMessages.mayContinue);
  });

  it('keeps sign-in’s wait after many wrong passwords: the right one waits too, here and at sign-in', async () => {
    const rejected = await createAdvisor(db(), { status: 'REJECTED', password: ownPassword });
    // Ten wrong passwords for this account a moment ago (sign-in or this check: one count).
    await db()
      .insert(signInFailures)
      .values({ key: `account:${rejected.email.toLowerCase()}`, failures: 10, lastFailedAt: new Date() });
    const waiting = await check(fresh({ email: rejected.email, password: ownPassword }));
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().message).toMatch(/wait/i);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/myprosper/auth/authenticate',
      remoteAddress: randomIp(),
      payload: { username: rejected.email, password: ownPassword },
    });
    expect(login.statusCode).toBe(429);
  });

  it('says a number another account has verified is taken; an unverified holder does not block it', async () => {
    const holder = await createAdvisee(db());
    const taken = await check(fresh({ phoneNumber: localPhone(holder.phoneNumber!) }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(accountMessages.phoneTaken);
    // The same number written the international way is the same number.
    const international = await check(fresh({ phoneNumber: `+${holder.phoneNumber}` }));
    expect(international.json().message).toBe(accountMessages.phoneTaken);

    const unverified = await createAdvisee(db(), { phoneVerifiedAt: null });
    expect((await check(fresh({ phoneNumber: localPhone(unverified.phoneNumber!) }))).statusCode).toBe(200);
  });

  it('refuses bad input with the spec’s words and the password rules, changing nothing', async () => {
    const before = await failureRows();
    const badEmail = await check(fresh({ email: 'not-an-email' }));
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().message).toBe(messages.invalidEmail);
    const badPhone = await check(fresh({ phoneNumber: '12345' }));
    expect(badPhone.statusCode).toBe(422);
    expect(badPhone.json().message).toBe(messages.invalidPhoneNo);
    const short = await check(fresh({ password: 'short' }));
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe(messages.passwordLength);
    const common = await check(fresh({ password: 'password123' }));
    expect(common.statusCode).toBe(422);
    expect(common.json().message).toBe(passwordMessages.tooCommon);
    expect(await failureRows()).toBe(before);
  });
});
