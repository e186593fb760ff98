import { formatDateChip } from '@myprosper/contract/dates';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  type Auth,
  bookFirstFree,
  demoMentorId,
  freeSlots,
  payByMpesa,
  registerAdvisee,
  type Slot,
  signIn,
} from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

/** Books through the API (the booking screen has its own journey) and answers the session id. */
const bookByApi = (request: APIRequestContext, advisee: { auth: Auth }, mentorId: number, slot: Slot) =>
  bookFirstFree(request, advisee.auth, [slot], { mentorId, topicId: 1 });

/** Sandbox phones (apps/api/sandbox/README.md): any other number pays. */
const paysPhone = '0708 374149';
const cancelsPhone = '0700 001032';

/** Free slots of the mentor at least `hours` ahead; `skip` passes over some (each journey its own). */
async function slotAhead(
  request: APIRequestContext,
  mentorId: number,
  hours: number,
  skip: number,
): Promise<Slot> {
  const later = (await freeSlots(request, mentorId)).filter(
    (s) => new Date(s.startsAt).getTime() > Date.now() + hours * 3_600_000,
  );
  const slot = later[skip];
  if (!slot) throw new Error('no free slot');
  return slot;
}

function topicCard(page: Page, topic: string): Locator {
  return page.locator('section').filter({ has: page.getByRole('heading', { name: topic, level: 3 }) });
}

/** Picks the first free date chip of a topic card and answers its yyyy-MM-dd. */
async function pickDate(card: Locator): Promise<string> {
  const radio = card.getByRole('radiogroup', { name: 'Date' }).getByRole('radio').first();
  const date = (await radio.getAttribute('value')) ?? '';
  await card.getByText(formatDateChip(date), { exact: true }).click();
  return date;
}

/**
 * From the mentor's page: Career Growth at the n-th time of the day (each journey its own hour), the first
 * free date, individual, paid the way chosen.
 */
async function bookInTheApp(
  page: Page,
  mentorId: number,
  timeIndex: number,
  payWith: 'M-PESA' | 'Checkout Session',
) {
  await page.goto(`/advisors/book/${mentorId}`);
  const card = topicCard(page, 'Career Growth');
  await card.getByRole('textbox', { name: 'Time' }).click();
  await page.getByRole('option').nth(timeIndex).click();
  await pickDate(card);
  await card.getByRole('button', { name: 'Book this session' }).click();
  const flow = page.getByRole('dialog', { name: 'Book this session' });
  await flow.getByRole('button', { name: /Individual session/ }).click();
  if (payWith === 'Checkout Session') {
    // The wallet covers the share: Checkout Session is offered and chosen, in sight, and M-PESA (which would
    // ask for nothing) cannot be chosen; the button says what happens.
    await expect(flow.getByRole('radio', { name: 'Checkout Session' })).toBeChecked();
    await expect(flow.getByRole('radio', { name: 'M-PESA' })).toBeDisabled();
  }
  await flow.getByRole('radio', { name: payWith }).check();
  await flow
    .getByRole('button', { name: payWith === 'M-PESA' ? 'Confirm booking' : 'Checkout Session' })
    .click();
}

test('an advisee books a session, pays by M-PESA through the sandbox and sees it paid', async ({ page }) => {
  const mentorId = await demoMentorId(page.request);
  const advisee = await registerAdvisee(page.request, 'Payer Journey');
  await signIn(page, advisee.email);
  await bookInTheApp(page, mentorId, 1, 'M-PESA');

  const phoneDialog = page.getByRole('dialog', { name: 'Initiate Payment' });
  await expect(phoneDialog.getByText(/pay KES 2,900/)).toBeVisible();
  const phone = phoneDialog.getByLabel('M-PESA phone number');
  await expect(phone).toHaveAttribute('placeholder', '0712 123456');
  await phone.fill('');
  await phoneDialog.getByRole('button', { name: 'Pay with M-PESA' }).click();
  await expect(phoneDialog.getByText('Please fill in phone number')).toBeVisible();
  await phone.fill('0712 3456');
  await phoneDialog.getByRole('button', { name: 'Pay with M-PESA' }).click();
  await expect(phoneDialog.getByText('Invalid phone number')).toBeVisible();
  await phone.fill(paysPhone);
  await phoneDialog.getByRole('button', { name: 'Pay with M-PESA' }).click();

  const info = page.getByRole('dialog', { name: 'Payment' });
  await expect(
    info.getByText('Payment initiation successful. Please refresh the page after making payment.'),
  ).toBeVisible();
  await expect(info.getByText('Payment received')).toBeVisible({ timeout: 20_000 });
  await info.getByRole('link', { name: 'View session' }).click();
  await expect(page).toHaveURL(/\/sessions\/\d+$/);
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay with M-PESA' })).toHaveCount(0);
});

