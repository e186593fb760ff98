import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { acceptCookies, bookEarliestSlot, demo, logIn, registerAdvisee, signIn } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

// ASVS V7.4.4: a log-out control is within reach on every page a signed-in person can open (spec 2.2: signed
// in, the menu shows Logout), here at phone width where it sits in the burger menu, and it signs them out.

/** Every route of the app, as router.tsx declares them. */
const declaredRoutes = [
  ...readFileSync(resolve(import.meta.dirname, '../src/app/router.tsx'), 'utf8').matchAll(/path: '([^']+)'/g),
].map((match) => match[1]!);

/** Routes no advisee or mentor opens signed in: the anonymous-only ones send them home, /admin is admins'. */
const notWalked = [
  '/new_advisor',
  '/signup',
  '/signup/advisor',
  '/signup/:sessionId/:phoneNo',
  '/profile_picker',
  '/login',
  '/auth/password/forgot',
  '/resetPassword/:email/:userId/:timestamp',
  // A link from an e-mail, judged on load (e2e/signup.spec.ts opens it).
  '/verify-email/:token',
  '/admin/*',
];

/** The routes walked for every signed-in person, and those of a mentor's or an advisee's own. */
const everyonesRoutes = [
  '/',
  '/about',
  '/advisors',
  '/advisors/:advisorId',
  '/topics',
  '/topics/:topicId',
  '/what_you_get',
  '/testimonials',
  '/invitation/:sessionId/:phoneNo',
  '/invite',
  '/help',
  '/advisors/book/:advisorId',
  '/sessions',
  '/sessions/:sessionId',
  '/sessions/reschedule/:sessionId/:advisorId',
  '/sessions/call/:sessionId',
  '/sessions/group/call/:sessionId',
  '/profile',
  '/profile/password/reset',
  '/profile/devices',
  '/profile/security',
  '/profile/phone/verify',
  '/wallet',
  '/buyVoucher',
  '*',
];
const ownRoutes = {
  ADVISOR: ['/profile/advisor/time', '/profile/advisor/edit', '/payment/preference'],
  ADVISEE: ['/profile/advisee/edit', '/selfAssessment', '/journey'],
};

/** The address of a route template, its parameters filled in (`*`: an address no route has). */
function addressOf(route: string, params: Record<string, string | number>): string {
  if (route === '*') return '/no-such-page';
  return route.replace(/:(\w+)/g, (_match, name: string) => String(params[name]));
}

/** Opens the page and checks that its menu offers Logout, then closes the menu again. */
async function expectLogoutOffered(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
  await expect(page, `${path} keeps the person signed in`).not.toHaveURL(/\/login$/);
  const menu = page.getByRole('dialog', { name: 'Menu' });
  // A page still settling (its code or data arriving) may swallow the first press, or open the menu late: press
  // again until it opens. A press waits briefly, as the toggle is named 'Close menu' once the menu is open.
  await expect(async () => {
    if (!(await menu.isVisible())) {
      // A notice ('Session invitation accepted successfully') lies over the menu's button at phone width, and
      // stays while the pointer rests on it: close it first, as a person would.
      for (const close of await page.getByRole('button', { name: 'Close notification' }).all()) {
        await close.click({ timeout: 2_000 });
      }
      await page.getByRole('button', { name: 'Open menu' }).click({ timeout: 2_000 });
    }
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible({ timeout: 4_000 });
  }, `Logout in the menu of ${path}`).toPass({ timeout: 30_000 });
  await expect(async () => {
    if (await menu.isVisible()) await page.keyboard.press('Escape');
    await expect(menu).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** Uses the menu's Logout: the person lands on /login, signed out, and guarded pages send them there. */
async function logOutThroughMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/sessions');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }),
  ).toHaveCount(0);
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('every route of the app is walked below, or is one a signed-in advisee or mentor cannot stay on', () => {
  const walked = [...everyonesRoutes, ...ownRoutes.ADVISEE, ...ownRoutes.ADVISOR];
  expect(declaredRoutes.length).toBeGreaterThan(30);
  expect([...new Set([...walked, ...notWalked])].sort()).toEqual([...new Set(declaredRoutes)].sort());
});

/**
 * Signed in as `who` (a new advisee, or the demo mentor), with a session of an advisee with the demo mentor for
 * the session pages: Logout in the menu of every page, then used.
 */
async function walkSignedIn(page: Page, who: 'ADVISEE' | 'ADVISOR'): Promise<void> {
  const advisee = await registerAdvisee(page.request, `${who === 'ADVISEE' ? 'Wanjiku' : 'Otieno'} Logout`);
  const sessionId = await bookEarliestSlot(page.request, advisee);
  const mentor = await logIn(page.request, demo.mentor);
  await signIn(page, who === 'ADVISEE' ? advisee.email : demo.mentor);
  const params = {
    sessionId,
    advisorId: mentor.userId,
    topicId: 1,
    phoneNo: Buffer.from(`254${advisee.phone.slice(1)}`).toString('base64url'),
  };
  for (const route of [...everyonesRoutes, ...ownRoutes[who]]) {
    await expectLogoutOffered(page, addressOf(route, params));
  }
  await logOutThroughMenu(page);
}

test('an advisee finds Logout in the menu of every page, and it signs them out', async ({ page }) => {
  // Some 27 pages, each opened, its menu opened and closed: three times a journey's usual time.
  test.slow();
  await walkSignedIn(page, 'ADVISEE');
});

test('a mentor finds Logout in the menu of every page, and it signs them out', async ({ page }) => {
  // Some 27 pages, each opened, its menu opened and closed: three times a journey's usual time.
  test.slow();
  await walkSignedIn(page, 'ADVISOR');
});
