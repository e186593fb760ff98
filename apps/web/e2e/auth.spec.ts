import type { Page } from '@playwright/test';
import { acceptCookies, demo, demoPassword, registerAdvisee, signIn } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('a guarded page sends a visitor to log in and back, and logging out signs them out', async ({
  page,
}) => {
  await page.goto('/sessions');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle(/Login/);

  await page.getByLabel('Username').fill(demo.advisee);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Incorrect username or password').first()).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/sessions$/);
  expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBe('ADVISEE');

  // Signed in: anonymous-only pages send the user home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);

  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('the profile picker offers both ways in', async ({ page }) => {
  await page.goto('/profile_picker');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Seek Advice' })).toHaveAttribute('href', '/signup');
  await expect(main.getByRole('link', { name: 'Become a Mentor' })).toHaveAttribute('href', '/new_advisor');
});

test("a mentor's pages do not exist for an advisee, nor an advisee's for a mentor", async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(demo.advisee);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile/advisor/time');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/advisor\/time$/);

  await page.evaluate(() => localStorage.clear());
  await signIn(page, demo.mentor);
  await page.goto('/selfAssessment');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();

  // The session list has the spec's three filters for a mentor too; Pending is empty, as every upcoming
  // session of a mentor counts as paid.
  await page.goto('/sessions?type=individual&status=pending');
  const filters = page.getByRole('radiogroup', { name: 'Which sessions' });
  for (const name of ['Upcoming', 'Pending', 'Past'])
    await expect(filters.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByText('No sessions', { exact: true })).toBeVisible();
});

test(
  'routes match exactly: another case or a trailing slash is another address; profile links need sign-in',
  { tag: '@any-screen' },
  async ({ page }) => {
    for (const address of ['/ABOUT', '/about/', '/Advisors', '/topics/']) {
      await page.goto(address);
      await expect(page.getByRole('heading', { name: 'Page Not Found' }), address).toBeVisible();
    }
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
    for (const address of ['/invite', '/help']) {
      await page.goto(address);
      await expect(page, address).toHaveURL(/\/login$/);
    }
  },
);

test(
  'an expired bearer token is refreshed without signing out, until the sign-in is revoked',
  { tag: '@any-screen' },
  async ({ page, request }) => {
    const expired = 'Your session has expired. Please login again.';
    await page.goto('/login');
    await page.getByLabel('Username').fill(demo.advisee);
    await page.getByLabel('Password', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);

    // The server refuses a token it cannot read as it refuses an expired one: the app asks for a new one with its
    // refresh cookie.
    const staleToken = 'expired.bearer.token';
    const spoilToken = () => page.evaluate((token) => localStorage.setItem('token', token), staleToken);
    const storedToken = () => page.evaluate(() => localStorage.getItem('token'));
    const goInApp = (path: string) =>
      page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);

    // When the app loads: the token check refreshes instead of signing out.
    await spoilToken();
    const sessionsListed = page.waitForResponse(
      (r) => r.url().includes('/getAdviseeSessionsByIdAndStatus/') && r.status() === 200,
    );
    await page.goto('/sessions');
    await expect(page).toHaveURL(/\/sessions$/);
    await expect.poll(storedToken).not.toBe(staleToken);
    // The page's own call is answered before the token is spoilt again below (else it might go with that one).
    await sessionsListed;

    // During a visit: the refused call is sent again with the new token.
    await spoilToken();
    const balance = page.waitForResponse(
      (r) => r.url().includes('/getAdviseeBalance/') && r.status() === 200,
    );
    await goInApp('/wallet');
    await balance;
    await expect(page).toHaveURL(/\/wallet$/);
    expect(await storedToken()).not.toBe(staleToken);
    await expect(page.getByText(expired)).toBeHidden();

    // Logging out everywhere on another device ends this sign-in too: its refresh token is refused.
    const otherDevice = await request.post('/myprosper/auth/authenticate', {
      data: { username: demo.advisee, password: demoPassword },
    });
    const { jwttoken } = (await otherDevice.json()) as { jwttoken: string };
    const logout = await request.post('/myprosper/auth/logout', {
      headers: { authorization: `Bearer ${jwttoken}` },
    });
    expect(logout.ok()).toBe(true);
    await goInApp('/invite');
    await expect(page.getByText(expired)).toBeVisible();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/login$/);
  },
);

test(
  'a person signed in on two browsers signs the other one out, which is sent to log in on its next action',
  { tag: '@any-screen' },
  async ({ page, otherBrowser, request }) => {
    const person = await registerAdvisee(request, 'Wanjiku Devices');
    // Signing up signed them in through the API: that sign-in is ended, so the two browsers are all there is.
    expect((await request.post('/myprosper/auth/logout', { headers: person.auth })).ok()).toBe(true);

    // The other browser: Firefox on Windows, as its User-Agent says; logged in through the form.
    const { context: otherContext, page: other } = await otherBrowser({
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
      viewport: page.viewportSize(),
    });
    await other.goto('/login');
    await other.getByLabel('Username').fill(person.email);
    await other.getByLabel('Password', { exact: true }).fill(demoPassword);
    await other.getByRole('button', { name: 'Login' }).click();
    await expect(other).toHaveURL(/\/$/);

    // This browser finds both on its profile.
    await signIn(page, person.email);
    await page.goto('/profile');
    await page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'Signed-in Devices' })
      .click();
    await expect(page).toHaveURL(/\/profile\/devices$/);
    await expect(page.getByRole('heading', { name: 'Signed-in devices', level: 1 })).toBeVisible();
    const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
    await expect(devices).toHaveCount(2);
    const thisDevice = devices.filter({ hasText: 'This device' });
    const otherDevice = devices.filter({ hasText: 'Firefox on Windows' });
    await expect(thisDevice).toHaveCount(1);
    await expect(thisDevice.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    await expect(otherDevice).toContainText('Last used');

    await otherDevice.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('The device has been signed out')).toBeVisible();
    await expect(devices).toHaveCount(1);
    await expect(devices.first()).toContainText('This device');

    // The other browser's next action meets the end of its sign-in: its token and its refresh cookie are refused.
    const expired = 'Your session has expired. Please login again.';
    await other.evaluate(() => {
      history.pushState(null, '', '/wallet');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(other.getByText(expired)).toBeVisible();
    await other.getByRole('button', { name: 'OK' }).click();
    await expect(other).toHaveURL(/\/login$/);
    await otherContext.close();

    // This one keeps going.
    await page.reload();
    await expect(devices).toHaveCount(1);
    await expect(page).toHaveURL(/\/profile\/devices$/);
  },
);

