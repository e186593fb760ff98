import { formatDateChip } from '@myprosper/contract/dates';
import type { Locator, Page } from '@playwright/test';
import { demo, lastMessageId, latestMessageTo, logIn, registerAdvisee, signIn } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

/** Test cards of the local hosted page (apps/api/sandbox/README.md). */
const paysCard = '4111 1111 1111 1111';
const declinedCard = '4000 0000 0000 0002';

function topicCard(page: Page, topic: string): Locator {
  return page.locator('section').filter({ has: page.getByRole('heading', { name: topic, level: 3 }) });
}

/** From the mentor's page: Career Growth at the n-th time of the day, the first free date, individual. */
async function bookInTheApp(page: Page, mentorId: number, timeIndex: number, payWith: 'Card' | 'Voucher') {
  await page.goto(`/advisors/book/${mentorId}`);
  const card = topicCard(page, 'Career Growth');
  await card.getByRole('textbox', { name: 'Time' }).click();
  await page.getByRole('option').nth(timeIndex).click();
  const radio = card.getByRole('radiogroup', { name: 'Date' }).getByRole('radio').first();
  const date = (await radio.getAttribute('value')) ?? '';
  await card.getByText(formatDateChip(date), { exact: true }).click();
  await card.getByRole('button', { name: 'Book this session' }).click();
  const flow = page.getByRole('dialog', { name: 'Book this session' });
  await flow.getByRole('button', { name: /Individual session/ }).click();
  await flow.getByRole('radio', { name: payWith }).check();
  await flow.getByRole('button', { name: 'Confirm booking' }).click();
}

/** On the card provider's hosted page (the local sandbox): the card, then Pay. */
async function payOnHostedPage(page: Page, cardNumber: string) {
  await expect(page).toHaveURL(/\/sandbox\/cybersource\/pay$/);
  await expect(page.getByRole('heading', { name: 'Pay by card' })).toBeVisible();
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YYYY)').fill('12/2030');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
}

test('an advisee books a session and pays by card on the hosted page', async ({ page }) => {
  const mentor = await logIn(page.request, demo.mentor);
  const advisee = await registerAdvisee(page.request, 'Card Journey');
  await signIn(page, advisee.email);

  await bookInTheApp(page, mentor.userId, 3, 'Card');
  await expect(page.getByText('KES 2900.00')).toBeVisible();
  await payOnHostedPage(page, declinedCard);
  await expect(page).toHaveURL(/\/sessions\/\d+\?outcome=declined$/);
  await expect(page.getByText('Your card was declined').first()).toBeVisible();
  await expect(page.getByText('Your last card payment did not go through')).toBeVisible();

  // Paying again from the session page, with a card that pays.
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await payOnHostedPage(page, paysCard);
  await expect(page).toHaveURL(/\/sessions\/\d+\?outcome=paid$/);
  await expect(page.getByText('Payment successful')).toBeVisible();
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay by card' })).toHaveCount(0);
});

