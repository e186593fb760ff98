import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  bookFirstFree,
  bookingMentor,
  demo,
  freshPhone,
  logIn,
  payByMpesa,
  paysPhone,
  registerAdvisee,
  signIn,
} from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

// Issue 27: axe finds no violation on any page, as a visitor, an advisee, a mentor and an admin, at 360 and
// 1280 px. Every route of router.tsx (and of admin-routes.tsx) is opened by the people who can open it.

const routesIn = (file: string) =>
  [...readFileSync(resolve(import.meta.dirname, file), 'utf8').matchAll(/path: '([^']+)'/g)].map(
    (match) => match[1]!,
  );
const declaredRoutes = routesIn('../src/app/router.tsx');
const declaredAdminRoutes = routesIn('../src/app/admin-routes.tsx');

const publicRoutes = [
  '/',
  '/about',
  '/advisors',
  '/advisors/:advisorId',
  '/topics',
  '/topics/:topicId',
  '/what_you_get',
  '/testimonials',
  '/invitation/:sessionId/:phoneNo',
  '/verify-email/:token',
  '*',
];
const visitorRoutes = [
  '/new_advisor',
  '/signup',
  '/signup/advisor',
  '/signup/:sessionId/:phoneNo',
  '/profile_picker',
  '/login',
  '/auth/password/forgot',
  '/resetPassword/:email/:userId/:timestamp',
];
const accountRoutes = [
  '/invite',
  '/help',
  '/profile',
  '/profile/password/reset',
  '/profile/phone/verify',
  '/profile/devices',
  '/profile/security',
  '/wallet',
  '/buyVoucher',
];
const sessionRoutes = [
  '/advisors/book/:advisorId',
  '/sessions',
  '/sessions/:sessionId',
  '/sessions/reschedule/:sessionId/:advisorId',
  '/sessions/call/:sessionId',
  '/sessions/group/call/:sessionId',
];
const adviseeRoutes = ['/profile/advisee/edit', '/selfAssessment', '/journey'];
const mentorRoutes = ['/profile/advisor/time', '/profile/advisor/edit', '/payment/preference'];
const adminRoutes = [
  '/admin',
  ...declaredAdminRoutes.filter((route) => route !== '*').map((route) => `/admin/${route}`),
  '/admin/no-such-page',
];

/**
 * The public pages whose content changes for someone signed in (beyond the header and menu, which every page
 * of theirs below shows): the home page, a mentor's and a program's page (booking buttons), Page Not Found.
 * The visitor walks every public page.
 */
const signedInPublicRoutes = ['/', '/advisors/:advisorId', '/topics/:topicId', '*'];

type Role = 'visitor' | 'advisee' | 'mentor' | 'admin';
const walks: Record<Role, string[]> = {
  visitor: [...publicRoutes, ...visitorRoutes],
  advisee: [...signedInPublicRoutes, ...accountRoutes, ...sessionRoutes, ...adviseeRoutes],
  mentor: [...signedInPublicRoutes, ...accountRoutes, ...sessionRoutes, ...mentorRoutes],
  admin: [...signedInPublicRoutes, ...accountRoutes, ...adminRoutes],
};

/** The address of a route template, its parameters filled in (`*`: an address no route has). */
function addressOf(route: string, params: Record<string, string | number>): string {
  if (route === '*') return '/no-such-page';
  return route.replace(/:(\w+)/g, (_match, name: string) => {
    if (params[name] === undefined) throw new Error(`no value for :${name} of ${route}`);
    return String(params[name]);
  });
}

/** Waits until the page's code and data have arrived: no progress bar, no loader, no skeleton. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
  await expect(page.getByText('Loading…', { exact: true })).toHaveCount(0);
  // A loader that stays (a call still connecting, a price being fetched) is part of the page as it is seen.
  await expect(page.locator('.mantine-Skeleton-root, .mantine-LoadingOverlay-root'))
    .toHaveCount(0, { timeout: 15_000 })
    .catch(() => undefined);
}

interface Finding {
  path: string;
  rule: string;
  impact: string | null | undefined;
  targets: string[];
  summary: string;
}

/** Runs axe over the page as it is now; answers every violation. */
async function scan(page: Page, path: string): Promise<Finding[]> {
  // Only violations are collected: the passes' details are most of axe's work and nobody reads them here.
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return violations.map((violation) => ({
    path,
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    summary: violation.nodes[0]?.failureSummary ?? violation.help,
  }));
}

const widths = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];

/**
 * Opens each route once and scans it at both widths: at the width the page was opened at, then, resized, at
 * the other (the layout follows the width by CSS and media queries, as when a window is resized). The next
 * route opens at the width the last one ended at.
 */
