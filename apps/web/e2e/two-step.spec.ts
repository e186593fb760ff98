import { twoStepMessages } from '@myprosper/contract/two-step';
import type { Page } from '@playwright/test';
import { base32Decode, codeAt, stepAt } from '../../api/src/features/auth/totp.ts';
import {
  acceptCookies,
  demo,
  demoPassword,
  lastMessageId,
  latestMessageTo,
  linkIn,
  registerAdvisee,
  signIn,
} from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

/** The code an authenticator app with this key shows now, or `steps` periods of 30 seconds later. */
function appCode(key: string, steps = 0): string {
  const secret = base32Decode(key);
  if (!secret) throw new Error(`not a base32 key: ${key}`);
  return codeAt(secret, stepAt(new Date()) + steps);
}

async function logOut(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
}

async function enterPassword(page: Page, email: string): Promise<void> {
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
}

test('a person turns on two-step sign-in, then signs in with the code of their app, or a recovery code', async ({
  page,
  request,
}) => {
  const person = await registerAdvisee(request, 'Wanjiku Two-Step');
  await signIn(page, person.email);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Two-step Sign-in' }).click();
  await expect(page).toHaveURL(/\/profile\/security$/);
  await expect(page.getByText('Two-step sign-in is off.')).toBeVisible();

  // A signed-in browser alone cannot turn it on: the password is asked first.
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(page.getByText('Please fill all fields')).toBeVisible();
  await password.fill('Not#The#Password1');
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await expect(page.getByTestId('two-step-key')).toHaveCount(0);
  await password.fill(demoPassword);
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const key = (await page.getByTestId('two-step-key').textContent())?.trim() ?? '';
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByRole('link', { name: 'Open it in your authenticator app' })).toHaveAttribute(
    'href',
    `otpauth://totp/MyProsper:${encodeURIComponent(person.email)}?secret=${key}&issuer=MyProsper`,
  );
  const codeField = page.getByLabel('Code', { exact: true });
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await codeField.fill(appCode(key, 5));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('That code is not right. Try again')).toBeVisible();
  await codeField.fill(appCode(key));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const recoveryCodes = ((await page.getByTestId('recovery-codes').textContent()) ?? '').match(
    /[A-Z2-7]{6}(-[A-Z2-7]{6}){3}/g,
  );
  expect(recoveryCodes).toHaveLength(10);
  await page.getByRole('button', { name: 'I have kept them' }).click();
  await expect(page.getByText('Two-step sign-in is on. 10 recovery codes are left.')).toBeVisible();

  // Signed out, the password alone no longer signs in: the code of the app does.
  await logOut(page);
  await enterPassword(page, person.email);
  const loginCode = page.getByLabel('Code', { exact: true });
  await expect(loginCode).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(loginCode).toHaveAttribute('inputmode', 'numeric');
  await loginCode.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right. Try again')).toBeVisible();
  // The next code of the app (the one that turned it on is used).
  await loginCode.fill(appCode(key, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  // Signed in, back on the page last visited.
  await expect(page).toHaveURL(/\/profile\/security$/);
  expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBe('ADVISEE');

  // Without the phone: a recovery code, once.
  await logOut(page);
  await enterPassword(page, person.email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes?.[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/profile\/security$/);
  await expect(page.getByText('Two-step sign-in is on. 9 recovery codes are left.')).toBeVisible();
});

test('locked out by a second factor: ask from the reset link, an admin approves, the password alone signs in', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const person = await registerAdvisee(request, 'Recovery Journey');
  // Two-step sign-in turned on with a key the owner no longer has (the journey above shows the page doing it).
  const headers = { authorization: `Bearer ${person.token}` };
  const setup = await request.post('/myprosper/auth/twoStep/setup', {
    headers,
    data: { password: demoPassword },
  });
  const { key } = (await setup.json()).data as { key: string };
  const confirmed = await request.post('/myprosper/auth/twoStep/confirm', {
    headers,
    data: { password: demoPassword, code: appCode(key) },
  });
  expect(confirmed.ok()).toBe(true);

  // The owner asks for a reset link, and from it asks an admin to turn two-step sign-in off.
  let seen = await lastMessageId(request, person.email);
  await request.post('/myprosper/auth/forgotPassword', { data: { email: person.email } });
  // Other mails (two-step turned on) may still arrive in between: the reset mail is the one with the link.
  let mail = await latestMessageTo(request, person.email, { after: seen });
  while (!mail.body.includes('/resetPassword/')) {
    seen = mail.id;
    mail = await latestMessageTo(request, person.email, { after: seen });
  }
  const link = new URL(linkIn(mail.body, '/resetPassword/'));
  await page.goto(link.pathname + link.search);
  await page.getByRole('button', { name: 'Cannot use two-step sign-in?' }).click();
  const ask = page.getByRole('button', { name: 'Ask an admin to turn it off' });
  await ask.click();
  await expect(page.getByText(twoStepMessages.recoveryReasonNeeded)).toBeVisible();
  await page.getByLabel('What happened?').fill('I lost my phone with the app and my recovery codes');
  await ask.click();
  await expect(page.getByRole('status')).toContainText(twoStepMessages.recoveryRequested);

  // An admin approves it in the console.
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, demo.admin);
  await adminPage.goto('/admin/recoveries');
  const card = adminPage.getByRole('article', { name: person.name });
  await expect(card).toContainText('I lost my phone with the app and my recovery codes');
  await card.getByRole('button', { name: 'Approve' }).click();
  await adminPage
    .getByRole('dialog', { name: 'Turn off two-step sign-in?' })
    .getByRole('button', { name: 'Turn it off' })
    .click();
  await expect(adminPage.getByText(`${twoStepMessages.recoveryApproved}: ${person.name}`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await adminContext.close();

  // The password alone signs in again.
  await page.goto('/login');
  await page.getByLabel('Username').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBe('ADVISEE');
});
