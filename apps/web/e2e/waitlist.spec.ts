import { formatDateChip } from '@myprosper/contract/dates';
import { waitlistWindowDays } from '@myprosper/contract/waitlists';
import type { APIRequestContext } from '@playwright/test';
import { bookFirstFree, demoPassword, freeSlots, logIn, registerAdvisee, signIn } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

/** A demo mentor no other journey books: their week is cut to one hour here. */
const mentorEmail = 'kevin.maina@myprosper.test';

/** Cuts the mentor's week to Wednesday 20:00 (keeping what is booked) and answers their id and free hours. */
async function mentorWithOneHour(request: APIRequestContext) {
  const mentor = await logIn(request, mentorEmail, demoPassword);
  const saved = await request.post('/myprosper/api/addAdvisorTimeSlot', {
    headers: mentor.auth,
    data: {
      advisorId: mentor.userId,
      sessionDaysDTOList: [
        { dayName: 'Wednesday', sessionTimeSlots: [{ startTime: '20:00:00', endTime: '21:00:00' }] },
      ],
      bookedSessions: 'KEEP',
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return mentor.userId;
}

test('a mentee waits for a full mentor, holds a cancelled hour and books it', async ({ page }, testInfo) => {
  const request = page.request;
  const mentorId = await mentorWithOneHour(request);
  const details = await request.get(`/myprosper/api/getAdvisorDetails/${mentorId}`);
  const topic = ((await details.json()) as { data: { topics: Array<{ id: number; name: string }> } }).data
    .topics[0]!;
  // Every hour of the next 14 days is booked, one booker each.
  const windowEnd = Date.now() + waitlistWindowDays * 86_400_000;
  const inWindow = (await freeSlots(request, mentorId)).filter((s) => Date.parse(s.startsAt) < windowEnd);
  expect(inWindow.length).toBeGreaterThan(0);
  const bookings: Array<{ sessionId: number; auth: { authorization: string }; date: string }> = [];
  for (const slot of inWindow) {
    const booker = await registerAdvisee(request, 'Early Booker');
    const sessionId = await bookFirstFree(request, booker.auth, [slot], { mentorId, topicId: topic.id });
    bookings.push({ sessionId, auth: booker.auth, date: slot.date });
  }

  const mentee = await registerAdvisee(request, 'Waiting Mentee');
  await signIn(page, mentee.email);
  await page.goto(`/advisors/${mentorId}`);
  const card = page.getByTestId('mentor-waitlist');
  await expect(card.getByText(`No free hour in the next ${waitlistWindowDays} days.`)).toBeVisible();
  await card.getByRole('button', { name: 'Notify me' }).click();
  await expect(card.getByText('You are on the waitlist')).toBeVisible();
  await expect(card.getByText(/You are next/)).toBeVisible();

  // The first booker cancels: their hour is held for the mentee, who is told on the page with until when.
  const freed = bookings[0]!;
  const cancelled = await request.post('/myprosper/api/cancelSession', {
    headers: freed.auth,
    data: { sessionId: freed.sessionId, reason: 'Plans changed' },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  await expect(async () => {
    await page.reload();
    await expect(card.getByText(/Held for you until \d\d:\d\d EAT/)).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expect(
    card.getByText(`An hour is free for you: ${formatDateChip(freed.date)} at 20:00`),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await page.screenshot({ path: testInfo.outputPath('waitlist-holding-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(card.getByText(/Held for you until/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('waitlist-holding-desktop.png') });
  await page.setViewportSize({ width: 360, height: 740 });

  // Nobody else may take it meanwhile.
  const other = await registerAdvisee(request, 'Other Mentee');
  const refused = await request.post('/myprosper/api/bookSession', {
    headers: other.auth,
    data: {
      topicId: topic.id,
      selectedDate: freed.date,
      selectedTime: '20:00',
      otherAttendees: [],
      sessionType: 'INDIVIDUAL',
      advisorId: mentorId,
      paymentMode: 'MPESA',
      phoneNumber: 'N/A',
      voucherCode: 'N/A',
    },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toMatch(
    /held for someone on the waitlist until \d\d:\d\d EAT/,
  );

  // The mentee books it as any hour is booked.
  await card.getByRole('link', { name: 'Book this hour' }).click();
  await expect(page).toHaveURL(`/advisors/book/${mentorId}`);
  const topicCard = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: topic.name, level: 3 }) });
  await topicCard.getByText(formatDateChip(freed.date), { exact: true }).click();
  await expect(topicCard.getByRole('radio', { name: formatDateChip(freed.date) })).toBeChecked();
  await topicCard.getByRole('button', { name: 'Book this session' }).click();
  const flow = page.getByRole('dialog', { name: 'Book this session' });
  await flow.getByRole('button', { name: /Individual session/ }).click();
  await flow.getByRole('button', { name: 'Confirm booking' }).click();
  await page
    .getByRole('dialog', { name: 'Initiate Payment' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(
    page.getByRole('dialog', { name: 'Session booked' }).getByText(/Your reference number is/),
  ).toBeVisible();

  // Booked, they are off the list (the mentor is full again, so they could join it anew).
  await page.goto(`/advisors/${mentorId}`);
  await expect(card.getByRole('button', { name: 'Notify me' })).toBeVisible();
  await expect(card.getByText('You are on the waitlist')).toHaveCount(0);
  await expect(card.getByText(/Held for you until/)).toHaveCount(0);
});