/** A new advisee, logged in through the form (with its refresh cookie, as a person is), on their wallet. */
async function newAdviseeOnWallet(page: Page): Promise<string> {
  const { email } = await registerAdvisee(page.request, 'Wanjiru Kamau');
  await page.goto('/login');
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/wallet$/);
  return email;
}

test(
  'Try again on the no-connection screen brings a signed-in person back to the page they were on',
  { tag: '@any-screen' },
  async ({ page }) => {
    await newAdviseeOnWallet(page);

    // The token check cannot reach the server: the no-connection screen, then Try again once it can.
    await page.route('**/myprosper/auth/validateToken', (route) => route.abort('internetdisconnected'));
    await page.reload();
    const tryAgain = page.getByRole('button', { name: 'Try again' });
    await expect(tryAgain).toBeVisible();
    await expect(page).toHaveURL(/\/wallet$/);
    await page.unroute('**/myprosper/auth/validateToken');
    await tryAgain.click();
    await expect(page).toHaveURL(/\/wallet$/);
    await expect(page.getByRole('heading', { name: 'Wallet' })).toBeVisible();
  },
);

test(
  'a sign-in that ended while the app was closed says so on the next visit, and OK goes to log in',
  { tag: '@any-screen' },
  async ({ page, request }) => {
    const email = await newAdviseeOnWallet(page);

    // Logging out everywhere from another device ends this sign-in; the bearer token is spoilt as if expired.
    const other = await request.post('/myprosper/auth/authenticate', {
      data: { username: email, password: demoPassword },
    });
    const { jwttoken } = (await other.json()) as { jwttoken: string };
    expect(
      (
        await request.post('/myprosper/auth/logout', { headers: { authorization: `Bearer ${jwttoken}` } })
      ).ok(),
    ).toBe(true);
    await page.evaluate(() => localStorage.setItem('token', 'expired.bearer.token'));

    await page.reload();
    await expect(page.getByText('Your session has expired. Please login again.')).toBeVisible();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  },
);

test(
  "a form's error banner clears after 4 seconds, the fields stay marked, and a new submit shows it again",
  { tag: '@any-screen' },
  async ({ page }) => {
    // The page's clock is ours: the 4 seconds pass when the journey says so, not by waiting.
    await page.clock.install();
    await page.goto('/login');
    const login = page.getByRole('button', { name: 'Login' });
    await expect(login).toBeVisible();
    await page.clock.pauseAt(Date.now() + 60_000);
    await login.click();
    const banner = page.getByRole('alert').filter({ hasText: 'Please fill all fields' });
    await expect(banner).toBeVisible();
    await page.clock.runFor(3_900);
    await expect(banner).toBeVisible();
    await page.clock.runFor(200);
    await expect(banner).toHaveCount(0);
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    await login.click();
    await expect(banner).toBeVisible();
  },
);

test('links a signed-in person cannot use are not offered: Become a Mentor or Mentee, and a mentor’s Self Assessment', async ({
  page,
  otherBrowser,
}) => {
  const becomeLinks = (at: Page) => at.getByRole('link', { name: /^Become a Ment(or|ee)$/ });
  const explore = (at: Page) => at.getByRole('contentinfo').getByRole('navigation', { name: 'Explore' });

  // A visitor is offered both ways in, on the home page and in the footer.
  await page.goto('/');
  await expect(explore(page).getByRole('link', { name: 'Become a Mentee' })).toBeVisible();
  await expect(explore(page).getByRole('link', { name: 'Become a Mentor' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Become a Mentor' })).toBeVisible();

  // An advisee: no way in to offer; their Self Assessment stays.
  const advisee = await otherBrowser();
  await acceptCookies(advisee.page);
  await signIn(advisee.page, demo.advisee);
  for (const path of ['/', '/about']) {
    await advisee.page.goto(path);
    await expect(explore(advisee.page).getByRole('link', { name: 'Self Assessment' })).toBeVisible();
    await expect(becomeLinks(advisee.page)).toHaveCount(0);
  }

  // A mentor: no ways in, and no Self Assessment (an advisee's page).
  const mentor = await otherBrowser();
  await acceptCookies(mentor.page);
  await signIn(mentor.page, demo.mentor);
  for (const path of ['/', '/about']) {
    await mentor.page.goto(path);
    await expect(explore(mentor.page).getByRole('link', { name: 'Topics' })).toBeVisible();
    await expect(becomeLinks(mentor.page)).toHaveCount(0);
    await expect(mentor.page.getByRole('link', { name: 'Self Assessment' })).toHaveCount(0);
  }
});
