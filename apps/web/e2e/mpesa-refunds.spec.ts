import { refundMessages } from '@myprosper/contract/refunds';
import type { APIRequestContext } from '@playwright/test';
import {
  type Auth,
  bookFirstFree,
  bookingMentor,
  demo,
  type JourneyAdvisee,
  registerAdvisee,
  signIn,
  storedPhone,
} from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Refunds back to M-PESA and wallet withdrawals (issue 21, docs/decisions/016), against the Daraja sandbox:
 * a mentee who paid by M-PESA from their own verified number cancels and takes the refund to M-PESA (a
 * Reversal of the payment), then withdraws from the wallet with the minimum and fee said before confirming;
 * an admin checks the B2C account's balance those payments come from.
 */

const api = '/myprosper/api';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A session far enough ahead for a full refund (other journeys book the first free ones). */
async function bookAhead(request: APIRequestContext, auth: Auth, skip: number): Promise<number> {
  const mentor = await bookingMentor(request);
  const later = mentor.slots.filter((s) => new Date(s.startsAt).getTime() > Date.now() + 30 * 3_600_000);
  return bookFirstFree(request, auth, later.slice(skip), mentor);
}

/** Pays the session by an M-PESA prompt to the advisee's own verified number (the sandbox pays it). */
async function payFromOwnPhone(request: APIRequestContext, advisee: JourneyAdvisee, sessionId: number) {
  const pushed = await request.post(`${api}/makeMpesaPayment`, {
    headers: advisee.auth,
    data: { phoneNumber: advisee.phone, sessionId },
  });
  expect(pushed.ok(), await pushed.text()).toBe(true);
  await expect
    .poll(
      async () => {
        const session = await request.get(`${api}/getAdvisorSessionById/${sessionId}`, {
          headers: advisee.auth,
        });
        return ((await session.json()) as { data: { paymentStatus: string } }).data.paymentStatus;
      },
      { timeout: 20_000 },
    )
    .toBe('PAID');
}

