import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { topics } from '../../db/schema/catalogue.ts';
import { createAdmin, createAdvisee, createAdvisor, type UserRow } from '../../db/seed/factories.ts';
import { tokenOf } from '../auth/auth.test-helpers.ts';
import { adminApi, callAs } from './admin.test-helpers.ts';
import { createAdminAccount } from './admin-accounts.ts';

const missing = 999_999;
const program = {
  name: 'Refused program',
  tagLine: 'Never made',
  videoURL: '/media/intro-1.webm',
  tips: ['x'],
};

/** Every admin route: method, path (OpenAPI template) and a body that would be valid. */
const routes: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; payload?: unknown }> = [
  { method: 'GET', path: '/dashboard' },
  { method: 'GET', path: '/applications' },
  { method: 'POST', path: '/applications/{id}/approve', payload: {} },
  { method: 'POST', path: '/applications/{id}/reject', payload: { reason: 'No' } },
  { method: 'GET', path: '/users?role=ADVISOR' },
  { method: 'GET', path: '/users/{id}' },
  { method: 'POST', path: '/users/{id}/suspend', payload: { reason: 'Abuse' } },
  { method: 'POST', path: '/users/{id}/reactivate', payload: {} },
  { method: 'GET', path: '/programs' },
  { method: 'POST', path: '/programs', payload: program },
  { method: 'PUT', path: '/programs/order', payload: { ids: [missing] } },
  { method: 'PUT', path: '/programs/{id}', payload: program },
  { method: 'PUT', path: '/programs/{id}/live', payload: { isLive: true } },
  { method: 'POST', path: '/programs/{id}/image' },
  { method: 'DELETE', path: '/programs/{id}' },
  { method: 'GET', path: '/pricing' },
  { method: 'PUT', path: '/pricing/{priceType}', payload: { baseSessionPrice: 1, vatTax: 0 } },
  { method: 'GET', path: '/faqs' },
  { method: 'POST', path: '/faqs', payload: { userType: 'ADVISEE', question: 'Q?', answer: 'A.' } },
  { method: 'PUT', path: '/faqs/order', payload: { userType: 'ADVISEE', ids: [missing] } },
  { method: 'PUT', path: '/faqs/{id}', payload: { userType: 'ADVISEE', question: 'Q?', answer: 'A.' } },
  { method: 'GET', path: '/testimonials' },
  {
    method: 'POST',
    path: '/testimonials',
    payload: { testimonial: '/media/intro-1.webm', name: 'N', position: 'P' },
  },
  { method: 'PUT', path: '/testimonials/order', payload: { ids: [missing] } },
  {
    method: 'PUT',
    path: '/testimonials/{id}',
    payload: { testimonial: '/media/intro-1.webm', name: 'N', position: 'P' },
  },
  { method: 'GET', path: '/sessions' },
  { method: 'GET', path: '/sessions/{id}' },
  { method: 'POST', path: '/sessions/{id}/cancel', payload: { reason: 'Test' } },
  { method: 'PUT', path: '/sessions/{id}/no-shows', payload: { people: [{ userId: 1, noShow: true }] } },
  { method: 'GET', path: '/search?query=0712' },
  { method: 'GET', path: '/payments' },
  { method: 'GET', path: '/payments/{id}' },
  { method: 'POST', path: '/payments/{id}/query', payload: {} },
  {
    method: 'POST',
    path: '/payments/{id}/refunds',
    payload: { amount: 1, destination: 'WALLET', reason: 'Access check', requestId: randomUUID() },
  },
  { method: 'POST', path: '/payments/receipt-lookups', payload: { receipt: 'ABC' } },
  { method: 'GET', path: '/payments/receipt-lookups/{receipt}' },
  { method: 'GET', path: '/refunds' },
  { method: 'GET', path: '/vouchers' },
  { method: 'GET', path: '/vouchers/{id}' },
  { method: 'POST', path: '/vouchers/{id}/refund', payload: { reason: 'Access check' } },
  { method: 'POST', path: '/vouchers/{id}/reassign', payload: { mentorId: missing, reason: 'Access check' } },
  { method: 'POST', path: '/vouchers/{id}/extend', payload: { reason: 'Access check' } },
  { method: 'GET', path: '/payouts' },
  { method: 'POST', path: '/payouts', payload: { mentorId: missing, amount: 1, reference: 'REF' } },
  { method: 'GET', path: '/payouts/history' },
  { method: 'GET', path: '/payouts.csv' },
  { method: 'GET', path: '/payoutRuns' },
  { method: 'POST', path: '/payoutRuns', payload: {} },
  { method: 'GET', path: '/disputes' },
  { method: 'POST', path: '/disputes/{id}/decide', payload: { decision: 'RELEASE' } },
  { method: 'GET', path: '/paybill' },
  { method: 'POST', path: '/paybill/{id}/credit', payload: { userId: missing, note: 'Access check' } },
  { method: 'POST', path: '/paybill/{id}/refund', payload: { note: 'Access check' } },
  { method: 'GET', path: '/reconciliation' },
  { method: 'POST', path: '/reconciliation/runs', payload: {} },
  { method: 'POST', path: '/reconciliation/items/{id}/recheck', payload: {} },
  { method: 'POST', path: '/reconciliation/items/{id}/resolve', payload: { note: 'A note' } },
  { method: 'POST', path: '/mpesaStatements', payload: { fileName: 'x.csv', content: 'x' } },
  { method: 'GET', path: '/mpesaStatements/{id}' },
  { method: 'GET', path: '/mpesaBalance' },
  { method: 'POST', path: '/mpesaBalance', payload: {} },
  { method: 'GET', path: '/insights' },
  { method: 'GET', path: '/audit' },
  { method: 'GET', path: '/twoStepRecoveries' },
  { method: 'POST', path: '/twoStepRecoveries/{id}/approve', payload: {} },
  { method: 'POST', path: '/twoStepRecoveries/{id}/refuse', payload: {} },
];