async function walk(
  page: Page,
  routes: string[],
  params: Record<string, string | number>,
  { cookieBanner = false } = {},
) {
  const findings: Finding[] = [];
  let current = 0;
  for (const route of routes) {
    const path = addressOf(route, params);
    await page.goto(path);
    for (const step of [0, 1]) {
      if (step === 1) {
        current = 1 - current;
        await page.setViewportSize(widths[current]!);
      }
      await settle(page);
      // The cookie notice's code follows the first paint: it is scanned on every page a visitor opens.
      if (cookieBanner) await expect(page.getByRole('region', { name: 'Cookies' })).toBeVisible();
      findings.push(...(await scan(page, `${path} at ${widths[current]!.width} px`)));
    }
  }
  expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
}

/** The data the parameterised routes need: a paid group session of a new advisee with the demo mentor. */
async function journeyData(page: Page) {
  const request = page.request;
  const advisee = await registerAdvisee(request, 'Achieng Axe');
  const invited = freshPhone();
  const mentor = await bookingMentor(request);
  const sessionId = await bookFirstFree(request, advisee.auth, mentor.slots.slice(-30).reverse(), {
    ...mentor,
    otherAttendees: [invited.local],
  });
  await payByMpesa(request, advisee, sessionId);
  const params = {
    advisorId: mentor.mentorId,
    topicId: mentor.topicId,
    sessionId,
    phoneNo: Buffer.from(invited.normalised).toString('base64url'),
    token: 'not-a-real-token',
    email: Buffer.from(advisee.email).toString('base64url'),
    userId: advisee.userId,
    timestamp: Date.now(),
  };
  return { advisee, params };
}

/**
 * The records the admin's detail pages show: the advisee's M-PESA payment, and a gift voucher they start to
 * buy (awaiting its payment), found as an admin finds them, by the list's search.
 */
async function adminRecords(
  request: APIRequestContext,
  advisee: Awaited<ReturnType<typeof registerAdvisee>>,
  params: { advisorId: number; topicId: number },
): Promise<{ paymentId: number; voucherId: number }> {
  const created = await request.post('/myprosper/api/createVoucher', {
    headers: advisee.auth,
    data: {
      adviseeId: advisee.userId,
      recipientName: 'Zawadi Amani',
      recipientEmail: 'zawadi.amani@example.com',
      recipientPhoneNumber: freshPhone().local,
      topicId: params.topicId,
      advisorId: params.advisorId,
      paymentMode: 'MPESA',
      mpesaPhoneNumber: paysPhone,
      recipientNote: 'Happy birthday: a session with a mentor of your choice.',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const reference = ((await created.json()) as { data: { reference: string } }).data.reference;
  const admin = await logIn(request, demo.admin);
  const first = async (list: string, query: string) => {
    const response = await request.get(`/myprosper/api/admin/${list}?query=${encodeURIComponent(query)}`, {
      headers: admin.auth,
    });
    expect(response.ok(), await response.text()).toBe(true);
    const { items } = ((await response.json()) as { data: { items: Array<{ id: number }> } }).data;
    expect(items.length, `${list} matching ${query}`).toBeGreaterThan(0);
    return items[0]!.id;
  };
  return { paymentId: await first('payments', advisee.email), voucherId: await first('vouchers', reference) };
}

test('every route of the app is scanned below by someone who can open it', () => {
  const walked = new Set(Object.values(walks).flat());
  expect(declaredRoutes.length).toBeGreaterThan(30);
  expect(declaredAdminRoutes.length).toBeGreaterThan(10);
  for (const route of declaredRoutes.filter((route) => route !== '/admin/*')) {
    expect(walked, route).toContain(route);
  }
});

// The four people walk side by side (each on a worker's own server when there are several workers).
test.describe('axe at 360 and 1280 px', () => {
  test.describe.configure({ mode: 'parallel' });
  test.use({ viewport: widths[0] });

  test('axe finds no violation on any page a visitor opens at 360 and 1280 px', async ({ page }) => {
    test.setTimeout(600_000);
    // The cookie banner stays: it is part of every page a visitor sees first.
    const { params } = await journeyData(page);
    await walk(page, walks.visitor, params, { cookieBanner: true });
  });

  test('axe finds no violation on any page an advisee opens at 360 and 1280 px', async ({ page }) => {
    test.setTimeout(600_000);
    const { advisee, params } = await journeyData(page);
    await signIn(page, advisee.email);
    await walk(page, walks.advisee, params);
  });

  test('axe finds no violation on any page a mentor opens at 360 and 1280 px', async ({ page }) => {
    test.setTimeout(600_000);
    const { params } = await journeyData(page);
    await signIn(page, demo.mentor);
    await walk(page, walks.mentor, params);
  });

  test('axe finds no violation on any page an admin opens at 360 and 1280 px', async ({ page }) => {
    test.setTimeout(600_000);
    const { advisee, params } = await journeyData(page);
    const ids = await adminRecords(page.request, advisee, params);
    await signIn(page, demo.admin);
    await walk(page, walks.admin, { ...params, ...ids });
  });
});
