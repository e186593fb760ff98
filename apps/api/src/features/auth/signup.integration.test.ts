import { addDaysToDate, todayIn } from '@myprosper/contract/dates';
import { messages } from '@myprosper/contract/messages';
import { passwordMessages } from '@myprosper/contract/password-messages';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { users } from '../../db/schema/users.ts';
import { createIndustry, uniquePhone } from '../../db/seed/factories.ts';
import { login, randomIp, uniqueEmail } from './auth.test-helpers.ts';

const tooCommon = 'This password is too common. Please choose another one';
const tooGuessable = passwordMessages.tooGuessable;
const personal =
  'Your password must not contain MyProsper, your name or your e-mail. Please choose another one';

describe('advisee sign-up: POST /myprosper/auth/registerAdvisee', () => {
  let ctx: TestContext;
  let industryId: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    industryId = (await createIndustry(ctx.database.db)).id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** A Kenyan mobile number as a person types it: 07XX XXXXXX. */
  const localPhone = () => `0${uniquePhone().slice(3)}`;
  const form = (overrides: Record<string, unknown> = {}) => ({
    email: uniqueEmail('signup'),
    name: 'Wanjiru Kamau',
    phoneNumber: localPhone(),
    password: 'Prosper#2026',
    confirmPassword: 'Prosper#2026',
    industryId,
    gender: 'Female',
    dob: '1994-05-17',
    source: 'Friend',
    ...overrides,
  });
  const register = (payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/myprosper/auth/registerAdvisee',
      remoteAddress: randomIp(),
      payload,
    });
  const userCount = async () => (await ctx.database.db.select({ n: count() }).from(users))[0]!.n;

  it('refuses a name with digits, an address or a link, and creates nobody (issue 20)', async () => {
    const before = await userCount();
    for (const name of [
      'URGENT M-PESA 0712345678',
      'Verify at evil.example',
      'Jane https://evil.example',
      'Jane Doe@example.com',
    ]) {
      const res = await register(form({ name }));
      expect(res.statusCode, name).toBe(422);
      expect(res.json().message).toBe(messages.nameCharacters);
    }
    expect(await userCount()).toBe(before);
    // Letters of any script, apostrophes and hyphens are names.
    const res = await register(form({ name: "Nyambura O'Neil-Kamau Ñoño" }));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('creates the advisee and signs them in at once', async () => {
    const payload = form({
      email: '  Amina.Otieno@Example.COM ',
      name: ' Amina   Otieno ',
      phoneNumber: '0712 000 111',
    });
    const res = await register(payload);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      statusCode: 200,
      message: 'Registration successful',
      full_names: 'Amina Otieno',
      role: 'ADVISEE',
    });
    expect(body.jwttoken).toEqual(expect.any(String));
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, body.userId));
    expect(row).toMatchObject({
      email: 'amina.otieno@example.com',
      phoneNumber: '254712000111',
      role: 'ADVISEE',
      status: 'ACTIVE',
      gender: 'Female',
      dob: '1994-05-17',
      industryId,
      source: 'Friend',
    });
    const me = await ctx.app.inject({
      method: 'GET',
      url: `/myprosper/api/getAdviseeDetails/${body.userId}`,
      headers: { authorization: `Bearer ${body.jwttoken}` },
    });
    expect(me.json().data).toMatchObject({ name: 'Amina Otieno', username: 'amina.otieno@example.com' });
    const again = await login(ctx.app, 'amina.otieno@example.com', 'Prosper#2026', randomIp());
    expect(again.statusCode).toBe(200);
  });

  it.each([
    ['a missing phone', { phoneNumber: '' }, 'Please fill in phone number'],
    ['a missing phone before anything else', { phoneNumber: ' ', name: '' }, 'Please fill in phone number'],
    ['a missing name', { name: '' }, 'Please fill all fields'],
    ['a missing e-mail', { email: undefined }, 'Please fill all fields'],
    ['a missing industry', { industryId: null }, 'Please fill all fields'],
    ['a missing password', { password: '' }, 'Please fill all fields'],
    ['a missing confirmation', { confirmPassword: '' }, 'Please fill all fields'],
    ['a missing source', { source: '' }, 'Please fill all fields'],
    ['a missing gender', { gender: '' }, 'Please fill all fields'],
    ['a missing birthday', { dob: '' }, 'Please fill all fields'],
    ['a single name', { name: 'Wanjiru' }, 'Please enter your full name'],
    ['a bad e-mail', { email: 'wanjiru@example' }, 'Invalid email'],
    ['a bad phone', { phoneNumber: '0712' }, 'Invalid Phone No'],
    [
      'a short password',
      { password: 'short1', confirmPassword: 'short1' },
      'Password must be at least 8 characters',
    ],
    ['a different confirmation', { confirmPassword: 'Prosper#2027' }, 'Password does not match'],
    [
      'a common password, in any case',
      { password: 'PassWord123', confirmPassword: 'PassWord123' },
      tooCommon,
    ],
    ['a guessable password (aaaaaaaa)', { password: 'aaaaaaaa', confirmPassword: 'aaaaaaaa' }, tooGuessable],
    ['a guessable password (12341234)', { password: '12341234', confirmPassword: '12341234' }, tooGuessable],
    ['a guessable password (abcdefgh)', { password: 'abcdefgh', confirmPassword: 'abcdefgh' }, tooGuessable],
    [
      'a password with MyProsper in it',
      { password: 'myPROSPER#26', confirmPassword: 'myPROSPER#26' },
      personal,
    ],
    ['a password with the name in it', { password: 'Kamau#2026!', confirmPassword: 'Kamau#2026!' }, personal],
    [
      "a password with the e-mail's name in it",
      { email: 'kilimanjaro@example.com', password: '1KILIMANJARO!', confirmPassword: '1KILIMANJARO!' },
      personal,
    ],
    ['a birthday in the future', { dob: addDaysToDate(todayIn(), 1) }, 'Birthday cannot be in the future'],
    ['a birthday that is no date', { dob: '1994-02-30' }, 'Please enter a valid birthday'],
    ['a gender that is not offered', { gender: 'Other' }, 'Please fill all fields'],
  ])('refuses %s with its message and creates nothing', async (_case, overrides, message) => {
    const before = await userCount();
    const res = await register(form(overrides));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ statusCode: 422, message });
    expect(await userCount()).toBe(before);
  });

  it('signs in with the password exactly as typed: spaces and letter case kept', async () => {
    const password = '  Kilima Ridge#7  ';
    const payload = form({ password, confirmPassword: password });
    expect((await register(payload)).statusCode).toBe(200);
    const signIn = (typed: string) => login(ctx.app, payload.email as string, typed, randomIp());
    expect((await signIn(password)).statusCode).toBe(200);
    for (const other of [password.trim(), password.toLowerCase(), password.toUpperCase(), ` ${password}`]) {
      expect((await signIn(other)).json()).toMatchObject({
        statusCode: 401,
        message: 'Incorrect username or password',
      });
    }
  });

  it.each([64, 128])('takes a %i-character password and signs in with it', async (length) => {
    const password = 'Jacaranda blooms in Nairobi each October; '.repeat(4).slice(0, length);
    expect(password).toHaveLength(length);
    const payload = form({ password, confirmPassword: password });
    expect((await register(payload)).statusCode).toBe(200);
    expect((await login(ctx.app, payload.email as string, password, randomIp())).statusCode).toBe(200);
    const shorter = password.slice(0, -1);
    expect((await login(ctx.app, payload.email as string, shorter, randomIp())).statusCode).toBe(401);
  });

  it('refuses an industry that does not exist', async () => {
    const res = await register(form({ industryId: 999_999 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Please choose an industry from the list');
  });

  it('refuses an e-mail already registered, whatever its letter case, and creates nothing', async () => {
    const first = form();
    expect((await register(first)).statusCode).toBe(200);
    const before = await userCount();
    const res = await register(form({ email: first.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      statusCode: 409,
      message: 'An account with this email already exists',
    });
    expect(await userCount()).toBe(before);
  });

  it('takes a phone another account typed (unverified), however it is written: both wait for the code', async () => {
    const first = form();
    expect((await register(first)).statusCode).toBe(200);
    const international = `+254 ${(first.phoneNumber as string).slice(1)}`;
    const res = await register(form({ phoneNumber: international }));
    expect(res.statusCode).toBe(200);
    const rows = await ctx.database.db
      .select({ verified: users.phoneVerifiedAt })
      .from(users)
      .where(eq(users.phoneNumber, `254${(first.phoneNumber as string).slice(1)}`));
    expect(rows).toEqual([{ verified: null }, { verified: null }]);
  });

  it('makes one account when two sign-ups race for the same e-mail', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([register(form({ email })), register(form({ email }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await ctx.database.db
      .select({ n: count() })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    expect(rows[0]!.n).toBe(1);
  });
});
