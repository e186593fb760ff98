import { expect, test } from '@playwright/test';
import { acceptCookies, demo, demoPassword } from './support/api.ts';

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

test('a mentor only pages refuse an advisee', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(demo.advisee);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile/advisor/time');
  await expect(page).toHaveURL(/\/$/);
});

test('an expired bearer token is refreshed without signing out, until the sign-in is revoked', async ({
  page,
  request,
}) => {
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
  await page.goto('/sessions');
  await expect(page).toHaveURL(/\/sessions$/);
  await expect.poll(storedToken).not.toBe(staleToken);

  // During a visit: the refused call is sent again with the new token.
  await spoilToken();
  const balance = page.waitForResponse((r) => r.url().includes('/getAdviseeBalance/') && r.status() === 200);
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
});
