import { verificationMessages } from '@myprosper/contract/verification';
import type { Page } from '@playwright/test';
import {
  acceptCookies,
  bookFirstFree,
  bookingMentor,
  demoPassword,
  phoneCodeFromOutbox,
  signIn,
  storedPhone,
} from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

/** A number nobody has: 073 and 7 random digits. */
const uniquePhone = () => `073${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const uniqueEmail = () => `verify-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('sign-up proves the phone by its SMS code: a wrong code is refused, the right one lets them book', async ({
  page,
}) => {
  const phone = uniquePhone();
  const email = uniqueEmail();
  await page.goto('/signup');
  await field(page, 'Phone number').fill(phone);
  await field(page, 'Full name').fill('Akinyi Verified');
  await field(page, 'Email').fill(email);
  await field(page, 'Industry').click();
  await page.getByRole('option').first().click();
  await field(page, 'Password').fill(demoPassword);
  await field(page, 'Confirm password').fill(demoPassword);
  await field(page, 'How did you hear about us?').click();
  await page.getByRole('option', { name: 'A friend', exact: true }).click();
  await field(page, 'Birthday').fill('1997-08-09');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();

  await expect(page).toHaveURL(/\/profile\/phone\/verify\?sent=1/);
  await expect(page.getByRole('heading', { name: 'Verify your phone number' })).toBeVisible();
  await expect(page.getByText(verificationMessages.codeSent)).toBeVisible();
  // The countdown shows before another code may be asked for.
  await expect(page.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();
  const code = await phoneCodeFromOutbox(page.request, storedPhone(phone));
  await page.screenshot({ path: test.info().outputPath('verify-phone.png') });

  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByRole('textbox', { name: 'Code' }).fill(wrong);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText(verificationMessages.wrongCode)).toBeVisible();

  await page.getByRole('textbox', { name: 'Code' }).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText(verificationMessages.phoneVerified).first()).toBeVisible();
  await expect(page).not.toHaveURL(/\/profile\/phone\/verify/);

  // Verified, booking is allowed.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const mentor = await bookingMentor(page.request);
  const sessionId = await bookFirstFree(page.request, { authorization: `Bearer ${token}` }, mentor.slots, {
    mentorId: mentor.mentorId,
    topicId: mentor.topicId,
  });
  expect(sessionId).toBeGreaterThan(0);
});

test('an account whose phone is not verified is refused booking with the message, and offered the verify screen', async ({
  page,
}) => {
  const phone = uniquePhone();
  const email = uniqueEmail();
  const signedUp = await page.request.post('/myprosper/auth/registerAdvisee', {
    data: {
      email,
      name: 'Otieno Unverified',
      phoneNumber: phone,
      password: demoPassword,
      confirmPassword: demoPassword,
      industryId: 1,
      gender: 'Male',
      dob: '1993-04-05',
      source: 'Friend',
    },
  });
  expect(signedUp.ok()).toBe(true);
  const { jwttoken } = (await signedUp.json()) as { jwttoken: string };
  const mentor = await bookingMentor(page.request);
  const slot = mentor.slots[0]!;
  const refused = await page.request.post('/myprosper/api/bookSession', {
    headers: { authorization: `Bearer ${jwttoken}` },
    data: {
      topicId: mentor.topicId,
      selectedDate: slot.date,
      selectedTime: slot.time,
      otherAttendees: [],
      sessionType: 'INDIVIDUAL',
      advisorId: mentor.mentorId,
      paymentMode: 'MPESA',
      phoneNumber: 'N/A',
      voucherCode: 'N/A',
    },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(verificationMessages.phoneNotVerified);

  await signIn(page, email);
  await page.goto(`/advisors/book/${mentor.mentorId}`);
  await expect(page.getByText(verificationMessages.phoneNotVerified)).toBeVisible();
  await page.getByRole('button', { name: 'Verify phone' }).click();
  await expect(page).toHaveURL(/\/profile\/phone\/verify$/);
  await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('verify-notice.png') });
});
