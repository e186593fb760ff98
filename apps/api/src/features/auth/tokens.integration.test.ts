import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { users } from '../../db/schema/users.ts';
import { createUser, signToken, tokenOf } from './auth.test-helpers.ts';

const sessionExpired = 'Your session has expired. Please login again.';

describe('tokens: validateToken, logout and the auth guard', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const validate = (token: string) =>
    ctx.app.inject({ method: 'POST', url: '/myprosper/auth/validateToken', payload: { token } });
  const logout = (token?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/myprosper/auth/logout',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  async function expectRefused(token: string) {
    const res = await validate(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, message: sessionExpired });
    const guarded = await logout(token);
    expect(guarded.statusCode).toBe(401);
    expect(guarded.json().message).toBe(sessionExpired);
  }

  it('answers who a valid token belongs to', async () => {
    const user = await createUser(ctx.database.db, { name: 'Brian Kamau', role: 'ADVISOR' });
    const res = await validate(await tokenOf(ctx.app, user.email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statusCode: 200,
      message: 'Token is valid',
      data: { userId: user.id, full_names: 'Brian Kamau', username: user.email, role: 'ADVISOR' },
    });
  });

  it('refuses an expired token', async () => {
    const user = await createUser(ctx.database.db);
    const past = Math.floor(Date.now() / 1000) - 3600;
    const token = await signToken(ctx.app.signingSecret, user, { issuedAt: past - 60, expiresAt: past });
    await expectRefused(token);
  });

  it('refuses a tampered token', async () => {
    const user = await createUser(ctx.database.db, { role: 'ADVISEE' });
    const token = await tokenOf(ctx.app, user.email);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = `${header}.${base64url({ ...claims, role: 'ADMIN' })}.${signature}`;
    await expectRefused(forged);
    await expectRefused(`${token.slice(0, -2)}xx`);
    await expectRefused('not-a-token');
  });

  it("refuses a token with alg 'none' or signed with another key", async () => {
    const user = await createUser(ctx.database.db);
    const claims = {
      sub: String(user.id),
      role: user.role,
      ver: 0,
      iss: 'myprosper',
      aud: 'myprosper-api',
      exp: Math.floor(Date.now() / 1000) + 600,
    };
    await expectRefused(`${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`);
    await expectRefused(await signToken('another-secret-of-enough-length-0123456789', user));
  });

  it('refuses a token signed with our key but for another audience or from another issuer, or without them', async () => {
    const user = await createUser(ctx.database.db);
    const signed = (options: Parameters<typeof signToken>[2]) =>
      signToken(ctx.app.signingSecret, user, options);
    expect((await validate(await signed({}))).statusCode).toBe(200);
    await expectRefused(await signed({ audience: 'myprosper-admin' }));
    await expectRefused(await signed({ audience: null }));
    await expectRefused(await signed({ issuer: 'someone-else' }));
    await expectRefused(await signed({ issuer: null }));
  });

  it('gives tokens for this API only: issued by myprosper for myprosper-api', async () => {
    const user = await createUser(ctx.database.db);
    const [, payload = ''] = (await tokenOf(ctx.app, user.email)).split('.');
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({
      iss: 'myprosper',
      aud: 'myprosper-api',
    });
  });

  it('logs out on every device: each earlier token is refused afterwards', async () => {
    const user = await createUser(ctx.database.db);
    const phone = await tokenOf(ctx.app, user.email);
    const laptop = await tokenOf(ctx.app, user.email);
    const res = await logout(phone);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ statusCode: 200, message: 'You have been logged out' });
    await expectRefused(phone);
    await expectRefused(laptop);
    const fresh = await tokenOf(ctx.app, user.email);
    expect((await validate(fresh)).statusCode).toBe(200);
  });

  it('refuses the token of an account suspended after sign-in', async () => {
    const user = await createUser(ctx.database.db);
    const token = await tokenOf(ctx.app, user.email);
    await ctx.database.db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, user.id));
    await expectRefused(token);
  });

  it('asks to log in when a guarded call has no token', async () => {
    const res = await logout();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, message: 'Please log in to continue' });
  });
});
