import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { topics } from '../../db/schema/catalogue.ts';
import { createAdmin, createAdvisee, createAdvisor, factoryPassword } from '../../db/seed/factories.ts';
import { login, randomIp, tokenOf } from '../auth/auth.test-helpers.ts';
import { turnOnTwoStep } from '../auth/two-step.test-helpers.ts';
import { adminApi } from './admin.test-helpers.ts';

/** ASVS V6.3.3: with ADMIN_TWO_STEP=required (production's default) admins need two-step sign-in on. */

const setUpFirst = 'Set up two-step sign-in first';
const program = {
  name: 'Two-step program',
  tagLine: 'Made once',
  videoURL: '/media/intro-1.webm',
  tips: ['x'],
};

type Method = 'GET' | 'POST' | 'PUT';

function call(ctx: TestContext, token: string, method: Method, url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

async function signIn(ctx: TestContext, email: string): Promise<string> {
  return tokenOf(ctx.app, email, factoryPassword);
}

describe('ADMIN_TWO_STEP=required: the admin API needs two-step sign-in on', () => {
  let ctx: TestContext;
  let token: string;
  let mentor: { id: number; email: string };
  /** Representative admin calls, reading and changing. */
  let adminCalls: Array<[Method, string, object?]>;

  beforeAll(async () => {
    ctx = await createTestApp({ ADMIN_TWO_STEP: 'required' });
    const admin = await createAdmin(ctx.database.db);
    mentor = await createAdvisor(ctx.database.db);
    token = await signIn(ctx, admin.email);
    adminCalls = [
      ['GET', `${adminApi}/dashboard`],
      ['GET', `${adminApi}/users?role=ADVISOR`],
      ['POST', `${adminApi}/programs`, program],
      ['POST', `${adminApi}/users/${mentor.id}/suspend`, { reason: 'Abuse' }],
      ['PUT', `${adminApi}/pricing/INDIVIDUAL`, { baseSessionPrice: 3000, vatTax: 16 }],
    ];
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function counts() {
    const [programs] = await ctx.database.db.select({ n: count() }).from(topics);
    const [audited] = await ctx.database.db.select({ n: count() }).from(adminAuditLog);
    return { programs: programs?.n, audited: audited?.n };
  }

  it('refuses an admin without it on every admin route with 403, and nothing changes', async () => {
    const before = await counts();
    for (const [method, url, payload] of adminCalls) {
      const res = await call(ctx, token, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, message: setUpFirst });
    }
    // No program, price or suspension was made (each would be in the audit log), and the mentor signs in.
    expect(await counts()).toEqual(before);
    expect((await login(ctx.app, mentor.email, factoryPassword, randomIp())).statusCode).toBe(200);
  });

  it('keeps what the admin needs to turn it on: its status, their sign-ins and log-out', async () => {
    const status = await call(ctx, token, 'GET', '/myprosper/auth/twoStep');
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const signIns = await call(ctx, token, 'GET', '/myprosper/auth/signIns');
    expect(signIns.statusCode, signIns.body).toBe(200);
    const who = await call(ctx, token, 'POST', '/myprosper/auth/validateToken', { token });
    expect(who.statusCode, who.body).toBe(200);
    const other = await createAdmin(ctx.database.db);
    const otherToken = await signIn(ctx, other.email);
    const loggedOut = await call(ctx, otherToken, 'POST', '/myprosper/auth/logout', {});
    expect(loggedOut.statusCode, loggedOut.body).toBe(200);
  });

  it('answers the same calls once two-step sign-in is on', async () => {
    await turnOnTwoStep(ctx.app, token, new Date(), factoryPassword);
    for (const [method, url, payload] of adminCalls) {
      const res = await call(ctx, token, method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    }
    // The suspension took: the mentor can no longer sign in.
    expect((await login(ctx.app, mentor.email, factoryPassword, randomIp())).statusCode).not.toBe(200);
  });

  it('leaves advisees and mentors as they were: their own routes work, admin routes stay forbidden', async () => {
    const people = [await createAdvisee(ctx.database.db), await createAdvisor(ctx.database.db)];
    for (const person of people) {
      const personToken = await signIn(ctx, person.email);
      const own = await call(ctx, personToken, 'POST', '/myprosper/auth/validateToken', {
        token: personToken,
      });
      expect(own.statusCode, own.body).toBe(200);
      const admin = await call(ctx, personToken, 'GET', `${adminApi}/dashboard`);
      expect(admin.statusCode).toBe(403);
      expect(admin.json().message).toBe('You are not allowed to do this');
    }
  });
});

describe('ADMIN_TWO_STEP=optional (the default outside production)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lets an admin without two-step sign-in use the admin API as before', async () => {
    expect(ctx.env.ADMIN_TWO_STEP).toBe('optional');
    const token = await signIn(ctx, (await createAdmin(ctx.database.db)).email);
    expect((await call(ctx, token, 'GET', `${adminApi}/dashboard`)).statusCode).toBe(200);
    const made = await call(ctx, token, 'POST', `${adminApi}/programs`, program);
    expect(made.statusCode, made.body).toBe(200);
  });
});
