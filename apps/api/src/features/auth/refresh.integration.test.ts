import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { users } from '../../db/schema/users.ts';
import { createIndustry, uniquePhone } from '../../db/seed/factories.ts';
import {
  createUser,
  defaultPassword,
  login,
  randomIp,
  refreshCookieOf,
  resetLinkOf,
  uniqueEmail,
  waitForMail,
} from './auth.test-helpers.ts';

const sessionExpired = 'Your session has expired. Please login again.';
const minute = 60_000;
const day = 24 * 60 * minute;
const newPassword = 'Brand#New#Pass9';

describe('short bearer tokens and rotating refresh tokens', () => {
  let ctx: TestContext;
  /** The app's clock: tests move it forward instead of waiting. */
  let now = Date.now();
  const advance = (ms: number) => {
    now += ms;
  };

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => new Date(now) });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const app = (): FastifyInstance => ctx.app;
  const refresh = (
    cookie: string | null,
    init: { headers?: Record<string, string>; payload?: string } = {},
  ) =>
    app().inject({
      method: 'POST',
      url: '/myprosper/auth/refresh',
      remoteAddress: randomIp(),
      headers: {
        'content-type': 'application/json',
        ...(cookie === null ? {} : { cookie: `theme=dark; myprosper_refresh=${cookie}` }),
        ...init.headers,
      },
      payload: init.payload ?? '{}',
    });
  const guarded = (token: string) =>
    app().inject({
      method: 'GET',
      url: '/myprosper/api/myVouchers',
      headers: { authorization: `Bearer ${token}` },
    });
  const post = (url: string, token: string, payload?: object) =>
    app().inject({
      method: 'POST',
      url,
      remoteAddress: randomIp(),
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  /** Signs in (as on one device): the bearer token and the refresh cookie's value. */
  async function signIn(email: string) {
    const res = await login(app(), email, defaultPassword, randomIp());
    expect(res.statusCode, res.body).toBe(200);
    return { token: res.json().jwttoken as string, cookie: refreshCookieOf(res).value };
  }

  async function expectRefused(cookie: string) {
    const res = await refresh(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, message: sessionExpired });
    // The browser is told to forget a refresh token that no longer works.
    expect(refreshCookieOf(res).value).toBe('');
    expect(refreshCookieOf(res).attributes).toContain('Max-Age=0');
  }

  it("sets the refresh token in an HttpOnly, SameSite=Strict cookie for the refresh route only, beside the spec's login response", async () => {
    const user = await createUser(ctx.database.db, { name: 'Amina Odhiambo', role: 'ADVISEE' });
    const res = await login(app(), user.email, user.password, randomIp());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statusCode: 200,
      message: 'Login successful',
      jwttoken: expect.any(String),
      userId: user.id,
      full_names: 'Amina Odhiambo',
      role: 'ADVISEE',
    });
    const cookie = refreshCookieOf(res);
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body).not.toContain(cookie.value);
    expect(cookie.attributes).toEqual([
      'Path=/myprosper/auth/refresh',
      `Max-Age=${7 * 24 * 3600}`,
      'HttpOnly',
      'SameSite=Strict',
    ]);
  });

  it('signs a new advisee in with a refresh cookie too', async () => {
    const industryId = (await createIndustry(ctx.database.db)).id;
    const res = await app().inject({
      method: 'POST',
      url: '/myprosper/auth/registerAdvisee',
      remoteAddress: randomIp(),
      payload: {
        email: uniqueEmail('signup'),
        name: 'Wanjiru Kamau',
        phoneNumber: `0${uniquePhone().slice(3)}`,
        password: 'Prosper#2026',
        confirmPassword: 'Prosper#2026',
        industryId,
        gender: 'Female',
        dob: '1994-05-17',
        source: 'Friend',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const refreshed = await refresh(refreshCookieOf(res).value);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toMatchObject({ userId: res.json().userId, full_names: 'Wanjiru Kamau' });
  });

  it('answers a new bearer token in the login shape for the cookie, and rotates the refresh token', async () => {
    const user = await createUser(ctx.database.db, { name: 'Brian Kamau', role: 'ADVISOR' });
    const first = await signIn(user.email);
    const res = await refresh(first.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      statusCode: 200,
      message: 'Session refreshed',
      jwttoken: expect.any(String),
      userId: user.id,
      full_names: 'Brian Kamau',
      role: 'ADVISOR',
    });
    const next = refreshCookieOf(res);
    expect(next.value).not.toBe(first.cookie);
    expect(next.attributes).toContain('HttpOnly');
    expect((await guarded(body.jwttoken)).statusCode).toBe(200);
    // The next token works once in its turn.
    const again = await refresh(next.value);
    expect(again.statusCode).toBe(200);
  });

  it('lets a bearer token live its short lifetime only; a refresh then brings a new one', async () => {
    const user = await createUser(ctx.database.db);
    const { token, cookie } = await signIn(user.email);
    advance(14 * minute);
    expect((await guarded(token)).statusCode).toBe(200);
    advance(2 * minute);
    const expired = await guarded(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(sessionExpired);
    const refreshed = await refresh(cookie);
    expect(refreshed.statusCode).toBe(200);
    expect((await guarded(refreshed.json().jwttoken)).statusCode).toBe(200);
  });

  it('revokes the whole sign-in when a spent refresh token comes back, and only that sign-in', async () => {
    const user = await createUser(ctx.database.db);
    const phone = await signIn(user.email);
    const laptop = await signIn(user.email);
    const rotated = await refresh(phone.cookie);
    expect(rotated.statusCode).toBe(200);
    const stolenCopy = phone.cookie;

    await expectRefused(stolenCopy);
    // The newest token of that sign-in is refused too: whoever holds it must log in again.
    await expectRefused(refreshCookieOf(rotated).value);
    // The laptop's sign-in is another family and keeps working.
    expect((await refresh(laptop.cookie)).statusCode).toBe(200);
  });

  it('gives one of many refreshes racing with the same token a new one, and then revokes that sign-in', async () => {
    const user = await createUser(ctx.database.db);
    const { cookie } = await signIn(user.email);
    const answers = await Promise.all(Array.from({ length: 8 }, () => refresh(cookie)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 401, 401, 401, 401, 401, 401, 401]);
    const winner = answers.find((res) => res.statusCode === 200)!;
    await expectRefused(refreshCookieOf(winner).value);
  });

  it('refuses a refresh token left unused for the idle lifetime (7 days); used in time, it keeps going', async () => {
    const user = await createUser(ctx.database.db);
    let { cookie } = await signIn(user.email);
    for (let use = 0; use < 3; use++) {
      advance(6 * day);
      const res = await refresh(cookie);
      expect(res.statusCode).toBe(200);
      cookie = refreshCookieOf(res).value;
    }
    advance(7 * day + 1000);
    await expectRefused(cookie);
  });

  it('ends a sign-in 30 days after its log-in, however often it was refreshed', async () => {
    const user = await createUser(ctx.database.db);
    const signedInAt = now;
    let { cookie } = await signIn(user.email);
    for (let use = 0; use < 4; use++) {
      advance(7 * day - minute);
      const res = await refresh(cookie);
      expect(res.statusCode).toBe(200);
      cookie = refreshCookieOf(res).value;
      // The cookie never outlives the sign-in.
      const maxAge = Number(
        refreshCookieOf(res)
          .attributes.find((a) => a.startsWith('Max-Age='))
          ?.slice(8),
      );
      expect(now + maxAge * 1000).toBeLessThanOrEqual(signedInAt + 30 * day);
    }
    advance(30 * day - (now - signedInAt));
    await expectRefused(cookie);
    // A new log-in starts a new sign-in.
    expect((await refresh((await signIn(user.email)).cookie)).statusCode).toBe(200);
  });

  it('logs out every device: their refresh tokens are refused and the cookie is dropped', async () => {
    const user = await createUser(ctx.database.db);
    const phone = await signIn(user.email);
    const laptop = await signIn(user.email);
    const res = await post('/myprosper/auth/logout', phone.token);
    expect(res.statusCode).toBe(200);
    expect(refreshCookieOf(res).attributes).toContain('Max-Age=0');
    await expectRefused(phone.cookie);
    await expectRefused(laptop.cookie);
  });

  it("refuses the other devices' refresh tokens after a password change, and gives this device a new one", async () => {
    const user = await createUser(ctx.database.db);
    const thisDevice = await signIn(user.email);
    const otherDevice = await signIn(user.email);
    const res = await post('/myprosper/api/changePassword', thisDevice.token, {
      currentPassword: user.password,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(res.statusCode).toBe(200);
    await expectRefused(otherDevice.cookie);
    await expectRefused(thisDevice.cookie);
    const fresh = await refresh(refreshCookieOf(res).value);
    expect(fresh.statusCode).toBe(200);
    expect((await guarded(fresh.json().jwttoken)).statusCode).toBe(200);
  });

  it('refuses every refresh token after a password reset by e-mail', async () => {
    const user = await createUser(ctx.database.db);
    const { cookie } = await signIn(user.email);
    const forgot = await app().inject({
      method: 'POST',
      url: '/myprosper/auth/forgotPassword',
      remoteAddress: randomIp(),
      payload: { email: user.email },
    });
    expect(forgot.statusCode).toBe(200);
    const { url: _url, ...parts } = resetLinkOf((await waitForMail(app(), user.email)).body);
    const reset = await app().inject({
      method: 'POST',
      url: '/myprosper/auth/resetPassword',
      remoteAddress: randomIp(),
      payload: { ...parts, password: newPassword, confirmPassword: newPassword },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectRefused(cookie);
  });

  it('refuses a suspended account a refresh, and reactivation does not bring the old sign-in back', async () => {
    const admin = await createUser(ctx.database.db, { role: 'ADMIN' });
    const adminToken = (await signIn(admin.email)).token;
    const user = await createUser(ctx.database.db);
    const { cookie } = await signIn(user.email);
    const suspend = await post(`/myprosper/api/admin/users/${user.id}/suspend`, adminToken, {
      reason: 'Complaints from mentors',
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    await expectRefused(cookie);
    const reactivate = await post(`/myprosper/api/admin/users/${user.id}/reactivate`, adminToken, {});
    expect(reactivate.statusCode, reactivate.body).toBe(200);
    await expectRefused(cookie);
  });

  it('refuses a suspended account a refresh even before its token version changes', async () => {
    const user = await createUser(ctx.database.db);
    const { cookie } = await signIn(user.email);
    await ctx.database.db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, user.id));
    await expectRefused(cookie);
  });

  it('refuses a refresh without the cookie or with a token it never issued', async () => {
    const none = await refresh(null);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ statusCode: 401, message: sessionExpired });
    await expectRefused('A'.repeat(43));
    await expectRefused('not-a-token');
  });

  it('takes the cookie only with a JSON body (a form or plain text from another page is refused)', async () => {
    const user = await createUser(ctx.database.db);
    const { cookie } = await signIn(user.email);
    for (const type of [
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await refresh(cookie, { headers: { 'content-type': type }, payload: 'a=1' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ statusCode: 415, message: 'Send this request as JSON' });
    }
    // None of them spent the token.
    expect((await refresh(cookie)).statusCode).toBe(200);
  });

  it('does not take a bearer token as a refresh token', async () => {
    const user = await createUser(ctx.database.db);
    const { token } = await signIn(user.email);
    const res = await app().inject({
      method: 'POST',
      url: '/myprosper/auth/refresh',
      remoteAddress: randomIp(),
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });
});
