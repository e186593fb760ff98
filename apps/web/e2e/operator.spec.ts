import { localPhoneOf } from '@myprosper/contract/payments';
import type { APIRequestContext } from '@playwright/test';
import {
  bookFirstFree,
  bookingMentor,
  demo,
  lastMessageId,
  latestMessageTo,
  payByMpesa,
  paysPhone,
  registerAdvisee,
  signIn,
} from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Issue 25, done when: an operator, in the browser, finds a payment by the M-PESA code of the customer's SMS
 * and by a phone typed with 07, refunds part of it to M-PESA with a truthful confirmation, and sees the
 * numbers move on /metrics (this machine may read it).
 */

/** The sum of a counter's lines on /metrics whose labels include all of these. */
async function metric(request: APIRequestContext, name: string, ...labels: string[]): Promise<number> {
  const response = await request.get('/metrics');
  expect(response.ok(), 'this machine reads /metrics').toBe(true);
  let sum = 0;
  for (const line of (await response.text()).split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (labels.every((label) => line.includes(label))) sum += Number(line.split(' ').at(-1));
  }
  return sum;
}

test('an operator finds a payment by the code in the customer’s SMS and by a phone typed with 07, and refunds part of it to M-PESA', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const mentor = await bookingMentor(page.request);
  const advisee = await registerAdvisee(page.request, 'Operator Case');
  const sessionId = await bookFirstFree(page.request, advisee.auth, mentor.slots, mentor);
  const seen = await lastMessageId(page.request, paysPhone);
  await payByMpesa(page.request, advisee, sessionId);
  // M-PESA's own SMS to the customer, with the code they would read out to support.
  const sms = await latestMessageTo(page.request, paysPhone, { after: seen, matching: /Confirmed\./ });
  const receipt = /^([A-Z0-9]{10}) Confirmed\./.exec(sms.body)?.[1];
  expect(receipt, sms.body).toBeDefined();

  const refundsBefore = await metric(page.request, 'operator_refunds_total', 'destination="MPESA"');
  const kesBefore = await metric(page.request, 'operator_refunded_kes_total', 'destination="MPESA"');

  await signIn(page, demo.admin);
  await page.goto('/admin');

  // The phone as people say it, with 07 and spaces, in the console's search box: read as the number, and the
  // payment is among its payments.
  const quick = page.getByRole('search', { name: 'Search the console' });
  await quick
    .getByRole('textbox', { name: 'Search payments, people, sessions and vouchers' })
    .fill(`0${paysPhone.slice(3, 6)} ${paysPhone.slice(6, 9)} ${paysPhone.slice(9)}`);
  await quick.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/admin\/search\?q=/);
  const local = localPhoneOf(paysPhone);
  await expect(page.getByText(`Read as the phone number ${local} (${paysPhone}).`)).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Payments \(\d+\)$/ })).toBeVisible();

  // The code from the SMS finds exactly its payment.
  const search = page.getByRole('search', { name: 'Admin search' });
  await search.getByRole('textbox', { name: 'Search for' }).fill(receipt!);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: 'Payments (1)' })).toBeVisible();
  await page.getByRole('link', { name: receipt! }).click();
  await expect(page).toHaveURL(/\/admin\/payments\/\d+$/);
  await expect(page.getByRole('heading', { name: `Payment ${receipt}` })).toBeVisible();

  // Part of it back to M-PESA: the confirmation says where the money goes and where it is taken from.
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: `M-PESA ${local}, the number that paid` }).check();
  await dialog.getByRole('textbox', { name: 'Amount (KES)' }).fill('400');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The first half hour had no sound');
  await dialog.getByRole('button', { name: 'Review refund' }).click();
  await expect(dialog.getByRole('heading', { name: 'Confirm the refund' })).toBeVisible();
  await expect(dialog).toContainText(
    `KES 400 goes back to M-PESA ${local}, the number that paid, as an M-PESA payment from MyProsper, usually within minutes.`,
  );
  await expect(dialog).toContainText('who will be paid KES 400 less');
  await page.screenshot({ path: test.info().outputPath('operator-refund-confirm-360.png') });
  await dialog.getByRole('button', { name: 'Refund KES 400 to M-PESA' }).click();
  await expect(dialog).toBeHidden();

  // The refund is listed, and M-PESA's receipt shows once its result has come.
  const refunds = page.getByRole('region', { name: 'Refunds' });
  await expect(refunds).toContainText('KES 400');
  await expect(refunds).toContainText(`M-PESA ${local}`);
  await expect(async () => {
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Refunds' }).getByText(/^Sent · [A-Z0-9]{10}$/),
    ).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'History' })).toContainText(
    'Why: The first half hour had no sound',
  );

  // /metrics counted it.
  expect(await metric(page.request, 'operator_refunds_total', 'destination="MPESA"')).toBe(refundsBefore + 1);
  expect(await metric(page.request, 'operator_refunded_kes_total', 'destination="MPESA"')).toBe(
    kesBefore + 400,
  );
});