test('a failed M-PESA payment shows why, and paying again from the session page works', async ({ page }) => {
  const mentorId = await demoMentorId(page.request);
  const advisee = await registerAdvisee(page.request, 'Payer Journey');
  const sessionId = await bookByApi(
    page.request,
    advisee,
    mentorId,
    await slotAhead(page.request, mentorId, 6, 2),
  );
  await signIn(page, advisee.email);
  await page.goto(`/sessions/${sessionId}`);
  await expect(page.getByText('Awaiting payment').first()).toBeVisible();

  await page.getByRole('button', { name: 'Pay with M-PESA' }).click();
  const phoneDialog = page.getByRole('dialog', { name: 'Initiate Payment' });
  await phoneDialog.getByLabel('M-PESA phone number').fill(cancelsPhone);
  await phoneDialog.getByRole('button', { name: 'Pay with M-PESA' }).click();
  const info = page.getByRole('dialog', { name: 'Payment' });
  await expect(info.getByText('The payment was cancelled on the phone.')).toBeVisible({ timeout: 20_000 });
  await info.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByText('Your last M-PESA payment did not go through')).toBeVisible();

  await page.getByRole('button', { name: 'Pay with M-PESA' }).click();
  await phoneDialog.getByLabel('M-PESA phone number').fill(paysPhone);
  await phoneDialog.getByRole('button', { name: 'Pay with M-PESA' }).click();
  await expect(
    page.getByText(/^KES 2,900 paid by M-PESA, receipt [A-Z0-9]{10}\. Your session is paid\.$/),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
});

test('a cancellation a day ahead is refunded to the wallet, which then pays the next booking', async ({
  page,
}) => {
  const mentorId = await demoMentorId(page.request);
  const advisee = await registerAdvisee(page.request, 'Payer Journey');
  const slot = await slotAhead(page.request, mentorId, 30, 3);
  const sessionId = await bookByApi(page.request, advisee, mentorId, slot);
  await payByMpesa(page.request, advisee, sessionId);

  await signIn(page, advisee.email);
  await page.goto(`/sessions/${sessionId}`);
  await page.getByRole('button', { name: 'Cancel session' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel session' });
  await expect(dialog.getByText('You will get KES 2,900 back to your wallet.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel session' }).click();
  await expect(dialog.getByText('Please give a reason')).toBeVisible();
  await dialog.getByLabel('Reason').fill('My plans changed');
  await dialog.getByRole('button', { name: 'Cancel session' }).click();
  await expect(page.getByText('Session cancelled. KES 2,900 was refunded to your wallet.')).toBeVisible();
  await expect(page.getByText('This session was cancelled')).toBeVisible();

  await page.goto('/wallet');
  await expect(page).toHaveTitle(/Wallet/);
  await expect(page.getByTestId('wallet-balance')).toHaveText('KES 2,900');
  await expect(page.getByText(/^Refund: session MPS-/)).toBeVisible();
  await expect(page.getByText(/^M-PESA top-up [A-Z0-9]{10}$/)).toBeVisible();
  await page.getByRole('tab', { name: 'Deducted' }).click();
  await expect(page.getByText(/^Session MPS-\w+ with Grace Wambui$/)).toBeVisible();

  // The refund pays the next booking from the wallet.
  // The wallet covers it: Checkout Session is offered (and chosen) instead of an M-PESA payment of nothing.
  await bookInTheApp(page, mentorId, 6, 'Checkout Session');
  await expect(page.getByText('Session checkout successful')).toBeVisible();
  const success = page.getByRole('dialog', { name: 'Session booked' });
  await success.getByRole('link', { name: 'View session' }).click();
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText('KES 0');
});

test('a new wallet says No transactions', async ({ page }) => {
  const advisee = await registerAdvisee(page.request, 'Payer Journey');
  await signIn(page, advisee.email);
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText('KES 0');
  await expect(page.getByText('No transactions')).toBeVisible();
  await page.getByRole('tab', { name: 'Deducted' }).click();
  await expect(page.getByText('No transactions')).toBeVisible();
});
