import { readFile } from 'node:fs/promises';
import { formatDateChip } from '@myprosper/contract/dates';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  type Auth,
  bookFirstFree,
  demo,
  freeSlots,
  type JourneyAdvisee,
  logIn,
  payByMpesa,
  registerAdvisee,
  type Slot,
  signIn,
} from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

const api = '/myprosper/api';

function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 992;
}

/** Opens a screen of the console from its side menu (a drawer on small screens). */
async function openAdmin(page: Page, label: string): Promise<void> {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open admin menu' }).click();
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: label }).click();
  } else {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: label }).click();
  }
  await expect(page.getByRole('heading', { name: label, level: 1 })).toBeVisible();
}

/** A new advisee of this run only, with the name the admin looks for. */
const registerRefundJourney = (request: APIRequestContext) => registerAdvisee(request, 'Refund Journey');

/** Books an individual session on this slot through the API and pays it by M-PESA; answers its id. */
async function bookAndPay(
  request: APIRequestContext,
  advisee: JourneyAdvisee,
  booking: { mentorId: number; topicId: number },
  slot: Slot,
): Promise<number> {
  const sessionId = await bookFirstFree(request, advisee.auth, [slot], booking);
  await payByMpesa(request, advisee, sessionId);
  return sessionId;
}

/**
 * A mentor with a free hour that starts in less than a day (so the host's cancellation is late and the
 * mentor is paid for it), one of the programs they give, and the slot.
 */
async function mentorWithSlotWithinADay(request: APIRequestContext) {
  const response = await request.get(`${api}/getTopicAdvisors/0/ALL`);
  const mentors = (
    (await response.json()) as { data: Array<{ id: number; name: string; topics: Array<{ id: number }> }> }
  ).data;
  const soonest = Date.now() + 3 * 3_600_000;
  const latest = Date.now() + 22 * 3_600_000;
  for (const mentor of mentors) {
    if (mentor.topics.length === 0) continue;
    const slot = (await freeSlots(request, mentor.id)).find((s) => {
      const at = new Date(s.startsAt).getTime();
      return at > soonest && at < latest;
    });
    if (slot) return { mentor, topicId: mentor.topics[0]!.id, slot };
  }
  throw new Error('no mentor has a free hour within the next day');
}

