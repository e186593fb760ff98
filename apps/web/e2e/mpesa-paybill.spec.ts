import type { APIRequestContext } from '@playwright/test';
import {
  bookFirstFree,
  demo,
  demoMentorId,
  freeSlots,
  registerAdvisee,
  signIn,
  storedPhone,
} from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * The Paybill fallback (issue 21) and the payment dialog's wording (issue 27), against the Daraja sandbox:
 * a prompt that never arrives, paid by Paybill from the M-PESA menu, the code typed and checked; a failed
 * prompt offers Try again; a paid one says what was paid and how.
 */

/** Sandbox phones (apps/api/sandbox/README.md). */
const neverAnswersPhone = '0700 000004';
const cancelsPhone = '0700 001032';
const paysPhone = '0708 374149';

async function bookAhead(
  request: APIRequestContext,
  advisee: Awaited<ReturnType<typeof registerAdvisee>>,
  skip: number,
) {
  const mentorId = await demoMentorId(request);
  const later = (await freeSlots(request, mentorId)).filter(
    (s) => new Date(s.startsAt).getTime() > Date.now() + 30 * 3_600_000,
  );
  const slot = later[skip];
  if (!slot) throw new Error('no free slot');
  return bookFirstFree(request, advisee.auth, [slot], { mentorId, topicId: 1 });
}

test('a prompt that never arrives: the mentee pays by Paybill, types the code, and the booking is confirmed', async ({
  page,
}) => {
  const advisee = await registerAdvisee(page.request, 'Paybill Journey');
  const sessionId = await bookAhead(page.request, advisee, 7);
  await signIn(page, advisee.email);
  await page.goto(`/sessions/${sessionId}`);
  await expect(
    page.getByText(/We hold this slot for you until \d\d:\d\d EAT \(Nairobi time\)/),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Pay with M-PESA' }).click();
  const phoneDialog = page.getByRole('dialog', { name: 'Initiate Payment' });
  await phoneDialog.getByLabel('M-PESA phone number').fill(neverAnswersPhone);
  await phoneDialog.getByRole('button', { name: 'Pay with M-PESA' }).click();

  const info = page.getByRole('dialog', { name: 'Payment' });
  await expect(info.getByText('Waiting for your M-PESA payment…')).toBeVisible();
  await expect(info.getByText(/No prompt on your phone\?/)).toBeVisible();
  await info.getByRole('button', { name: 'Pay with Paybill' }).click();

  const paybill = page.getByRole('dialog', { name: 'Pay with Paybill' });
  const details = paybill.getByRole('table', { name: 'Paybill details' });
  await expect(details.getByRole('row', { name: /Business number/ })).toContainText('174379');
  await expect(details.getByRole('row', { name: /Amount/ })).toContainText('KES 2,900');
  const account = (
    await details
      .getByRole('row', { name: /Account number/ })
      .getByRole('cell')
      .first()
      .innerText()
  ).trim();
  expect(account).toMatch(/^BK[A-HJ-NP-Z2-9]{6}$/);
  await page.screenshot({ path: test.info().outputPath('paybill-dialog-360.png') });

  // On the phone: Lipa na M-PESA, Pay Bill 174379, that account, KES 2,900. The confirmation to our URLs is
  // lost on the way (the sandbox sends none): the typed code is what tells us.
  const paid = await page.request.post('/sandbox/daraja/c2b/pay', {
    data: { account, amount: 2900, phone: storedPhone(advisee.phone), confirmations: 0 },
  });
  expect(paid.ok()).toBe(true);
  const { TransID: code } = (await paid.json()) as { TransID: string };

  await paybill.getByLabel('M-PESA code').fill(code.toLowerCase());
  await paybill.getByRole('button', { name: 'Confirm payment' }).click();
  // Checked with M-PESA (Transaction Status): the booking is paid, and the page says what was paid and how.
  await expect(
    page.getByText(`KES 2,900 paid by M-PESA Paybill, receipt ${code}. Your session is paid.`),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('paybill-paid-360.png') });
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(
    page.getByText('Payment initiation successful. Please refresh the page after making payment.'),
  ).toHaveCount(0);
});

test('a failed prompt offers Try again; a paid one says what was paid and how, not "refresh"', async ({
  page,
}) => {
  const advisee = await registerAdvisee(page.request, 'Paybill Journey');
  const sessionId = await bookAhead(page.request, advisee, 8);
  await signIn(page, advisee.email);
  await page.goto(`/sessions/${sessionId}`);

  await page.getByRole('button', { name: 'Pay with M-PESA' }).click();
  const phoneDialog = page.getByRole('dialog', { name: 'Initiate Payment' });
  await phoneDialog.getByLabel('M-PESA phone number').fill(cancelsPhone);
  await phoneDialog.getByRole('button', { name: 'Pay with M-PESA' }).click();
  const info = page.getByRole('dialog', { name: 'Payment' });
  await expect(info.getByText('The payment was cancelled on the phone.')).toBeVisible();
  await expect(info.getByRole('button', { name: 'Refresh' })).toHaveCount(0);
  await expect(info.getByRole('button', { name: 'Pay with Paybill' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('payment-failed-360.png') });
  await info.getByRole('button', { name: 'Try again' }).click();

  await phoneDialog.getByLabel('M-PESA phone number').fill(paysPhone);
  await phoneDialog.getByRole('button', { name: 'Pay with M-PESA' }).click();
  await expect(
    page.getByText(/^KES 2,900 paid by M-PESA, receipt [A-Z0-9]{10}\. Your session is paid\.$/),
  ).toBeVisible();
  await expect(
    info.getByText('Payment initiation successful. Please refresh the page after making payment.'),
  ).toHaveCount(0);
  await expect(info.getByRole('button', { name: 'Refresh' })).toHaveCount(0);
});

test('admins see Paybill payments to review, and credit one to a wallet', async ({ page }) => {
  const stray = await page.request.post('/sandbox/daraja/c2b/pay', {
    data: { account: 'HOUSE 12', amount: 480, phone: '254708374149', validation: false },
  });
  expect(stray.ok()).toBe(true);
  const { TransID: receipt } = (await stray.json()) as { TransID: string };
  const advisee = await registerAdvisee(page.request, 'Paybill Credit');
  await signIn(page, demo.admin);
  await page.goto('/admin/payments');
  await page.getByRole('tab', { name: 'Paybill payments to review' }).click();
  const row = page.getByRole('row').filter({ hasText: receipt });
  await expect(row).toContainText('The account reference does not name a booking.');
  await page.screenshot({ path: test.info().outputPath('admin-paybill-360.png'), fullPage: true });
  await row.getByRole('button', { name: 'Credit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Credit to a wallet' });
  await dialog.getByLabel('Person (user id)').fill(String(advisee.userId));
  await dialog.getByLabel('Why').fill('The payer phoned: it was for their wallet');
  await dialog.getByRole('button', { name: 'Credit' }).click();
  await expect(page.getByText('Credited to the wallet')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: receipt })).toHaveCount(0);
});