function urlOf(path: string): string {
  return `${adminApi}${path
    .replace('{id}', String(missing))
    .replace('{priceType}', 'INDIVIDUAL')
    .replace('{receipt}', 'ZZ00ZZ00ZZ')}`;
}

describe('the admin API is for admins only', () => {
  let ctx: TestContext;
  let admin: UserRow;
  let advisee: UserRow;
  let mentor: UserRow;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createAdmin(ctx.database.db);
    advisee = await createAdvisee(ctx.database.db);
    mentor = await createAdvisor(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lists every admin route of the API in this table', () => {
    const spec = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith(`${adminApi}/`))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.slice(adminApi.length)}`),
      )
      .sort();
    const tested = routes.map((route) => `${route.method} ${route.path.split('?')[0]}`).sort();
    expect(tested).toEqual(documented);
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: 401 for visitors, 403 for advisees and mentors',
    async (_name, route) => {
      const url = urlOf(route.path);
      const visitor = await callAs(ctx.app, null, route.method, url, route.payload);
      expect(visitor.statusCode, visitor.body).toBe(401);
      expect(visitor.json()).toMatchObject({ statusCode: 401, message: 'Please log in to continue' });
      for (const person of [advisee, mentor]) {
        const res = await callAs(ctx.app, person, route.method, url, route.payload);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toMatchObject({ statusCode: 403, message: 'You are not allowed to do this' });
      }
      const asAdmin = await callAs(ctx.app, admin, route.method, url, route.payload);
      expect([401, 403]).not.toContain(asAdmin.statusCode);
    },
  );

  it('admin accounts come from the command line: the new admin signs in and reaches the console', async () => {
    const email = `ops-${Date.now()}@example.com`;
    const made = await createAdminAccount(ctx.database.db, {
      email,
      name: 'Ops  Admin',
      password: 'Str0ng#Pass',
    });
    expect(made.ok).toBe(true);
    const token = await tokenOf(ctx.app, email, 'Str0ng#Pass');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${adminApi}/dashboard`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(
      await createAdminAccount(ctx.database.db, { email, name: 'Ops Admin', password: 'Str0ng#Pass' }),
    ).toEqual({
      ok: false,
      message: expect.stringContaining('is already registered'),
    });
    expect(
      await createAdminAccount(ctx.database.db, {
        email: 'x@example.com',
        name: 'Ops',
        password: 'Str0ng#Pass',
      }),
    ).toEqual({ ok: false, message: 'Please enter your full name' });
    const refusals: Array<[string, string]> = [
      ['Password123', 'This password is too common. Please choose another one'],
      [
        '12341234',
        'This password is too easy to guess. Please choose a longer one, or mix in words, numbers and symbols',
      ],
      [
        'Ops#Admin2026',
        'Your password must not contain MyProsper, your name or your e-mail. Please choose another one',
      ],
    ];
    for (const [password, message] of refusals) {
      expect(
        await createAdminAccount(ctx.database.db, {
          email: 'new.ops@example.com',
          name: 'Ops Admin',
          password,
        }),
      ).toEqual({ ok: false, message });
    }
  });

  it('refused calls changed nothing: only the admin call made a program and audit rows', async () => {
    const [programs] = await ctx.database.db.select({ n: count() }).from(topics);
    expect(programs?.n).toBe(1);
    const audited = await ctx.database.db.select({ actorId: adminAuditLog.actorId }).from(adminAuditLog);
    expect(audited.every((row) => row.actorId === admin.id)).toBe(true);
  });
});
