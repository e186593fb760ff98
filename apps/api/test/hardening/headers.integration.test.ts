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
 * and refusals: for pages a CSP without inline scripts that no other site may frame, for the API's JSON a CSP
 * that lets nothing run or load at all (decision 009); HSTS, nosniff and a referrer policy on both; and
 * cookies, should any ever be set, only Secure, HttpOnly and SameSite.
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

/** What a kind of answer may do in a browser. */
type Kind = 'page' | 'api';

function expectSecurityHeaders(res: LightMyRequestResponse, what: string, kind: Kind) {
  const headers = res.headers;
  const csp = directives(String(headers['content-security-policy'] ?? ''));
  // A fetch directive that is absent falls back to default-src.
  const fetching = (name: string) => csp[name] ?? csp['default-src'];
  if (kind === 'page') {
    expect(fetching('script-src'), `${what}: script-src`).toEqual(["'self'"]);
    expect(fetching('script-src-attr'), `${what}: script-src-attr`).toEqual(["'none'"]);
    expect(fetching('object-src'), `${what}: object-src`).toEqual(["'none'"]);
    expect(csp['base-uri'], `${what}: base-uri`).toEqual(["'none'"]);
  } else {
    // JSON is never a document: nothing of it may run, load or be embedded, and the policy is no longer.
    expect(csp, `${what}: the whole policy`).toEqual({
      'default-src': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    expect(headers['cross-origin-resource-policy'], `${what}: CORP`).toBe('same-origin');
  }
  expect(csp['frame-ancestors'], `${what}: frame-ancestors`).toEqual(["'none'"]);
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
  const cases: Array<[string, Kind, () => Record<string, unknown>]> = [
    ['the home page', 'page', () => ({ url: '/', headers: page })],
    ['a deep page of the app', 'page', () => ({ url: '/sessions/12?outcome=paid', headers: page })],
    ['a hashed asset', 'page', () => ({ url: '/assets/app-Ab12Cd34.js' })],
    ['a public file', 'page', () => ({ url: '/favicon.svg' })],
    ['a public API answer', 'api', () => ({ url: '/myprosper/api/getLiveTopics' })],
    [
      'a cached public API answer',
      'api',
      () => ({ url: '/myprosper/api/getLiveTopics', headers: { 'accept-encoding': 'br' } }),
    ],
    [
      'a signed-in API answer',
      'api',
      () => ({ url: '/myprosper/api/myVouchers', headers: { authorization } }),
    ],
    ['a refusal for no token', 'api', () => ({ url: '/myprosper/api/myVouchers' })],
    [
      'a refusal of bad input',
      'api',
      () => ({ method: 'POST', url: '/myprosper/auth/authenticate', payload: {} }),
    ],
    ['an unknown API path', 'api', () => ({ url: '/myprosper/api/nothing-here' })],
    [
      'malformed JSON',
      'api',
      () => ({
        method: 'POST',
        url: '/myprosper/auth/authenticate',
        headers: { 'content-type': 'application/json' },
        payload: '{"username":',
      }),
    ],
    ['the API documentation', 'page', () => ({ url: '/myprosper/docs/' })],
    ['the health check', 'page', () => ({ url: '/healthz' })],
    ['a path beside the API', 'page', () => ({ url: '/myprosper/apiary', headers: page })],
  ];

  it.each(cases)('%s carries them (%s)', async (what, kind, request) => {
    const res = await ctx.app.inject(request());
    expect(res.statusCode, res.body).toBeLessThan(500);
    expectSecurityHeaders(res, what, kind);
  });

  it('keeps API answers short: their security headers take under half the bytes a page carries', async () => {
    const size = (res: LightMyRequestResponse) =>
      Object.entries(res.headers)
        .filter(
          ([name]) => !['content-type', 'content-length', 'date', 'connection', 'keep-alive'].includes(name),
        )
        .reduce((bytes, [name, value]) => bytes + name.length + String(value).length + 4, 0);
    const api = await ctx.app.inject({ url: '/myprosper/api/nothing-here' });
    const pageAnswer = await ctx.app.inject({ url: '/', headers: page });
    expect(size(api)).toBeLessThan(size(pageAnswer) / 2);
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