test('a mentee paid by M-PESA takes a cancelled session’s refund back to M-PESA, then withdraws the wallet', async ({
  page,
}) => {
  const advisee = await registerAdvisee(page.request, 'Refund Journey');
  const msisdn = storedPhone(advisee.phone);
  const sessionId = await bookAhead(page.request, advisee.auth, 12);
  await signIn(page, advisee.email);

  // Paid in the app from the mentee's own number: the one they verified at sign-up.
  await page.goto(`/sessions/${sessionId}`);
  await page.getByRole('button', { name: 'Pay with M-PESA' }).click();
  const phoneDialog = page.getByRole('dialog', { name: 'Initiate Payment' });
  await phoneDialog.getByLabel('M-PESA phone number').fill(advisee.phone);
  await phoneDialog.getByRole('button', { name: 'Pay with M-PESA' }).click();
  // The pay actions leave the page once it is paid; the toast says what was paid and how.
  await expect(
    page.getByText(/^KES 2,900 paid by M-PESA, receipt [A-Z0-9]{10}\. Your session is paid\.$/),
  ).toBeVisible();

  // Cancelled more than a day ahead: a full refund, and M-PESA is offered because that number paid.
  await page.getByRole('button', { name: 'Cancel session' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel session' });
  const choice = dialog.getByRole('radiogroup', { name: 'Where should your refund go?' });
  await expect(choice.getByRole('radio', { name: refundMessages.toWallet })).toBeChecked();
  await choice.getByRole('radio', { name: refundMessages.toMpesa(msisdn) }).check();
  await expect(dialog.getByTestId('refund-destination-detail')).toHaveText(
    refundMessages.toMpesaDetail(2900, msisdn),
  );
  await dialog.getByLabel('Reason').fill('My plans changed');
  await page.screenshot({ path: test.info().outputPath('cancel-to-mpesa-360.png') });
  await dialog.getByRole('button', { name: 'Cancel session' }).click();
  await expect(
    page.getByText(`Session cancelled. ${refundMessages.sentToMpesa(2900, msisdn)}`),
  ).toBeVisible();

  // The session page follows the refund until M-PESA has paid it, with its receipt.
  const refunds = page.getByTestId('session-mpesa-refunds');
  await expect(refunds.getByText('Refund paid to M-PESA')).toBeVisible({ timeout: 30_000 });
  const paidText = (await refunds.getByRole('alert').innerText()).trim();
  const receipt = /M-PESA receipt ([A-Z0-9]{10})\./.exec(paidText)?.[1];
  expect(receipt, paidText).toBeTruthy();
  await expect(refunds).toContainText(refundMessages.paidToMpesa(2900, msisdn, receipt!));
  await page.screenshot({ path: test.info().outputPath('refund-paid-360.png') });

  // The wallet lists it too.
  await page.goto('/wallet');
  const transfers = page.getByTestId('mpesa-transfers');
  await expect(transfers).toContainText(refundMessages.paidToMpesa(2900, msisdn, receipt!));

  // Money in the wallet: a second session, paid the same way, cancelled to the wallet this time.
  const second = await bookAhead(page.request, advisee.auth, 13);
  await payFromOwnPhone(page.request, advisee, second);
  const cancelled = await page.request.post(`${api}/cancelSession`, {
    headers: advisee.auth,
    data: { sessionId: second, reason: 'Booked twice', refundTo: 'WALLET' },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);

  // The withdrawal: the minimum and the fee are said before anything is confirmed.
  await page.reload();
  await expect(page.getByTestId('wallet-balance')).toHaveText('KES 2,900');
  await page.getByRole('button', { name: 'Withdraw to M-PESA' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw to M-PESA' });
  await expect(
    withdraw.getByText(
      'Your wallet holds KES 2,900. You can withdraw from KES 50; the fee is KES 15 per withdrawal.',
    ),
  ).toBeVisible();
  const amount = withdraw.getByLabel('Amount (KES)');
  await amount.fill('30');
  await expect(withdraw.getByText(refundMessages.belowMinimum(50))).toBeVisible();
  await expect(withdraw.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
  await amount.fill('1000');
  await expect(withdraw.getByTestId('withdraw-summary')).toHaveText(
    refundMessages.withdrawalSummary(1000, 15, msisdn),
  );
  await page.screenshot({ path: test.info().outputPath('withdraw-360.png') });
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(withdraw).toHaveCount(0);
  await expect(page.getByTestId('wallet-balance')).toHaveText('KES 1,900');

  // Paid by B2C to the verified number: KES 985 (the fee kept), with its M-PESA receipt.
  const withdrawal = transfers.locator('.mantine-Card-root').filter({ hasText: /^Withdrawal/ });
  await expect(withdrawal.getByText('Paid', { exact: true })).toBeVisible({ timeout: 30_000 });
  const [before, after] = refundMessages.paidToMpesa(985, msisdn, 'RECEIPT').split('RECEIPT');
  await expect(withdrawal).toContainText(new RegExp(`${escaped(before!)}[A-Z0-9]{10}${escaped(after!)}`));
  await page.screenshot({ path: test.info().outputPath('wallet-transfers-360.png'), fullPage: true });
});

test('an admin checks the M-PESA B2C balance on the reconciliation page', async ({ page }) => {
  await signIn(page, demo.admin);
  await page.goto('/admin/reconciliation');
  const section = page.getByRole('region', { name: 'M-PESA B2C account' });
  await section.getByRole('button', { name: 'Check balance' }).click();
  await expect(
    page.getByText('M-PESA was asked for the balance; its answer comes in a few seconds'),
  ).toBeVisible();
  const utility = section.getByTestId('mpesa-utility-balance');
  await expect(utility).toContainText(/Utility Account.*KES [\d,]+\.\d\d/s, { timeout: 20_000 });
  await expect(section.getByText(/^Checked \d{1,2} \w{3} \d{4}/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Check balance' })).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('reconciliation-balance-360.png'), fullPage: true });
});
