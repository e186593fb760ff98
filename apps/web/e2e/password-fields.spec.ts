import type { Locator, Page } from '@playwright/test';
import { acceptCookies, demo, demoPassword, signIn } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Password fields as a password manager and a person pasting need them: masked, shown on request, pasting
 * not blocked, and marked current-password or new-password.
 */

test.beforeEach(async ({ page, context }) => {
  await acceptCookies(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

/** Pastes `text` into the field as a person does: copied to the clipboard, then Ctrl+V (or Cmd+V). */
async function paste(page: Page, field: Locator, text: string): Promise<void> {
  await page.evaluate((copied) => navigator.clipboard.writeText(copied), text);
  await field.fill('');
  await field.focus();
  await page.keyboard.press('ControlOrMeta+V');
}

/** Masked by default; its button shows the text and hides it again. */
async function expectMaskedWithToggle(page: Page, field: Locator): Promise<void> {
  await expect(field).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(field).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(field).toHaveAttribute('type', 'password');
}

test('the log-in password is masked, can be shown, takes a pasted password and is marked for password managers', async ({
  page,
}) => {
  await page.goto('/login');
  const username = page.getByLabel('Username');
  const password = page.getByLabel('Password', { exact: true });
  await expect(username).toHaveAttribute('autocomplete', 'username');
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  await expectMaskedWithToggle(page, password);

  await paste(page, username, demo.advisee);
  await paste(page, password, demoPassword);
  await expect(password).toHaveValue(demoPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('new passwords are marked new-password, masked, shown on request and take a paste', async ({ page }) => {
  await page.goto('/signup');
  for (const name of ['password', 'confirmPassword']) {
    const field = page.locator(`input[name="${name}"]`);
    await expect(field).toHaveAttribute('type', 'password');
    await expect(field).toHaveAttribute('autocomplete', 'new-password');
  }
  const signUpPassword = page.locator('input[name="password"]');
  await paste(page, signUpPassword, 'Pasted Kilima#2026');
  await expect(signUpPassword).toHaveValue('Pasted Kilima#2026');
  await expectMaskedWithToggle(page, signUpPassword);
});

test('changing the password: fields for a password manager, and a common password refused with the reason', async ({
  page,
}) => {
  await signIn(page, demo.advisee);
  await page.goto('/profile/password/reset');
  const current = page.getByLabel('Current Password');
  const fresh = page.getByLabel('New Password');
  const confirm = page.getByLabel('Confirm Password');
  await expect(current).toHaveAttribute('autocomplete', 'current-password');
  await expect(fresh).toHaveAttribute('autocomplete', 'new-password');
  await expect(confirm).toHaveAttribute('autocomplete', 'new-password');
  for (const field of [current, fresh, confirm]) await expect(field).toHaveAttribute('type', 'password');
  // Said before submit (issue 27): the new password's hint names the server's checks.
  await expect(fresh).toHaveAccessibleDescription(
    'At least 8 characters. Very common passwords, and ones with MyProsper, your name or your e-mail, are refused',
  );

  await paste(page, current, demoPassword);
  await paste(page, fresh, 'Password123');
  await paste(page, confirm, 'Password123');
  await expect(confirm).toHaveValue('Password123');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(
    page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'This password is too common. Please choose another one' }),
  ).toBeVisible();
  // And under the new password, read aloud with it (issue 27).
  await expect(fresh).toHaveAccessibleDescription(/This password is too common\. Please choose another one/);
  // Nothing changed: the demo password still signs in.
  const again = await page.request.post('/myprosper/auth/authenticate', {
    data: { username: demo.advisee, password: demoPassword },
  });
  expect(again.status()).toBe(200);
});