test('a voucher bought by card is mailed to its recipient, who books with its code', async ({
  page,
  otherBrowser,
}) => {
  const mentor = await logIn(page.request, demo.mentor);
  const buyer = await registerAdvisee(page.request, 'Card Journey');
  const recipientEmail = `gift.${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
  await signIn(page, buyer.email);
  await page.goto('/buyVoucher');
  await expect(page).toHaveTitle(/Buy Voucher/);

  // Step 1: the recipient, with the spec's messages.
  const next = page.getByRole('button', { name: 'Next' });
  await next.click();
  await expect(page.getByText('Please fill all fields')).toBeVisible();
  await page.getByLabel("Recipient's full name").fill('Amani');
  await page.getByLabel("Recipient's email").fill('amani@example');
  await page.getByRole('textbox', { name: "Recipient's phone" }).fill('0712 12');
  await next.click();
  await expect(page.getByText('Please enter your full name')).toBeVisible();
  await page.getByLabel("Recipient's full name").fill('Amani Otieno');
  await next.click();
  await expect(page.getByText('Invalid email')).toBeVisible();
  await page.getByLabel("Recipient's email").fill(recipientEmail);
  await next.click();
  await expect(page.getByText('Invalid Phone No')).toBeVisible();
  await page.getByRole('textbox', { name: "Recipient's phone" }).fill('0712 345678');
  await next.click();

  // Step 2: program, then its mentors, and a note.
  await next.click();
  await expect(page.getByText('Please fill all fields')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Mentor' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Program' }).click();
  await page.getByRole('option', { name: 'Career Growth' }).click();
  await page.getByRole('textbox', { name: 'Mentor' }).click();
  await page.getByRole('option', { name: mentor.name }).click();
  await page.getByLabel('Note to the recipient').fill('Congratulations on the new job!');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel("Recipient's full name")).toHaveValue('Amani Otieno');
  await next.click();
  await next.click();

  // Step 3: card, on the hosted page.
  await expect(page.getByText('KES 2,900 (one 1-hour session)')).toBeVisible();
  const before = await lastMessageId(page.request, recipientEmail);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await payOnHostedPage(page, paysCard);
  await expect(page).toHaveURL(/\/buyVoucher\?voucher=VCH-\w{6}&outcome=paid$/);
  await expect(page.getByText('Payment successful')).toBeVisible();
  await expect(page.getByText(/We sent the voucher code to Amani Otieno/)).toBeVisible();
  await expect(page.getByText('Not used yet').first()).toBeVisible();

  const mail = await latestMessageTo(page.request, recipientEmail, { after: before });
  expect(mail.body).toContain('Congratulations on the new job!');
  const code = /Your voucher code: ([A-Z0-9-]+)/.exec(mail.body)?.[1];
  expect(code).toBeTruthy();

  // The recipient signs up and books with the code.
  const { context, page: recipientPage } = await otherBrowser();
  await registerAdvisee(recipientPage.request, 'Card Journey', { email: recipientEmail });
  await signIn(recipientPage, recipientEmail);
  await bookInTheApp(recipientPage, mentor.userId, 5, 'Voucher');
  const dialog = recipientPage.getByRole('dialog', { name: 'Pay with a voucher' });
  await dialog.getByLabel('Voucher code').fill('ABCD-EFGH-JKMN-PQRS');
  await dialog.getByRole('button', { name: 'Use voucher' }).click();
  await expect(dialog.getByText('Invalid voucher code')).toBeVisible();
  await dialog.getByLabel('Voucher code').fill(code!.toLowerCase());
  await dialog.getByRole('button', { name: 'Use voucher' }).click();
  await expect(recipientPage.getByText('Voucher redeemed. Your session is paid.')).toBeVisible();
  const success = recipientPage.getByRole('dialog', { name: 'Session booked' });
  await success.getByRole('link', { name: 'View session' }).click();
  await expect(recipientPage.getByText('Paid', { exact: true }).first()).toBeVisible();
  await context.close();

  // The buyer sees it used.
  await page.reload();
  await expect(page.getByText('Used').first()).toBeVisible();
});

test("'Your vouchers' follows a voucher paid by M-PESA without a reload", async ({ page }) => {
  const mentor = await logIn(page.request, demo.mentor);
  const buyer = await registerAdvisee(page.request, 'Voucher Journey');
  await signIn(page, buyer.email);
  await page.goto('/buyVoucher');
  const next = page.getByRole('button', { name: 'Next' });
  await page.getByLabel("Recipient's full name").fill('Wanjiru Kamau');
  await page.getByLabel("Recipient's email").fill(`gift.${Date.now()}@example.com`);
  await page.getByRole('textbox', { name: "Recipient's phone" }).fill('0712 345678');
  await next.click();
  await page.getByRole('textbox', { name: 'Program' }).click();
  await page.getByRole('option', { name: 'Career Growth' }).click();
  await page.getByRole('textbox', { name: 'Mentor' }).click();
  await page.getByRole('option', { name: mentor.name }).click();
  await page.getByLabel('Note to the recipient').fill('Happy birthday!');
  await next.click();
  await page.getByRole('radio', { name: 'Mobile money (M-PESA)' }).check();
  await page.getByRole('button', { name: 'Pay with M-PESA' }).click();
  const phone = page.getByRole('dialog', { name: 'Initiate Payment' });
  // The sandbox's paying number (apps/api/sandbox/README.md); its callback lands a moment later.
  await phone.getByLabel('M-PESA phone number').fill('0708 374149');
  await phone.getByRole('button', { name: 'Pay with M-PESA' }).click();
  await expect(page).toHaveURL(/\/buyVoucher\?voucher=VCH-\w{6}$/);
  // The payment dialog is closed at once: the page itself must show the payment arrive.
  const payment = page.getByRole('dialog', { name: 'Payment', exact: true });
  await payment.getByRole('button', { name: 'Close' }).last().click();
  await expect(payment).toHaveCount(0);
  const reference = new URL(page.url()).searchParams.get('voucher') ?? '';

  // The list under the purchase shows it, and then shows it paid, with no reload in between.
  const mine = page.getByRole('region', { name: 'Your vouchers' });
  const row = mine.getByRole('link', { name: reference });
  await expect(row).toBeVisible();
  await expect(mine.getByText('Not used yet')).toBeVisible();
  await expect(mine.getByText('Awaiting payment')).toHaveCount(0);
});
