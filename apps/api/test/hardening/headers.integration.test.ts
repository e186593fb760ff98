import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdvisee } from '../../src/db/seed/factories.ts';
import { bearer } from '../../src/features/booking/booking.test-helpers.ts';
import { createTestApp, type TestContext } from '../test-app.ts';

/**
 * Security headers on everything the server sends, the web app's pages and files as much as the API's answers
 * and refusals: a CSP without inline scripts that no other site may frame, HSTS, nosniff and a referrer policy;
 * and cookies, should any ever be set, only Secure, HttpOnly and SameSite.
 */

const webRoot = resolve(import.meta.dirname, '../../../web');
/** The built page when there is a build, else the page Vite builds from. */
const indexHtml = existsSync(join(webRoot, 'dist/index.html'))
  ? readFileSync(join(webRoot, 'dist/index.html'), 'utf8')
  : readFileSync(join(webRoot, 'index.html'), 'utf8');

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const headers = res.headers;
  const csp = directives(String(headers['content-security-policy'] ?? ''));
  const scripts = csp['script-src'] ?? csp['default-src'] ?? [];
  expect(scripts, `${what}: script-src`).toEqual(["'self'"]);
  expect(csp['script-src-attr'], `${what}: script-src-attr`).toEqual(["'none'"]);
  expect(csp['object-src'], `${what}: object-src`).toEqual(["'none'"]);
  expect(csp['frame-ancestors'], `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp['base-uri'], `${what}: base-uri`).toEqual(["'none'"]);
  const hsts = String(headers['strict-transport-security'] ?? '');
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), `${what}: HSTS max-age`).toBeGreaterThanOrEqual(31_536_000);
  expect(hsts, `${what}: HSTS`).toContain('includeSubDomains');
  expect(headers['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(headers['referrer-policy'], `${what}: referrer policy`).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], `${what}: X-Frame-Options`).toBe('SAMEORIGIN');
  expect(headers['x-powered-by'], `${what}: no X-Powered-By`).toBeUndefined();
  expectSafeCookies(res, what);
}

/**
 * Every cookie a response sets is Secure, HttpOnly and SameSite. (None of these cases sets one; the refresh
 * cookie of a log-in is checked in src/features/auth/refresh*.test.ts: it is not Secure on http://localhost.)
 */
function expectSafeCookies(res: LightMyRequestResponse, what: string) {
  const raw = res.headers['set-cookie'];
  for (const cookie of raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) {
    expect(cookie, `${what}: cookie`).toMatch(/;\s*Secure/i);
    expect(cookie, `${what}: cookie`).toMatch(/;\s*HttpOnly/i);
    expect(cookie, `${what}: cookie`).toMatch(/;\s*SameSite=(Strict|Lax)/i);
  }
}

describe('security headers of the API and the web app', () => {
  let ctx: TestContext;
  let dist: string;
  let authorization: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'myprosper-headers-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), indexHtml);
    writeFileSync(join(dist, 'assets', 'app-Ab12Cd34.js'), 'export const ok = true;\n');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    ctx = await createTestApp({ WEB_DIST: dist, JOBS_ENABLED: 'false' });
    const user = await createAdvisee(ctx.database.db);
    authorization = (await bearer(ctx.app, user)).authorization;
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = { accept: 'text/html,application/xhtml+xml' };
  const cases: Array<[string, () => Record<string, unknown>]> = [
    ['the home page', () => ({ url: '/', headers: page })],
    ['a deep page of the app', () => ({ url: '/sessions/12?outcome=paid', headers: page })],
    ['a hashed asset', () => ({ url: '/assets/app-Ab12Cd34.js' })],
    ['a public file', () => ({ url: '/favicon.svg' })],
    ['a public API answer', () => ({ url: '/myprosper/api/getLiveTopics' })],
    ['a signed-in API answer', () => ({ url: '/myprosper/api/myVouchers', headers: { authorization } })],
    ['a refusal for no token', () => ({ url: '/myprosper/api/myVouchers' })],
    ['a refusal of bad input', () => ({ method: 'POST', url: '/myprosper/auth/authenticate', payload: {} })],
    ['an unknown API path', () => ({ url: '/myprosper/api/nothing-here' })],
    [
      'malformed JSON',
      () => ({
        method: 'POST',
        url: '/myprosper/auth/authenticate',
        headers: { 'content-type': 'application/json' },
        payload: '{"username":',
      }),
    ],
    ['the API documentation', () => ({ url: '/myprosper/docs/' })],
    ['the health check', () => ({ url: '/healthz' })],
  ];

  it.each(cases)('%s carries them', async (what, request) => {
    const res = await ctx.app.inject(request());
    expect(res.statusCode, res.body).toBeLessThan(500);
    expectSecurityHeaders(res, what);
  });

  it('gives no other site the right to read its answers (no CORS)', async () => {
    const res = await ctx.app.inject({
      url: '/myprosper/api/myVouchers',
      headers: { authorization, origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/myprosper/api/myVouchers',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses an over-long or malformed address in the envelope, with nosniff', async () => {
    for (const url of [
      `/myprosper/api/getVoucher/${'x'.repeat(5000)}`,
      '/myprosper/api/getVoucher/%E0%A4%A',
    ]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toMatch(/^(A part of the address is too long|The address is not valid)$/);
      expect(res.body).not.toContain('xxxxxxxxxx');
    }
  });

  it('serves pages that need no inline script, so the policy can forbid them', () => {
    for (const html of [indexHtml, readFileSync(join(webRoot, 'index.html'), 'utf8')]) {
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes = '', body = ''] of scripts) {
        expect(attributes).toMatch(/\bsrc=/);
        expect(body.trim()).toBe('');
      }
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/javascript:/i);
    }
  });
});
