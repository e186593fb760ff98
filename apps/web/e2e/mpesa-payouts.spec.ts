import AxeBuilder from '@axe-core/playwright';
import { refundMessages } from '@myprosper/contract/refunds';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  bookFirstFree,
  bookingMentor,
  demo,
  freshPhone,
  lastMessageId,
  logIn,
  moveSession,
  payByMpesa,
  phoneCodeFromOutbox,
  registerAdvisee,
  signIn,
  storedPhone,
} from './support/api.ts';
import { expect, type OtherBrowser, test } from './support/fixtures.ts';

/**
 * Mentors paid to M-PESA (issue 21) and disputes decided in the console (issue 25), against the Daraja
 * sandbox. The mentor is a seeded one no other journey uses, so their wallet and payout method are this
 * journey's alone. Sessions are booked and paid through the API (their own journeys cover the screens) and
 * moved in time with the journeys' session clock (POST /dev/sessions/:id/move).
 */

const mentorEmail = 'wairimu.njoroge@myprosper.test';
const shots = (name: string) => test.info().outputPath(name);

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

/** axe finds nothing on the page as it is now (the accessibility journey sees these pages without data). */
async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`)).toEqual(
    [],
  );
}

async function openAdminPage(otherBrowser: () => Promise<OtherBrowser>, path: string): Promise<Page> {
  const { page } = await otherBrowser();
  await signIn(page, demo.admin);
  await page.goto(path);
  return page;
}

/** A mentee of this journey who booked the mentor's first free hour and paid it by M-PESA. */
async function paidSession(request: APIRequestContext, name: string) {
  const mentor = await bookingMentor(request, mentorEmail);
  const mentee = await registerAdvisee(request, name);
  const sessionId = await bookFirstFree(request, mentee.auth, mentor.slots, mentor);
  await payByMpesa(request, mentee, sessionId);
  return { mentor, mentee, sessionId };
}

test('a mentor takes M-PESA payouts to their verified number; a payout run pays them with a receipt', async ({
  otherBrowser,
  page,
}) => {
  test.setTimeout(180_000);
  const mentorLogin = await logIn(page.request, mentorEmail);
  const phone = await page.request.get('/myprosper/auth/phone', { headers: mentorLogin.auth });
  const ownNumber = ((await phone.json()) as { data: { phoneNumber: string } }).data.phoneNumber;
  const local = `0${ownNumber.slice(3, 6)} ${ownNumber.slice(6)}`;

  // Another number is verified by the code sent to it, then saved with its proof.
  await signIn(page, mentorEmail);
  await page.goto('/payment/preference');
  await page.getByRole('button', { name: /^M-PESA/ }).click();
  const other = freshPhone();
  await page.getByRole('textbox', { name: 'M-PESA phone number' }).fill(other.local);
  const before = await lastMessageId(page.request, other.normalised);
  await page.getByRole('button', { name: 'Verify this number' }).click();
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await phoneCodeFromOutbox(page.request, other.normalised, before);
  await page.getByRole('textbox', { name: 'Code' }).fill(code);
  await page.screenshot({ path: shots('payout-verify-other-360.png'), fullPage: true });
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(toast(page, 'Payment method updated successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: /^M-PESA/ })).toHaveAccessibleName(
    `M-PESA, •••• ${other.normalised.slice(-4)}, verified, preferred`,
  );
  // Closed, so that the next save's notice is its own.
  await toast(page, 'Payment method updated successfully')
    .getByRole('button', { name: 'Close notification' })
    .click();
  await expect(toast(page, 'Payment method updated successfully')).toHaveCount(0);

  // Then the mentor chooses their account's verified number instead, in one tap.
  await page.getByRole('button', { name: /^M-PESA/ }).click();
  await expect(page.getByText('Your verified number')).toBeVisible();
  await page.screenshot({ path: shots('payout-mpesa-360.png'), fullPage: true });
  await expectAccessible(page);
  await page.getByRole('button', { name: `Get paid to ${local}` }).click();
  await expect(toast(page, 'Payment method updated successfully')).toBeVisible();
  const tile = page.getByRole('button', { name: /^M-PESA/ });
  await expect(tile).toHaveAccessibleName(`M-PESA, •••• ${ownNumber.slice(-4)}, verified, preferred`);
  await expect(tile).toContainText(`•••• ${ownNumber.slice(-4)}`);
  await expect(tile).toContainText('Verified');

  // A mentee books and pays a session with them; it took place two days ago (the admin records the mentor as
  // present, as the call's records would), so its 48-hour hold is over.
  const { mentor, sessionId } = await paidSession(page.request, 'Payout Journey');
  const admin = await logIn(page.request, demo.admin);
  const present = await page.request.put(`/myprosper/api/admin/sessions/${sessionId}/no-shows`, {
    headers: admin.auth,
    data: { people: [{ userId: mentor.mentorId, noShow: false }] },
  });
  expect(present.ok(), await present.text()).toBe(true);
  await moveSession(page.request, sessionId, -(50 * 60));

  // An admin presses "Run payouts now": the sandbox's B2C pays the mentor and answers with a receipt.
  const adminPage = await openAdminPage(otherBrowser, '/admin/payouts');
  await adminPage.getByRole('tab', { name: 'M-PESA runs' }).click();
  await adminPage.getByRole('button', { name: 'Run payouts now' }).dblclick();
  // A double click is one press's key twice: one run.
  await expect(
    toast(adminPage, /^Payout run done: \d+ mentors? (was|were) sent their earnings$/).first(),
  ).toBeVisible();
  const latestRun = adminPage.locator('[data-testid^="payout-run-"]').first();
  const row = latestRun.getByRole('row').filter({ hasText: mentor.name });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Paid', { exact: true })).toBeVisible({ timeout: 30_000 });
  const receipt = (await row.getByRole('cell').last().innerText()).trim();
  expect(receipt).toMatch(/^[A-Z0-9]{10}$/);
  await adminPage.screenshot({ path: shots('admin-payout-runs-360.png'), fullPage: true });
  await expectAccessible(adminPage);

  // The mentor sees the payout paid, with its M-PESA receipt, on their wallet.
  await page.goto('/wallet');
  const payout = page.getByTestId('mentor-payout').filter({ hasText: receipt });
  await expect(payout).toBeVisible();
  await expect(payout).toContainText('Paid');
  await expect(payout).toContainText(`M-PESA receipt ${receipt}`);
  await expect(payout).toContainText(`•••• ${ownNumber.slice(-4)}`);
  await expect(page.getByTestId('earnings-in-flight')).toHaveText('KES 0');
  await expect(page.getByTestId('earnings-paid')).not.toHaveText('KES 0');
  await page.screenshot({ path: shots('mentor-wallet-paid-360.png'), fullPage: true });
  await expectAccessible(page);
});

test("a mentee reports a problem from the session page; the admin sees the call's presence and releases it", async ({
  otherBrowser,
  page,
}) => {
  test.setTimeout(180_000);
  const { mentor, mentee, sessionId } = await paidSession(page.request, 'Dispute Journey');

  // Both are in the call for a moment (the call opens early on the journeys' server), then leave.
  const { page: menteeCall } = await otherBrowser();
  await signIn(menteeCall, mentee.email);
  await menteeCall.goto(`/sessions/${sessionId}`);
  await menteeCall.getByRole('link', { name: 'Join session' }).click();
  await menteeCall.getByRole('button', { name: 'Join now' }).click({ timeout: 60_000 });
  await expect(menteeCall.getByText('Waiting for your mentor to start the session')).toBeVisible();
  const { page: mentorCall } = await otherBrowser();
  await signIn(mentorCall, mentorEmail);
  await mentorCall.goto(`/sessions/${sessionId}`);
  await mentorCall.getByRole('link', { name: 'Start session' }).click();
  await mentorCall.getByRole('button', { name: 'Start the session' }).click({ timeout: 60_000 });
  await expect(
    menteeCall.locator(
      `[data-testid="call-tile"][data-local="false"][data-participant-name="${mentor.name}"]`,
    ),
  ).toBeVisible({ timeout: 30_000 });
  await menteeCall.getByRole('button', { name: 'Leave' }).click();
  await expect(menteeCall).toHaveURL(new RegExp(`/sessions/${sessionId}$`));
  await mentorCall.getByRole('button', { name: 'Leave' }).click();
  await expect(mentorCall).toHaveURL(new RegExp(`/sessions/${sessionId}$`));
  // The session is moved to have just ended: the call above was inside it.
  await moveSession(page.request, sessionId, -60);

  // The mentee reports a problem while the window is open.
  await signIn(page, mentee.email);
  await page.goto(`/sessions/${sessionId}`);
  await expect(page.getByText(/You can report a problem until .+ \(East Africa Time\)/)).toBeVisible();
  await page.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please tell us what went wrong');
  await dialog.getByLabel('What went wrong?').fill('The mentor left after two minutes');
  await page.screenshot({ path: shots('dispute-dialog-360.png') });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(
    toast(page, 'Thank you. The mentor will not be paid for this session until we have looked into it.'),
  ).toBeVisible();
  await expect(page.getByTestId('session-dispute')).toContainText('You reported a problem');
  await expect(page.getByRole('button', { name: 'Report a problem' })).toHaveCount(0);
  await expectAccessible(page);

  // The admin finds it with the call's presence records, and releases the earnings to the mentor.
  const adminPage = await openAdminPage(otherBrowser, '/admin/disputes');
  const card = adminPage
    .locator('[data-testid^="dispute-"]')
    .filter({ hasText: 'The mentor left after two minutes' });
  await expect(card).toContainText('Open');
  await expect(card).toContainText(mentee.name);
  const presence = card.getByRole('table');
  for (const name of [mentor.name, mentee.name]) {
    const person = presence.getByRole('row').filter({ hasText: name });
    await expect(person).toContainText(/\d{2}:\d{2}:\d{2}/);
    await expect(person).not.toContainText('Never joined');
  }
  await adminPage.screenshot({ path: shots('admin-disputes-360.png'), fullPage: true });
  await expectAccessible(adminPage);
  await card.getByRole('button', { name: 'Release to mentor' }).click();
  const confirm = adminPage.getByRole('dialog', { name: /^Release .+ to the mentor$/ });
  await expect(confirm).toContainText(`go to ${mentor.name}'s MyProsper balance now`);
  await expect(confirm).toContainText(`${mentee.name} gets no refund`);
  await confirm.getByLabel('Note (kept with the decision)').fill('Both were in the call');
  await confirm.getByRole('button', { name: 'Release to mentor' }).click();
  await expect(toast(adminPage, 'The earnings were released to the mentor')).toBeVisible();
  await expect(card).toContainText('Released to mentor');
  await expect(card).toContainText('Both were in the call');

  // The mentee sees the decision.
  await page.reload();
  await expect(page.getByTestId('session-dispute')).toContainText('the mentor is paid for this session');
});

