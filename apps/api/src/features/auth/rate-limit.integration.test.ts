import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import {
  createUser,
  login,
  randomIp,
  refreshCookieOf,
  uniqueEmail,
  waitForMail,
} from './auth.test-helpers.ts';

const tooMany = 'Too many attempts. Please wait a minute and try again.';

describe('rate limits of sign-in and password reset', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // 3 attempts per address and username a minute; 15 per address over all usernames.
    ctx = await createTestApp({ RATE_LIMIT_LOGIN_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const forgot = (email: string, remoteAddress: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/myprosper/auth/forgotPassword',
      payload: { email },
      remoteAddress,
    });

  it('answers 429 after too many attempts at one account from one address', async () => {
    const user = await createUser(ctx.database.db);
    const ip = randomIp();
    for (let i = 0; i < 3; i++) {
      expect((await login(ctx.app, user.email, 'Wrong#Password1', ip)).statusCode).toBe(401);
    }
    const blocked = await login(ctx.app, user.email.toUpperCase(), user.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ statusCode: 429, message: tooMany });
    // The owner signing in from elsewhere is not locked out.
    expect((await login(ctx.app, user.email, user.password, randomIp())).statusCode).toBe(200);
  });

  it('keeps a device already signed in going through a wrong-password storm on the account', async () => {
    const user = await createUser(ctx.database.db);
    const signedIn = await login(ctx.app, user.email, user.password, randomIp());
    expect(signedIn.statusCode).toBe(200);
    let cookie = refreshCookieOf(signedIn).value;
    // The storm: wrong passwords from many addresses until the account itself is limited (15 a minute).
    let storm = 0;
    while ((await login(ctx.app, user.email, 'Wrong#Password1', randomIp())).statusCode !== 429) {
      storm += 1;
      expect(storm).toBeLessThanOrEqual(15);
    }
    expect((await login(ctx.app, user.email, user.password, randomIp())).statusCode).toBe(429);
    // The owner's device renews its session with its refresh cookie, again and again, and its token works.
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/myprosper/auth/refresh',
        remoteAddress: randomIp(),
        headers: { 'content-type': 'application/json', cookie: `myprosper_refresh=${cookie}` },
        payload: '{}',
      });
      expect(res.statusCode, res.body).toBe(200);
      cookie = refreshCookieOf(res).value;
      const devices = await ctx.app.inject({
        method: 'GET',
        url: '/myprosper/auth/signIns',
        headers: { authorization: `Bearer ${res.json().jwttoken}` },
      });
      expect(devices.statusCode, devices.body).toBe(200);
    }
  });

  it('answers 429 to one address trying many accounts', async () => {
    const ip = randomIp();
    for (let i = 0; i < 15; i++) {
      expect((await login(ctx.app, uniqueEmail('spray'), 'Wrong#Password1', ip)).statusCode).toBe(401);
    }
    const blocked = await login(ctx.app, uniqueEmail('spray'), 'Wrong#Password1', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(tooMany);
  });

  it('limits reset mails per e-mail address, from any client address', async () => {
    const user = await createUser(ctx.database.db);
    for (let i = 0; i < 3; i++) expect((await forgot(user.email, randomIp())).statusCode).toBe(200);
    await waitForMail(ctx.app, user.email, 3);
    const blocked = await forgot(user.email, randomIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(tooMany);
  });

  it('limits reset requests per client address', async () => {
    const ip = randomIp();
    for (let i = 0; i < 3; i++) expect((await forgot(uniqueEmail('many'), ip)).statusCode).toBe(200);
    const blocked = await forgot(uniqueEmail('many'), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(tooMany);
  });
});
