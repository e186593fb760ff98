import type { Page } from '@playwright/test';
import {
  acceptCookies,
  demo,
  lastMessageId,
  latestMessageTo,
  linkIn,
  phoneCodeFromOutbox,
  storedPhone,
} from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

/** A Safaricom-shaped number nobody else has: 071 and 7 random digits. */
function uniquePhone(): string {
  return `071${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
}

function uniqueEmail(): string {
  return `advisee-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
}

/** A text field by its label (labels of required fields end with a decorative *). */
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function choose(page: Page, label: string, option?: string): Promise<string> {
  await field(page, label).click();
  const item = option
    ? page.getByRole('option', { name: option, exact: true })
    : page.getByRole('option').first();
  const text = (await item.textContent()) ?? '';
  await item.click();
  return text;
}

const message = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

async function fillEverythingButPhone(page: Page, email: string): Promise<void> {
  await field(page, 'Full name').fill('Amina Njeri');
  await field(page, 'Email').fill(email);
  await choose(page, 'Industry');
  await field(page, 'Password').fill('Prosper#2026');
  await field(page, 'Confirm password').fill('Prosper#2026');
  await choose(page, 'How did you hear about us?', 'A friend');
  await field(page, 'Birthday').fill('1996-05-14');
  await page.getByRole('radio', { name: 'Female' }).check();
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('a visitor signs up as an advisee with every rule checked, and is signed in', async ({ page }) => {
  const email = uniqueEmail();
  await page.goto('/signup');
  await expect(page).toHaveTitle(/Sign up for more info/);
  await expect(page.getByRole('heading', { name: 'Sign up for more info' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');

  const signUp = page.getByRole('button', { name: 'Sign up', exact: true });
  await signUp.click();
  await expect(message(page, 'Please fill in phone number')).toBeVisible();

  await field(page, 'Phone number').fill(uniquePhone());
  await signUp.click();
  await expect(message(page, 'Please fill all fields')).toBeVisible();

  await fillEverythingButPhone(page, email);
  await field(page, 'Full name').fill('Amina');
  await expect(message(page, 'Please enter your full name')).toBeVisible();
  await field(page, 'Full name').fill('Amina Njeri');
  await field(page, 'Email').fill('amina@example');
  await expect(message(page, 'Invalid email')).toBeVisible();
  await field(page, 'Email').fill(email);
  await field(page, 'Phone number').fill('0712');
  await expect(message(page, 'Invalid Phone No')).toBeVisible();
  await field(page, 'Phone number').fill(uniquePhone());
  await field(page, 'Password').fill('short');
  await expect(message(page, 'Password must be at least 8 characters')).toBeVisible();
  await field(page, 'Password').fill('Prosper#2026!');
  await expect(message(page, 'Password does not match')).toBeVisible();
  await field(page, 'Password').fill('Prosper#2026');
  await field(page, 'Birthday').fill('2999-01-01');
  await expect(message(page, 'Birthday cannot be in the future')).toBeVisible();
  await field(page, 'Birthday').fill('1996-05-14');
  await expect(page.getByRole('alert')).toHaveCount(0);

  const phone = await field(page, 'Phone number').inputValue();
  await signUp.click();
  await expect(page.getByText('Registration successful').first()).toBeVisible();
  // Signed up, they prove the phone with the code sent to it (read from the sandbox outbox), then go on.
  await expect(page).toHaveURL(/\/profile\/phone\/verify\?sent=1/);
  await expect(page.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();
  const code = await phoneCodeFromOutbox(page.request, storedPhone(phone));
  await page.getByRole('textbox', { name: 'Code' }).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your phone number is verified').first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBe('ADVISEE');
  if ((page.viewportSize()?.width ?? 1280) < 768)
    await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeVisible();

  // Signed in, the sign-up page is no longer offered.
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/$/);
});

test('a new advisee confirms their e-mail by the link, sent again from the profile', async ({ page }) => {
  const email = uniqueEmail();
  await page.goto('/signup');
  await fillEverythingButPhone(page, email);
  await field(page, 'Phone number').fill(uniquePhone());
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  // Sign-up goes on to the phone's code first (phone-verification.spec.ts); the e-mail is the subject here.
  await expect(page).toHaveURL(/\/profile\/phone\/verify\?sent=1/);
  const first = await latestMessageTo(page.request, email);
  expect(first.subject).toBe('Confirm your MyProsper e-mail address');

  // Until the link is opened the profile says so, and sends the link again.
  await page.goto('/profile');
  await expect(page.getByText('Your e-mail address is not confirmed yet')).toBeVisible();
  const before = await lastMessageId(page.request, email);
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByText('Check your e-mail: we sent you a link').first()).toBeVisible();
  const again = await latestMessageTo(page.request, email, { after: before });
  const link = new URL(linkIn(again.body, '/verify-email/'));

  // A changed link is refused; the real one confirms the address, and opening it again just says so.
  await page.goto(`${link.pathname.slice(0, -3)}xyz`);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid Link' })).toBeVisible();
  await page.goto(link.pathname);
  await expect(page.getByText('Your e-mail address is confirmed')).toBeVisible();
  await page.goto(link.pathname);
  await expect(page.getByText('Your e-mail address is confirmed')).toBeVisible();
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Your e-mail address is not confirmed yet')).toHaveCount(0);
});

test('an e-mail already registered gets a clear message and creates nothing', async ({ page }) => {
  await page.goto('/signup/advisor');
  await field(page, 'Phone number').fill(uniquePhone());
  await fillEverythingButPhone(page, demo.advisee);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  // Beside the field it is about, read aloud with it (issue 27), and in the toast.
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
    'An account with this email already exists',
  );
  await expect(
    page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'An account with this email already exists' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/signup\/advisor$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('an invitation link fills the phone in, read-only; a broken one says so', async ({ page }) => {
  await page.goto('/signup/12/not*base64!');
  await expect(page.getByText('Invalid link', { exact: true })).toBeVisible();
  await expect(field(page, 'Full name')).toHaveCount(0);
  // It decodes, but to something that is not a phone number.
  await page.goto(`/signup/12/${Buffer.from('hello there').toString('base64')}`);
  await expect(page.getByText('Invalid link', { exact: true })).toBeVisible();
  await expect(field(page, 'Full name')).toHaveCount(0);

  const phone = uniquePhone();
  await page.goto(`/signup/12/${Buffer.from(phone).toString('base64')}`);
  const phoneInput = field(page, 'Phone number');
  await expect(phoneInput).toHaveValue(`${phone.slice(0, 4)} ${phone.slice(4)}`);
  await expect(phoneInput).toHaveAttribute('readonly', '');

  await fillEverythingButPhone(page, uniqueEmail());
  const sent = page.waitForRequest('**/myprosper/auth/registerAdvisee');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ invitation: true, sessionId: 12, phoneNumber: `+254${phone.slice(1)}` });
  // Signed up, the invited person proves the phone first (then goes on where sign-up went before).
  await expect(page).toHaveURL(/\/profile\/phone\/verify\?sent=1&next=%2F$/);
});
