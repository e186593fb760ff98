import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { twoStepSecrets } from '../../db/schema/two-step.ts';
import { createUser, login, randomIp, refreshCookieOf, tokenOf } from './auth.test-helpers.ts';
import { base32Decode } from './totp.ts';
import { appCode, sendCode, turnOnTwoStep } from './two-step.test-helpers.ts';

const wrongCode = 'That code is not right. Try again';
const sessionExpired = 'Your session has expired. Please login again.';
const minute = 60_000;

describe('two-step sign-in (TOTP): turning it on and off, and the code step of a log-in', () => {
  let ctx: TestContext;
  /** The app's clock: tests move it forward instead of waiting. */
  let now = Date.now();
  const at = () => new Date(now);
  const get = (token: string, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const post = (token: string, url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: at });
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** An account with two-step sign-in on; its key and recovery codes. */
  async function twoStepUser() {
    const user = await createUser(ctx.database.db);
    const enrolled = await turnOnTwoStep(ctx.app, await tokenOf(ctx.app, user.email), at());
    // The confirming code's step is used: the next code of the app is 30 seconds later.
    now += 30_000;
    return { user, ...enrolled };
  }

  /** The challenge of the password step. */
  async function challengeOf(user: { email: string; password: string }): Promise<string> {
    const res = await login(ctx.app, user.email, user.password, randomIp());
    expect(res.statusCode, res.body).toBe(200);
    return res.json().challenge as string;
  }

  it('turns on with a current code of a new key, and gives ten recovery codes once', async () => {
    const user = await createUser(ctx.database.db);
    const token = await tokenOf(ctx.app, user.email);
    const setup = await post(token, '/myprosper/auth/twoStep/setup', {});
    expect(setup.statusCode, setup.body).toBe(200);
    const { key, link } = setup.json().data;
    expect(base32Decode(key)).toHaveLength(20);
    expect(link).toBe(
      `otpauth://totp/MyProsper:${encodeURIComponent(user.email)}?secret=${key}&issuer=MyProsper`,
    );
    // Until a code confirms it, nothing changes at log-in.
    expect((await login(ctx.app, user.email, user.password, randomIp())).json().jwttoken).toEqual(
      expect.any(String),
    );
    const wrong = await post(token, '/myprosper/auth/twoStep/confirm', { code: appCode(key, at(), 5) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(wrongCode);

    const confirm = await post(token, '/myprosper/auth/twoStep/confirm', { code: appCode(key, at()) });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const codes = confirm.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{6}(-[A-Z2-7]{6}){3}$/);

    const status = await get(token, '/myprosper/auth/twoStep');
    expect(status.json().data).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // The key is never given again: a new setup is refused while it is on.
    const again = await post(token, '/myprosper/auth/twoStep/setup', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Two-step sign-in is already on');
    expect(`${status.body}${again.body}`).not.toContain(key);
  });

  it('keeps the secret sealed at rest: the stored row shows no form of the key', async () => {
    const { user, key } = await twoStepUser();
    const [row] = await ctx.database.db
      .select()
      .from(twoStepSecrets)
      .where(eq(twoStepSecrets.userId, user.id));
    const secret = base32Decode(key)!;
    for (const form of [
      key,
      secret.toString('hex'),
      secret.toString('base64'),
      secret.toString('base64url'),
    ]) {
      expect(row?.secret).not.toContain(form);
    }
  });

  it('asks for a code after the password, and signs in with a right one', async () => {
    const { user, key } = await twoStepUser();
    const password = await login(ctx.app, user.email, user.password, randomIp());
    expect(password.statusCode).toBe(200);
    expect(password.json()).toEqual({
      statusCode: 200,
      message: 'Enter the 6-digit code from your authenticator app',
      twoStep: true,
      challenge: expect.any(String),
    });
    expect(password.headers['set-cookie']).toBeUndefined();
    // The challenge is no bearer token.
    expect((await get(password.json().challenge, '/myprosper/auth/signIns')).statusCode).toBe(401);

    const res = await sendCode(ctx.app, password.json().challenge, appCode(key, at()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: 200,
      message: 'Login successful',
      userId: user.id,
      role: 'ADVISEE',
    });
    expect(refreshCookieOf(res).value).not.toBe('');
    expect((await get(res.json().jwttoken, '/myprosper/auth/signIns')).statusCode).toBe(200);
  });

  it("refuses a wrong code with 401 'That code is not right. Try again', and a code from too far off", async () => {
    const { user, key } = await twoStepUser();
    const challenge = await challengeOf(user);
    for (const code of ['000000', appCode(key, at(), -2), appCode(key, at(), 2), 'NOT-A-CODE']) {
      const res = await sendCode(ctx.app, challenge, code);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(wrongCode);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // A code of the step before or after is taken (clocks a little off).
    expect((await sendCode(ctx.app, challenge, appCode(key, at(), 1))).statusCode).toBe(200);
  });

  it('takes a code once: the same code again is refused, even with a new challenge', async () => {
    const { user, key } = await twoStepUser();
    const code = appCode(key, at());
    expect((await sendCode(ctx.app, await challengeOf(user), code)).statusCode).toBe(200);
    const replay = await sendCode(ctx.app, await challengeOf(user), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(wrongCode);
    // The code of an earlier step is no good either; the next one is.
    expect((await sendCode(ctx.app, await challengeOf(user), appCode(key, at(), -1))).statusCode).toBe(401);
    now += 30_000;
    expect((await sendCode(ctx.app, await challengeOf(user), appCode(key, at()))).statusCode).toBe(200);
  });

  it('takes each recovery code once, typed in any case with or without dashes', async () => {
    const { user, recoveryCodes } = await twoStepUser();
    const [first = '', second = ''] = recoveryCodes;
    expect((await sendCode(ctx.app, await challengeOf(user), first)).statusCode).toBe(200);
    const again = await sendCode(ctx.app, await challengeOf(user), first);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(wrongCode);
    const typed = second.toLowerCase().replaceAll('-', ' ');
    const res = await sendCode(ctx.app, await challengeOf(user), typed);
    expect(res.statusCode, res.body).toBe(200);
    const status = await get(res.json().jwttoken, '/myprosper/auth/twoStep');
    expect(status.json().data).toEqual({ enabled: true, recoveryCodesLeft: 8 });
  });

  it('refuses a challenge after 5 minutes, after a log-out, or forged', async () => {
    const { user, key } = await twoStepUser();
    const late = await challengeOf(user);
    now += 5 * minute + 1000;
    const expired = await sendCode(ctx.app, late, appCode(key, at()));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(sessionExpired);

    const beforeLogout = await challengeOf(user);
    const signedIn = await sendCode(ctx.app, await challengeOf(user), appCode(key, at()));
    await post(signedIn.json().jwttoken, '/myprosper/auth/logout', {});
    now += 30_000;
    expect((await sendCode(ctx.app, beforeLogout, appCode(key, at()))).json().message).toBe(sessionExpired);

    // A bearer token of the account is no challenge.
    const bearer = await tokenOf(ctx.app, (await createUser(ctx.database.db)).email);
    expect((await sendCode(ctx.app, bearer, appCode(key, at()))).json().message).toBe(sessionExpired);
  });

  it('turns off with the password and a current code; log-in asks no code after', async () => {
    const { user, key } = await twoStepUser();
    const token = (await sendCode(ctx.app, await challengeOf(user), appCode(key, at()))).json().jwttoken;
    now += 30_000;
    const disable = (password: string, code: string) =>
      post(token, '/myprosper/auth/twoStep/disable', { password, code });
    const badPassword = await disable('Wrong#Password1', appCode(key, at()));
    expect(badPassword.statusCode).toBe(422);
    expect(badPassword.json().message).toBe('Current password is incorrect');
    const badCode = await disable(user.password, appCode(key, at(), 3));
    expect(badCode.statusCode).toBe(422);
    expect(badCode.json().message).toBe(wrongCode);
    expect((await get(token, '/myprosper/auth/twoStep')).json().data.enabled).toBe(true);

    const off = await disable(user.password, appCode(key, at()));
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe('Two-step sign-in is off');
    expect((await get(token, '/myprosper/auth/twoStep')).json().data).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const res = await login(ctx.app, user.email, user.password, randomIp());
    expect(res.json()).toMatchObject({ message: 'Login successful', jwttoken: expect.any(String) });
  });

  it('turns off with a recovery code when the app is lost', async () => {
    const { user, recoveryCodes } = await twoStepUser();
    const token = (await sendCode(ctx.app, await challengeOf(user), recoveryCodes[0]!)).json().jwttoken;
    const off = await post(token, '/myprosper/auth/twoStep/disable', {
      password: user.password,
      code: recoveryCodes[1]!,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await login(ctx.app, user.email, user.password, randomIp())).json().jwttoken).toEqual(
      expect.any(String),
    );
  });
});

describe('rate limit of the code step', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // 3 codes per address and account a minute; 15 per account, or per address, over all.
    ctx = await createTestApp({ RATE_LIMIT_LOGIN_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers 429 after too many codes, even to the right one, and from many addresses', async () => {
    const user = await createUser(ctx.database.db);
    const { key } = await turnOnTwoStep(ctx.app, await tokenOf(ctx.app, user.email), new Date());
    const challenge = (await login(ctx.app, user.email, user.password, randomIp())).json().challenge;
    const ip = randomIp();
    for (let i = 0; i < 3; i++)
      expect((await sendCode(ctx.app, challenge, '000000', ip)).statusCode).toBe(401);
    const blocked = await sendCode(ctx.app, challenge, appCode(key, new Date(), 1), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many attempts. Please wait a minute and try again.');
    // Spread over addresses, one account gets 15 tries a minute in all (the refused one above counts).
    for (let i = 0; i < 11; i++) expect((await sendCode(ctx.app, challenge, '000000')).statusCode).toBe(401);
    expect((await sendCode(ctx.app, challenge, '000000')).statusCode).toBe(429);
  });
});
