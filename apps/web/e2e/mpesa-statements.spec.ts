import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { bookEarliestSlot, demo, payByMpesa, registerAdvisee, signIn } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

const header =
  'Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Balance Confirmed,Reason Type,Other Party Info,Linked Transaction ID,A/C No.';

/** 'yyyy-MM-dd HH:mm:ss' in Kenyan time, as the organisation portal writes it. */
const eat = (date: Date) =>
  new Date(date.getTime() + 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** A session of a new advisee, paid by M-PESA in the sandbox: its id, payment id, receipt and amount. */
async function paidSession(request: APIRequestContext) {
  const advisee = await registerAdvisee(request, 'Wanjiru Statement');
  const sessionId = await bookEarliestSlot(request, advisee);
  await payByMpesa(request, advisee, sessionId);
  const last = await request.get(`/myprosper/api/getLastPayment/${sessionId}`, { headers: advisee.auth });
  const payment = ((await last.json()) as { data: { id: number; receipt: string; amount: number } }).data;
  return { advisee, sessionId, payment };
}

test.describe('M-PESA statements and receipts', () => {
  test('an admin imports the M-PESA statement and sees matched and flagged lines', async ({
    page,
    request,
  }) => {
    const { payment } = await paidSession(request);
    const unknown = `QU${Date.now().toString(36).toUpperCase()}`.slice(0, 10).padEnd(10, '7');
    const now = new Date();
    const csv = [
      'Organization Name,MyProsper Ltd',
      '',
      header,
      `${payment.receipt},${eat(now)},${eat(now)},Pay Bill Online from 254708374149 - JANE,Completed,"${payment.amount.toLocaleString('en-KE')}.00",,"10,000.00",True,Pay Bill Online,254708374149 - JANE,,`,
      `${unknown},${eat(now)},${eat(now)},Pay Bill Online from 254700000009 - JOHN,Completed,"1,500.00",,"11,500.00",True,Pay Bill Online,254700000009 - JOHN,,ZZ123`,
      `${payment.receipt},${eat(now)},${eat(now)},Pay Bill Online (adjusted),Completed,100.00,,"11,600.00",True,Pay Bill Online,254708374149 - JANE,,`,
    ].join('\r\n');

    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, demo.admin);
    await page.goto('/admin/reconciliation');
    await expect(page.getByRole('heading', { name: 'Reconciliation', level: 1 })).toBeVisible();
    await page.getByRole('tab', { name: 'Statements' }).click();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'org-statement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByText('Statement imported: 1 matched')).toBeVisible();
    const matched = page.getByTestId(`statement-line-${payment.receipt}`).first();
    await expect(matched.getByText('Matched')).toBeVisible();
    await expect(page.getByTestId(`statement-line-${unknown}`).getByText('Unknown receipt')).toBeVisible();
    await expect(
      page.getByTestId(`statement-line-${payment.receipt}`).nth(1).getByText('Amount differs'),
    ).toBeVisible();
    await page.screenshot({ path: '/tmp/h5-shots/reconciliation-statement-360.png', fullPage: true });

    // The flagged lines wait under "To resolve"; one is resolved with a note.
    await page.getByRole('tab', { name: 'To resolve' }).click();
    const row = page.locator('tr', { hasText: unknown });
    await expect(row).toBeVisible();
    await page.screenshot({ path: '/tmp/h5-shots/reconciliation-open-360.png', fullPage: true });
    await row.getByRole('button', { name: 'Resolve' }).click();
    await page
      .getByLabel('What was done')
      .fill('A customer paid to the wrong account; refunded by the portal');
    await page.getByRole('button', { name: 'Mark resolved' }).click();
    await expect(page.getByText('Marked as resolved')).toBeVisible();
    await expect(page.locator('tr', { hasText: unknown })).toHaveCount(0);

    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByRole('tab', { name: 'Statements' }).click();
    await page.screenshot({ path: '/tmp/h5-shots/reconciliation-statements-1366.png', fullPage: true });
  });

  test('a mentee downloads the receipt of their M-PESA payment', async ({ page, request }) => {
    const { advisee, sessionId, payment } = await paidSession(request);
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, advisee.email);
    await page.goto(`/sessions/${sessionId}`);
    const button = page.getByRole('button', { name: 'Download receipt' });
    await expect(button).toBeVisible();
    await page.screenshot({ path: '/tmp/h5-shots/session-receipt-360.png', fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(
      `myprosper-receipt-MP-R-${String(payment.id).padStart(6, '0')}.pdf`,
    );
    const pdf = await readFile((await download.path()) ?? '');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('a mentor downloads a monthly earnings statement from the wallet', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, demo.mentor);
    await page.goto('/wallet');
    await expect(page.getByText('Earnings statement')).toBeVisible();
    await page.screenshot({ path: '/tmp/h5-shots/wallet-statement-360.png', fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^myprosper-earnings-\d{4}-\d{2}\.pdf$/);
  });
});
