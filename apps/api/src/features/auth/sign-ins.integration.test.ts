import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createUser, defaultPassword, randomIp, refreshCookieOf } from './auth.test-helpers.ts';

const sessionExpired = 'Your session has expired. Please login again.';
const minute = 60_000;
const day = 24 * 60 * minute;
const phoneBrowser =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const laptopBrowser = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

interface Device {
  token: string;
  cookie: string;
}

interface SignInRow {
  id: string;
  device: string | null;
  signedInAt: string;
  lastUsedAt: string;
  current: boolean;
}

describe('signed-in devices: listing the sign-ins of an account and ending one', () => {
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

  /** Logs in as on a device with this browser: its bearer token and refresh cookie. */
  async function signIn(email: string, userAgent?: string): Promise<Device> {
    const res = await app().inject({
      method: 'POST',
      url: '/myprosper/auth/authenticate',
      remoteAddress: randomIp(),
      headers: userAgent ? { 'user-agent': userAgent } : {},
      payload: { username: email, password: defaultPassword },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { token: res.json().jwttoken as string, cookie: refreshCookieOf(res).value };
  }
  const list = (device: Device) =>
    app().inject({
      method: 'GET',
      url: '/myprosper/auth/signIns',
      headers: { authorization: `Bearer ${device.token}` },
    });
  async function signInsSeenBy(device: Device): Promise<SignInRow[]> {
    const res = await list(device);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ statusCode: 200, message: 'Signed-in devices' });
    return res.json().data as SignInRow[];
  }
  const end = (device: Device, signInId: string) =>
    app().inject({
      method: 'DELETE',
      url: `/myprosper/auth/signIns/${signInId}`,
      remoteAddress: randomIp(),
      headers: { authorization: `Bearer ${device.token}` },
    });
  const refresh = (device: Device) =>
    app().inject({
      method: 'POST',
      url: '/myprosper/auth/refresh',
      remoteAddress: randomIp(),
      headers: { 'content-type': 'application/json', cookie: `myprosper_refresh=${device.cookie}` },
      payload: '{}',
    });
  /** A call only a signed-in person may make. */
  const guarded = (device: Device) =>
    app().inject({
      method: 'GET',
      url: '/myprosper/api/myVouchers',
      headers: { authorization: `Bearer ${device.token}` },
    });
  const validate = (device: Device) =>
    app().inject({ method: 'POST', url: '/myprosper/auth/validateToken', payload: { token: device.token } });
  /** The sign-in of this device, as its own list marks it. */
  const idOf = async (device: Device) => (await signInsSeenBy(device)).find((s) => s.current)!.id;

  async function expectSignedOut(device: Device) {
    const call = await guarded(device);
    expect(call.statusCode).toBe(401);
    expect(call.json()).toMatchObject({ statusCode: 401, message: sessionExpired });
    expect((await validate(device)).statusCode).toBe(401);
    const renewed = await refresh(device);
    expect(renewed.statusCode).toBe(401);
    expect(renewed.json()).toMatchObject({ statusCode: 401, message: sessionExpired });
  }

  it('lists both sign-ins of a person signed in on two devices, the current one first and marked', async () => {
    const user = await createUser(ctx.database.db);
    const signedInAt = new Date(now).toISOString();
    const phone = await signIn(user.email, phoneBrowser);
    advance(5 * minute);
    const laptop = await signIn(user.email, laptopBrowser);

    const seenByLaptop = await signInsSeenBy(laptop);
    expect(seenByLaptop).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        device: 'Firefox on Windows',
        signedInAt: new Date(now).toISOString(),
        lastUsedAt: new Date(now).toISOString(),
        current: true,
      },
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        device: 'Chrome on Android',
        signedInAt,
        lastUsedAt: signedInAt,
        current: false,
      },
    ]);
    // The phone sees the same two, itself marked.
    const seenByPhone = await signInsSeenBy(phone);
    expect(seenByPhone.map((s) => [s.device, s.current])).toEqual([
      ['Chrome on Android', true],
      ['Firefox on Windows', false],
    ]);
    expect(seenByPhone.map((s) => s.id).sort()).toEqual(seenByLaptop.map((s) => s.id).sort());
  });

  it('tells when a device was last used: its latest refresh, which keeps naming the same sign-in', async () => {
    const user = await createUser(ctx.database.db);
    const phone = await signIn(user.email, phoneBrowser);
    const laptop = await signIn(user.email, laptopBrowser);
    const phoneId = await idOf(phone);
    advance(10 * minute);
    const renewed = await refresh(phone);
    expect(renewed.statusCode).toBe(200);
    const phoneNow = { token: renewed.json().jwttoken as string, cookie: refreshCookieOf(renewed).value };
    const rows = await signInsSeenBy(laptop);
    const phoneRow = rows.find((s) => s.id === phoneId)!;
    expect(phoneRow.lastUsedAt).toBe(new Date(now).toISOString());
    expect(phoneRow.signedInAt).toBe(new Date(now - 10 * minute).toISOString());
    // The renewed bearer token is the same sign-in's.
    expect(await idOf(phoneNow)).toBe(phoneId);
  });

  it('ends another device: its refresh and its bearer token are refused at once, this one keeps working', async () => {
    const user = await createUser(ctx.database.db);
    const phone = await signIn(user.email, phoneBrowser);
    const laptop = await signIn(user.email, laptopBrowser);
    const phoneId = await idOf(phone);
    expect((await guarded(phone)).statusCode).toBe(200);

    const res = await end(laptop, phoneId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ statusCode: 200, message: 'The device has been signed out' });

    // The phone's bearer token has minutes left to live, and is refused all the same.
    await expectSignedOut(phone);
    expect((await guarded(laptop)).statusCode).toBe(200);
    expect((await signInsSeenBy(laptop)).map((s) => s.device)).toEqual(['Firefox on Windows']);
    const renewed = await refresh(laptop);
    expect(renewed.statusCode).toBe(200);
    // A new log-in on the phone is a new sign-in, listed again.
    const phoneAgain = await signIn(user.email, phoneBrowser);
    expect((await guarded(phoneAgain)).statusCode).toBe(200);
    expect(await idOf(phoneAgain)).not.toBe(phoneId);
  });

  it('ends this very device too when asked: its own tokens stop working', async () => {
    const user = await createUser(ctx.database.db);
    const laptop = await signIn(user.email, laptopBrowser);
    const phone = await signIn(user.email, phoneBrowser);
    expect((await end(laptop, await idOf(laptop))).statusCode).toBe(200);
    await expectSignedOut(laptop);
    expect((await guarded(phone)).statusCode).toBe(200);
  });

  it("does not let another person see or end someone's sign-in: 404, and it keeps working", async () => {
    const owner = await createUser(ctx.database.db);
    const stranger = await createUser(ctx.database.db, { role: 'ADVISOR' });
    const ownerPhone = await signIn(owner.email, phoneBrowser);
    const ownerLaptop = await signIn(owner.email, laptopBrowser);
    const strangerDevice = await signIn(stranger.email, laptopBrowser);
    const phoneId = await idOf(ownerPhone);

    const seen = await signInsSeenBy(strangerDevice);
    expect(seen).toHaveLength(1);
    expect(seen.map((s) => s.id)).not.toContain(phoneId);

    const res = await end(strangerDevice, phoneId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      statusCode: 404,
      message: 'This sign-in was not found. It may have ended already.',
    });
    expect((await guarded(ownerPhone)).statusCode).toBe(200);
    expect((await refresh(ownerPhone)).statusCode).toBe(200);
    expect(await signInsSeenBy(ownerLaptop)).toHaveLength(2);
  });

  it('answers 404 for a sign-in already ended or never made, 422 for a malformed id, 401 without a token', async () => {
    const user = await createUser(ctx.database.db);
    const phone = await signIn(user.email, phoneBrowser);
    const laptop = await signIn(user.email, laptopBrowser);
    const phoneId = await idOf(phone);
    expect((await end(laptop, phoneId)).statusCode).toBe(200);
    expect((await end(laptop, phoneId)).statusCode).toBe(404);
    expect((await end(laptop, '2b7c6a7e-8d9f-4a1b-9c3d-5e6f7a8b9c0d')).statusCode).toBe(404);
    const malformed = await end(laptop, 'not-a-sign-in');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toMatchObject({ statusCode: 422, message: 'signInId: Invalid sign-in id' });
    const anonymous = await app().inject({ method: 'GET', url: '/myprosper/auth/signIns' });
    expect(anonymous.statusCode).toBe(401);
    const anonymousEnd = await app().inject({ method: 'DELETE', url: `/myprosper/auth/signIns/${phoneId}` });
    expect(anonymousEnd.statusCode).toBe(401);
    expect((await guarded(laptop)).statusCode).toBe(200);
  });

  it('lists only sign-ins still going: not those left idle 7 days, nor those before a password change', async () => {
    const user = await createUser(ctx.database.db);
    const idle = await signIn(user.email, phoneBrowser);
    const idleId = await idOf(idle);
    let laptop = await signIn(user.email, laptopBrowser);
    // The laptop is used every few days (each use a refresh, bearer tokens living 15 minutes), the phone never.
    for (const days of [6, 1]) {
      advance(days * day + minute);
      const renewed = await refresh(laptop);
      expect(renewed.statusCode).toBe(200);
      laptop = { token: renewed.json().jwttoken as string, cookie: refreshCookieOf(renewed).value };
    }
    // The phone's refresh token has not been used for 7 days: it would be refused, so the phone is not listed.
    expect((await signInsSeenBy(laptop)).map((s) => s.id)).not.toContain(idleId);
    expect((await refresh(idle)).statusCode).toBe(401);

    const other = await signIn(user.email, phoneBrowser);
    const changed = await app().inject({
      method: 'POST',
      url: '/myprosper/api/changePassword',
      remoteAddress: randomIp(),
      headers: { authorization: `Bearer ${other.token}`, 'user-agent': phoneBrowser },
      payload: {
        currentPassword: defaultPassword,
        password: 'Brand#New#Pass9',
        confirmPassword: 'Brand#New#Pass9',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const afterChange = { token: changed.json().jwttoken as string, cookie: refreshCookieOf(changed).value };
    // Every other sign-in ended with the old password: only the one the change started is left.
    expect(await signInsSeenBy(afterChange)).toEqual([
      expect.objectContaining({ device: 'Chrome on Android', current: true }),
    ]);
  });

  it('ends a sign-in whose spent refresh token comes back: its bearer tokens are refused too', async () => {
    const user = await createUser(ctx.database.db);
    const phone = await signIn(user.email, phoneBrowser);
    const laptop = await signIn(user.email, laptopBrowser);
    const renewed = await refresh(phone);
    expect(renewed.statusCode).toBe(200);
    const holder = { token: renewed.json().jwttoken as string, cookie: refreshCookieOf(renewed).value };
    expect((await guarded(holder)).statusCode).toBe(200);

    // The spent token again: a copy is in someone else's hands.
    expect((await refresh(phone)).statusCode).toBe(401);
    await expectSignedOut(holder);
    expect((await signInsSeenBy(laptop)).map((s) => s.device)).toEqual(['Firefox on Windows']);
  });

  it('names no device when the browser does not say what it is', async () => {
    const user = await createUser(ctx.database.db);
    const device = await signIn(user.email);
    expect(await signInsSeenBy(device)).toEqual([expect.objectContaining({ device: null, current: true })]);
  });
});
