import { acceptCookies, lastMessageId, latestMessageTo, linkIn } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

// A seeded mentor, so the journey changes no password another journey uses.
const email = 'wanjiku.kamau@myprosper.test';
const newPassword = 'Mazingira#2027';

const b64 = (value: string) => Buffer.from(value).toString('base64url');

test('forgot password, open the link from the outbox, reset, and log in with the new password', async ({
  page,
  request,
}) => {
  await acceptCookies(page);
  const before = await lastMessageId(request, email);

  await page.goto('/auth/password/forgot');
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByText('Please fill in your email')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email Sent' });
  await expect(dialog).toContainText(email);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);

  const mail = await latestMessageTo(request, email, { after: before });
  const link = new URL(linkIn(mail.body, '/resetPassword/'));

  // A tampered link is refused.
  await page.goto(`${link.pathname}?signature=${link.searchParams.get('signature')?.slice(0, -2)}xx`);
  await expect(page.getByText('Invalid Link')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset Password' })).toHaveCount(0);

  await page.goto(link.pathname + link.search);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password').fill('short');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password does not match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successful')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The link works once.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link.pathname + link.search);
  await expect(page.getByText('Invalid Link')).toBeVisible();
});

test('a link older than 15 minutes has expired', async ({ page }) => {
  await acceptCookies(page);
  const sixteenMinutesAgo = String(Date.now() - 16 * 60 * 1000);
  await page.goto(`/resetPassword/${b64(email)}/${b64('1')}/${b64(sixteenMinutesAgo)}?signature=anything`);
  await expect(page.getByText('The link has expired')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset Password' })).toHaveCount(0);
  // Issue 27: a dead link offers a new one.
  await page.getByRole('link', { name: 'Send me a new link' }).click();
  await expect(page).toHaveURL(/\/auth\/password\/forgot$/);
  await expect(page.getByRole('button', { name: 'Send Email' })).toBeVisible();
});

test('a link with a missing part is invalid', async ({ page }) => {
  await acceptCookies(page);
  await page.goto(`/resetPassword/${b64(email)}/${b64('1')}/${b64('not-a-time')}`);
  await expect(page.getByText('Invalid Link')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute(
    'href',
    '/auth/password/forgot',
  );
});
