import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { twoStepSecrets } from '../../db/schema/two-step.ts';
import {
  createUser,
  login,
  mailsTo,
  randomIp,
  refreshCookieOf,
  signToken,
  tokenOf,
  waitForMail,
} from './auth.test-helpers.ts';
import { base32Decode } from './totp.ts';
import { appCode, sendCode, turnOnTwoStep } from './two-step.test-helpers.ts';

const wrongCode = 'That code is not right. Try again';
const sessionExpired = 'Your session has expired. Please login again.';
const wrongPassword = 'Current password is incorrect';
const tooManyCodes = 'Too many wrong codes. Please wait 15 minutes and try again.';
const minute = 60_000;
const setupUrl = '/myprosper/auth/twoStep/setup';
const confirmUrl = '/myprosper/auth/twoStep/confirm';
const disableUrl = '/myprosper/auth/twoStep/disable';

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
    const setup = await post(token, '/myprosper/auth/twoStep/setup', { password: user.password });
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
    const wrong = await post(token, '/myprosper/auth/twoStep/confirm', {
      password: user.password,
      code: appCode(key, at(), 5),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(wrongCode);

    const confirm = await post(token, '/myprosper/auth/twoStep/confirm', {
      password: user.password,
      code: appCode(key, at()),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const codes = confirm.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{6}(-[A-Z2-7]{6}){3}$/);

    const status = await get(token, '/myprosper/auth/twoStep');
    expect(status.json().data).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // The key is never given again: a new setup is refused while it is on.
    const again = await post(token, '/myprosper/auth/twoStep/setup', { password: user.password });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Two-step sign-in is already on');
    expect(`${status.body}${again.body}`).not.toContain(key);
  });

  it('cannot be turned on with a stolen bearer token alone: setup and confirm need the password, and nothing changes', async () => {
    const user = await createUser(ctx.database.db);
    const stolen = await tokenOf(ctx.app, user.email);
    // The thief asks for a key without the password, with an empty one, or with a guess: no key, no row.
    for (const payload of [{}, { password: '' }, { password: 'Guess#Password1' }]) {
      const res = await post(stolen, setupUrl, payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.body).not.toContain('otpauth');
    }
    expect((await post(stolen, setupUrl, { password: 'Guess#Password1' })).json().message).toBe(
      wrongPassword,
    );
    expect((await post(stolen, setupUrl, { password: '' })).json().message).toBe('Please fill all fields');
    // Nor can a code confirm anything without the password.
    for (const payload of [{ code: '123456' }, { password: 'Guess#Password1', code: '123456' }]) {
      expect((await post(stolen, confirmUrl, payload)).statusCode).toBe(422);
    }
    const rows = await ctx.database.db
      .select()
      .from(twoStepSecrets)
      .where(eq(twoStepSecrets.userId, user.id));
    expect(rows).toEqual([]);
    expect((await get(stolen, '/myprosper/auth/twoStep')).json().data).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    // The owner still signs in with the password alone, and was sent no mail about two-step sign-in.
    const owner = await login(ctx.app, user.email, user.password, randomIp());
    expect(owner.json()).toMatchObject({ message: 'Login successful', jwttoken: expect.any(String) });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await mailsTo(ctx.app, user.email)).toEqual([]);
  });

  it('e-mails the account when it is turned on, and when it is turned off', async () => {
    const user = await createUser(ctx.database.db, { name: 'Achieng Odhiambo' });
    const token = await tokenOf(ctx.app, user.email);
    const { key } = await turnOnTwoStep(ctx.app, token, at());
    const on = await waitForMail(ctx.app, user.email);
    expect(on.subject).toBe('Two-step sign-in is on for your MyProsper account');
    expect(on.body).toContain('Hello Achieng,');
    expect(on.body).toContain('Two-step sign-in was just turned on for your MyProsper account.');
    expect(on.body).toMatch(/If this was not you, .*\n\S+\/auth\/password\/forgot\n/);
    expect(on.body).not.toContain(key);

    now += 30_000;
    const off = await post(token, disableUrl, { password: user.password, code: appCode(key, at()) });
    expect(off.statusCode, off.body).toBe(200);
    const offMail = await waitForMail(ctx.app, user.email, 2);
    expect(offMail.subject).toBe('Two-step sign-in is off for your MyProsper account');
    expect(offMail.body).toContain('Two-step sign-in was just turned off for your MyProsper account.');
    expect(await mailsTo(ctx.app, user.email)).toHaveLength(2);
  });

  it('refuses every code of the account for 15 minutes after 5 wrong ones at log-in, even a right one', async () => {
    const { user, key, recoveryCodes } = await twoStepUser();
    // An attacker with the password: each guess with a challenge and an address of its own.
    for (let i = 0; i < 5; i++) {
      const res = await sendCode(ctx.app, await challengeOf(user), appCode(key, at(), 5));
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(wrongCode);
    }
    for (const code of [appCode(key, at()), recoveryCodes[0]!]) {
      const res = await sendCode(ctx.app, await challengeOf(user), code);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ statusCode: 429, message: tooManyCodes, code: 'TOO_MANY_REQUESTS' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    now += 15 * minute - 1000;
    expect((await sendCode(ctx.app, await challengeOf(user), appCode(key, at()))).statusCode).toBe(429);
    now += 2000;
    const signedIn = await sendCode(ctx.app, await challengeOf(user), appCode(key, at()));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // The refused recovery code was not spent.
    const status = await get(signedIn.json().jwttoken, '/myprosper/auth/twoStep');
    expect(status.json().data).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // A right code starts the count again: four wrong ones then leave the owner in.
    now += 30_000;
    for (let i = 0; i < 4; i++) {
      expect((await sendCode(ctx.app, await challengeOf(user), appCode(key, at(), 5))).statusCode).toBe(401);
    }
    expect((await sendCode(ctx.app, await challengeOf(user), appCode(key, at()))).statusCode).toBe(200);
  });

  it('counts wrong codes at confirm and at disable alike; a wrong password spends none and changes nothing', async () => {
    const user = await createUser(ctx.database.db);
    // A bearer token of the app's clock, which moves past the 15 minutes a token lives.
    const bearer = () => signToken(ctx.app.signingSecret, user, { issuedAt: Math.floor(now / 1000) });
    const call = async (url: string, payload: object) => post(await bearer(), url, payload);
    const { key } = (await call(setupUrl, { password: user.password })).json().data;
    const confirm = (code: string, password = user.password) => call(confirmUrl, { password, code });
    for (let i = 0; i < 2; i++) {
      expect((await confirm(appCode(key, at()), 'Wrong#Password1')).json().message).toBe(wrongPassword);
    }
    for (let i = 0; i < 5; i++) expect((await confirm(appCode(key, at(), 5))).json().message).toBe(wrongCode);
    const locked = await confirm(appCode(key, at()));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(tooManyCodes);
    expect((await get(await bearer(), '/myprosper/auth/twoStep')).json().data.enabled).toBe(false);
    now += 15 * minute + 1000;
    const on = await confirm(appCode(key, at()));
    expect(on.statusCode, on.body).toBe(200);

    now += 30_000;
    const disable = (code: string) => call(disableUrl, { password: user.password, code });
    for (let i = 0; i < 5; i++) expect((await disable(appCode(key, at(), 5))).json().message).toBe(wrongCode);
    const refused = await disable(appCode(key, at()));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(tooManyCodes);
    expect((await get(await bearer(), '/myprosper/auth/twoStep')).json().data.enabled).toBe(true);
    now += 15 * minute + 1000;
    const off = await disable(appCode(key, at()));
    expect(off.statusCode, off.body).toBe(200);
  });

  it('takes at most 5 codes of an account sent at the same moment', async () => {
    const { user, key } = await twoStepUser();
    const challenges: string[] = [];
    for (let i = 0; i < 10; i++) challenges.push(await challengeOf(user));
    const answers = await Promise.all(
      challenges.map((challenge) => sendCode(ctx.app, challenge, appCode(key, at(), 5))),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    const [row] = await ctx.database.db
      .select()
      .from(twoStepSecrets)
      .where(eq(twoStepSecrets.userId, user.id));
    expect(row?.failedCodes).toBe(5);
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
    // Spread over addresses, the account's own limit ends the guessing: 5 wrong codes in 15 minutes.
    for (let i = 0; i < 2; i++) expect((await sendCode(ctx.app, challenge, '000000')).statusCode).toBe(401);
    const locked = await sendCode(ctx.app, challenge, appCode(key, new Date(), 1));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(tooManyCodes);
  });
});