test.describe('the admin console', () => {
  let adminAuth: Auth;
  let originalPrice: { baseSessionPrice: number; vatTax: number } | null = null;

  test.beforeEach(async ({ page }) => {
    const admin = await signIn(page, demo.admin);
    adminAuth = { authorization: `Bearer ${admin.jwttoken}` };
  });

  // Other journeys expect the seeded price: put it back whatever happened.
  test.afterEach(async ({ request }) => {
    if (!originalPrice) return;
    const restored = await request.put(`${api}/admin/pricing/INDIVIDUAL`, {
      headers: adminAuth,
      data: originalPrice,
    });
    expect(restored.ok(), await restored.text()).toBe(true);
    originalPrice = null;
  });

  test('an admin publishes a program with tips and changes the price for new bookings', async ({
    page,
    otherBrowser,
  }) => {
    test.setTimeout(120_000);
    const name = `Beekeeping Basics ${Date.now().toString(36)}`;
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pending applications' })).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Paid bookings per week' })).toBeVisible();

    await openAdmin(page, 'Programs');
    await page.getByRole('button', { name: 'New program' }).click();
    const editor = page.getByRole('dialog', { name: 'New program' });
    await editor.getByRole('textbox', { name: 'Name' }).fill(name);
    await editor.getByRole('button', { name: 'Create program' }).click();
    await expect(editor.getByText('Please enter the tag line')).toBeVisible();
    await editor.getByRole('textbox', { name: 'Tag line' }).fill('Honey, hives and a living from both');
    await editor.getByRole('textbox', { name: 'Tips' }).fill('Start with two hives\nPlant for the bees\n');
    await editor.getByRole('checkbox', { name: /Published/ }).check();
    await editor.getByRole('button', { name: 'Create program' }).click();
    await expect(page.getByText(`Program created: ${name}`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Published');

    const visitor = await otherBrowser();
    await visitor.page.goto('/topics');
    await visitor.page
      .getByRole('link', { name: new RegExp(name) })
      .first()
      .click();
    await expect(visitor.page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(visitor.page.getByText('Start with two hives')).toBeVisible();
    await expect(visitor.page.getByText('Plant for the bees')).toBeVisible();
    await visitor.context.close();

    // The price: 3,000 + 16 % for new bookings.
    const pricing = await page.request.get(`${api}/admin/pricing`, { headers: adminAuth });
    const individual = (
      (await pricing.json()) as {
        data: Array<{ priceType: string; baseSessionPrice: number; vatTax: number }>;
      }
    ).data.find((p) => p.priceType === 'INDIVIDUAL')!;
    originalPrice = { baseSessionPrice: individual.baseSessionPrice, vatTax: individual.vatTax };
    await openAdmin(page, 'Pricing');
    const form = page.getByRole('region', { name: 'Individual session' });
    await form.getByRole('textbox', { name: 'Base price (KES)' }).fill('3000');
    await form.getByRole('textbox', { name: 'VAT (%)' }).fill('16');
    await expect(form.getByText('A new booking costs KES 3,480')).toBeVisible();
    await form.getByRole('button', { name: 'Save individual price' }).click();
    await expect(page.getByText('Price saved; it applies to new bookings only')).toBeVisible();

    const mentee = await otherBrowser();
    const advisee = await registerRefundJourney(mentee.page.request);
    await signIn(mentee.page, advisee.email);
    const mentorId = (await logIn(mentee.page.request, demo.mentor)).userId;
    await mentee.page.goto(`/advisors/book/${mentorId}`);
    const card = mentee.page.locator('section').filter({
      has: mentee.page.getByRole('heading', { name: 'Career Growth', level: 3 }),
    });
    const radio = card.getByRole('radiogroup', { name: 'Date' }).getByRole('radio').first();
    await card.getByText(formatDateChip((await radio.getAttribute('value')) ?? ''), { exact: true }).click();
    await card.getByRole('button', { name: 'Book this session' }).click();
    const flow = mentee.page.getByRole('dialog', { name: 'Book this session' });
    await expect(flow.getByRole('button', { name: /Individual session/ })).toContainText('KES 3,480');
    await mentee.context.close();
  });

  test('an admin cancels a paid session with a full refund', async ({ page }) => {
    test.setTimeout(120_000);
    const advisee = await registerRefundJourney(page.request);
    const mentorId = (await logIn(page.request, demo.mentor)).userId;
    const slot = (await freeSlots(page.request, mentorId)).filter(
      (s) => new Date(s.startsAt).getTime() > Date.now() + 48 * 3_600_000,
    )[3]!;
    await bookAndPay(page.request, advisee, { mentorId, topicId: 1 }, slot);

    await page.goto('/admin');
    await openAdmin(page, 'Sessions');
    await page.getByRole('textbox', { name: 'Mentee or reference' }).fill(advisee.email);
    const rows = page.getByRole('row').filter({ hasText: 'Refund Journey' });
    await expect(rows).toHaveCount(1);
    await rows.getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: /^Session MPS-/, level: 1 })).toBeVisible();
    await expect(page.getByText('KES 2,900').first()).toBeVisible();

    await page.getByRole('button', { name: 'Cancel with refund' }).click();
    const dialog = page.getByRole('dialog', { name: /^Cancel MPS-/ });
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('The mentor is unwell');
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
    await expect(
      page.getByText('Session cancelled; every paid share was refunded in full (KES 2,900)'),
    ).toBeVisible();
    await expect(page.getByText(/Cancelled .* by /)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel with refund' })).toHaveCount(0);

    const balance = await page.request.get(`${api}/getAdviseeBalance/${advisee.userId}`, {
      headers: advisee.auth,
    });
    expect(((await balance.json()) as { data: { balance: number } }).data.balance).toBe(2900);
  });

  test('an admin marks a payout paid, never above what is owed, and exports the CSV', async ({ page }) => {
    test.setTimeout(150_000);
    // A mentor earns through the public flows: a mentee books within the day, pays, then cancels late.
    const { mentor, topicId, slot } = await mentorWithSlotWithinADay(page.request);
    const advisee = await registerRefundJourney(page.request);
    const sessionId = await bookAndPay(page.request, advisee, { mentorId: mentor.id, topicId }, slot);
    const cancelled = await page.request.post(`${api}/cancelSession`, {
      headers: advisee.auth,
      data: { sessionId, reason: 'Something came up' },
    });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);
    const owedBefore = await page.request.get(
      `${api}/admin/payouts?query=${encodeURIComponent(mentor.name)}`,
      {
        headers: adminAuth,
      },
    );
    const balance = (
      (await owedBefore.json()) as { data: Array<{ mentor: { id: number }; balance: number }> }
    ).data.find((row) => row.mentor.id === mentor.id)!.balance;
    expect(balance).toBeGreaterThanOrEqual(2320);

    await page.goto('/admin');
    await openAdmin(page, 'Payouts');
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(mentor.name);
    const row = page.getByTestId(`owed-${mentor.id}`);
    await expect(row).toContainText(`KES ${balance.toLocaleString('en-US')}`);
    await row.getByRole('button', { name: /Mark a payout/ }).click();
    const dialog = page.getByRole('dialog', { name: `Pay ${mentor.name}` });
    const amount = dialog.getByRole('textbox', { name: 'Amount paid (KES)' });
    await amount.fill(String(balance + 1));
    const reference = `QK${Date.now().toString(36).toUpperCase()}`;
    await dialog.getByRole('textbox', { name: 'Reference of the transfer' }).fill(reference);
    await dialog.getByRole('button', { name: 'Mark as paid' }).click();
    await expect(
      dialog.getByText(`The payout is more than the mentor is owed (KES ${balance.toLocaleString('en-US')})`),
    ).toBeVisible();
    await amount.fill('1000');
    await dialog.getByRole('button', { name: 'Mark as paid' }).click();
    await expect(page.getByText(`Payout recorded: KES 1,000 to ${mentor.name}`)).toBeVisible();
    const left = balance - 1000;
    await expect(row).toContainText(`KES ${left.toLocaleString('en-US')}`);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^myprosper-payouts-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n');
    expect(lines[0]).toContain('Mentor ID,Name,Email,Phone,Status,Owed (KES),Payout method');
    const line = lines.find((l) => l.startsWith(`${mentor.id},`));
    expect(line).toContain(`,${left},`);
    expect(line).toContain(`,1000,${reference},`);

    await page.getByRole('tab', { name: 'Paid' }).click();
    await expect(page.getByRole('row').filter({ hasText: reference })).toContainText('KES 1,000');
  });
});