test('a mentee paid by M-PESA reports a problem; the admin refunds them, and it goes back to their M-PESA', async ({
  otherBrowser,
  page,
}) => {
  test.setTimeout(180_000);
  const mentor = await bookingMentor(page.request, mentorEmail);
  const mentee = await registerAdvisee(page.request, 'Dispute Refund Journey');
  const msisdn = storedPhone(mentee.phone);
  const sessionId = await bookFirstFree(page.request, mentee.auth, mentor.slots, mentor);
  // Paid from the mentee's own verified number, so a refund can go back to it.
  await payByMpesa(page.request, mentee, sessionId, { from: mentee.phone });
  const booked = await page.request.get(`/myprosper/api/getAdvisorSessionById/${sessionId}`, {
    headers: mentee.auth,
  });
  const { amount } = ((await booked.json()) as { data: { amount: number } }).data;
  // Their saved choice for refunds is M-PESA (the cancel dialog saves it; here it is saved through the API).
  const chose = await page.request.put('/myprosper/api/refundPreference', {
    headers: mentee.auth,
    data: { destination: 'MPESA' },
  });
  expect(chose.ok(), await chose.text()).toBe(true);
  // The mentor came (the admin records it, as the call's records would); the session ended two hours ago (the
  // journey before this one holds the mentor's last hour).
  const admin = await logIn(page.request, demo.admin);
  const present = await page.request.put(`/myprosper/api/admin/sessions/${sessionId}/no-shows`, {
    headers: admin.auth,
    data: { people: [{ userId: mentor.mentorId, noShow: false }] },
  });
  expect(present.ok(), await present.text()).toBe(true);
  await moveSession(page.request, sessionId, -180);

  // The mentee reports a problem from the session page.
  await signIn(page, mentee.email);
  await page.goto(`/sessions/${sessionId}`);
  await page.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  await dialog.getByLabel('What went wrong?').fill('The mentor talked about another topic all hour');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByTestId('session-dispute')).toContainText('You reported a problem');

  // The admin upholds it: the confirmation says where the money goes before anything moves.
  const adminPage = await openAdminPage(otherBrowser, '/admin/disputes');
  const card = adminPage
    .locator('[data-testid^="dispute-"]')
    .filter({ hasText: 'The mentor talked about another topic all hour' });
  await expect(card).toContainText('Open');
  await card.getByRole('button', { name: 'Refund the mentee' }).click();
  const confirm = adminPage.getByRole('dialog', { name: /^Refund \S+$/ });
  await expect(confirm).toContainText('sent back to their verified number');
  await confirm.getByLabel('Note (kept with the decision)').fill('The mentor agreed');
  await confirm.getByRole('button', { name: 'Refund the mentee' }).click();
  await expect(toast(adminPage, 'The mentees were refunded the way they paid')).toBeVisible();
  await expect(card).toContainText('Refunded');
  await adminPage.screenshot({ path: shots('admin-dispute-refunded-360.png'), fullPage: true });

  // The mentee sees the decision, and the refund reach their M-PESA with its receipt.
  await page.reload();
  await expect(page.getByTestId('session-dispute')).toContainText(
    'We looked into your report and refunded you',
  );
  const refunds = page.getByTestId('session-mpesa-refunds');
  await expect(refunds.getByText('Refund paid to M-PESA')).toBeVisible({ timeout: 30_000 });
  const paidText = (await refunds.getByRole('alert').innerText()).trim();
  const receipt = /M-PESA receipt ([A-Z0-9]{10})\./.exec(paidText)?.[1];
  expect(receipt, paidText).toBeTruthy();
  await expect(refunds).toContainText(refundMessages.paidToMpesa(amount, msisdn, receipt!));
  await page.screenshot({ path: shots('dispute-refund-paid-360.png'), fullPage: true });
  await expectAccessible(page);

  // Its wallet lists the transfer too, and holds nothing of it.
  await page.goto('/wallet');
  await expect(page.getByTestId('mpesa-transfers')).toContainText(
    refundMessages.paidToMpesa(amount, msisdn, receipt!),
  );
  await expect(page.getByTestId('wallet-balance')).toHaveText('KES 0');
});
