import { formatDateChip } from '@myprosper/contract/dates';
import { sessionMessages } from '@myprosper/contract/sessions';
import type { Locator, Page } from '@playwright/test';
import {
  bookFirstFree,
  bookingMentor,
  demo,
  moveHoldEnd,
  moveSession,
  payByMpesa,
  registerAdvisee,
  signIn,
} from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

/** Issue 27: the booking statement's choices and note, the session lists, the call's opening, reschedules. */

const hourMs = 3_600_000;

function topicCard(page: Page, topic: string): Locator {
  return page.locator('section').filter({ has: page.getByRole('heading', { name: topic, level: 3 }) });
}

test('an advisee with an empty wallet is not offered it, and their note reaches the mentor', async ({
  page,
  otherBrowser,
}) => {
  const mentor = await bookingMentor(page.request);
  const advisee = await registerAdvisee(page.request, 'Noted Journey');
  await signIn(page, advisee.email);

  await page.goto(`/advisors/book/${mentor.mentorId}`);
  const card = topicCard(page, 'Career Growth');
  const dates = card.getByRole('radiogroup', { name: 'Date' }).getByRole('radio', { checked: false });
  const date = (await dates.last().getAttribute('value')) ?? '';
  await card.getByText(formatDateChip(date), { exact: true }).click();
  await card.getByRole('button', { name: 'Book this session' }).click();
  const flow = page.getByRole('dialog', { name: 'Book this session' });
  await flow.getByRole('button', { name: /Individual session/ }).click();

  // A balance of 0: no Wallet (nor Checkout Session) to choose; M-PESA is the way, chosen.
  await expect(flow.getByRole('radio', { name: 'M-PESA' })).toBeChecked();
  await expect(flow.getByRole('radio', { name: /Wallet|Checkout Session/ })).toHaveCount(0);
  await expect(flow.getByRole('radio')).toHaveCount(3);

  await flow
    .getByLabel('Add a note to the mentor (optional)')
    .fill('I would like to talk about changing careers.');
  await flow.getByRole('button', { name: 'Confirm booking' }).click();
  await page
    .getByRole('dialog', { name: 'Initiate Payment' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  const success = page.getByRole('dialog', { name: 'Session booked' });
  await success.getByRole('link', { name: 'View session' }).click();
  await expect(page).toHaveURL(/\/sessions\/\d+$/);
  const sessionPath = new URL(page.url()).pathname;
  const ownNote = page.getByRole('region', { name: 'Your note to the mentor' });
  await expect(ownNote).toContainText('I would like to talk about changing careers.');

  // The mentor reads it on the session's page.
  const mentorSide = await otherBrowser();
  await signIn(mentorSide.page, demo.mentor);
  await mentorSide.page.goto(sessionPath);
  const note = mentorSide.page.getByRole('region', { name: /^Note from / });
  await expect(note).toContainText('I would like to talk about changing careers.');
});

test('Upcoming is soonest first, a cancelled session is under Cancelled, and the call opens on time', async ({
  page,
}) => {
  const mentor = await bookingMentor(page.request);
  const advisee = await registerAdvisee(page.request, 'Lister Journey');
  const later = mentor.slots.filter((s) => Date.parse(s.startsAt) > Date.now() + 30 * hourMs);
  // Booked later-first through the API; the list must still show the sooner one first.
  const second = await bookFirstFree(page.request, advisee.auth, later.slice(-30).reverse(), mentor);
  const first = await bookFirstFree(page.request, advisee.auth, later.slice(12), mentor);
  await payByMpesa(page.request, advisee, first);
  await payByMpesa(page.request, advisee, second);
  const third = await bookFirstFree(page.request, advisee.auth, later.slice(24), mentor);
  const cancelled = await page.request.post('/myprosper/api/cancelSession', {
    headers: advisee.auth,
    data: { sessionId: third, reason: 'Booked by mistake' },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  // A hold never paid: its time lapsed a minute ago, so it is expired, not upcoming.
  const lapsed = await bookFirstFree(page.request, advisee.auth, later.slice(36), mentor);
  await moveHoldEnd(page.request, lapsed, -1);

  await signIn(page, advisee.email);
  await page.goto('/sessions?type=individual&status=upcoming');
  const rows = page.getByRole('link', { name: /Career Growth/ });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toHaveAttribute('href', `/sessions/${first}`);
  await expect(rows.nth(1)).toHaveAttribute('href', `/sessions/${second}`);

  await page.getByText('Cancelled', { exact: true }).click();
  await expect(page).toHaveURL(/status=cancelled/);
  await expect(rows).toHaveCount(2);
  await expect(page.locator(`a[href="/sessions/${lapsed}"]`)).toHaveCount(1);
  await page.locator(`a[href="/sessions/${third}"]`).click();
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Upcoming', { exact: true })).toHaveCount(0);
  // The lapsed hold's page says Expired, never Upcoming beside it.
  await page.goto(`/sessions/${lapsed}`);
  await expect(page.getByText('Expired', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Upcoming', { exact: true })).toHaveCount(0);

  // Start/Join shows only while the call is open, by the server's rules (journeys open calls 30 days ahead):
  // before that, the page says when it opens.
  const rules = (await (await page.request.get('/myprosper/api/sessionRules')).json()) as {
    data: { rules: { callEarlyJoinMinutes: number } };
  };
  const details = await page.request.get(`/myprosper/api/getAdvisorSessionById/${first}`, {
    headers: advisee.auth,
  });
  const startsAt = Date.parse(
    ((await details.json()) as { data: { startTimeUtc: string } }).data.startTimeUtc,
  );
  const opensAt = startsAt - rules.data.rules.callEarlyJoinMinutes * 60_000;
  await page.clock.setFixedTime(new Date(opensAt - 2 * hourMs));
  await page.goto(`/sessions/${first}`);
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(
    page.getByText(/You can join the session from .+ at \d\d:\d\d \(East Africa Time\)/),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join session' })).toHaveCount(0);
  await page.clock.setFixedTime(new Date(opensAt + 60_000));
  await page.reload();
  await expect(page.getByRole('link', { name: 'Join session' })).toBeVisible();
  await expect(page.getByText(/You can join the session from/)).toHaveCount(0);
});

test('the reschedule page says at once that a session within 24 hours cannot move, and knows its mentor', async ({
  page,
}) => {
  const mentor = await bookingMentor(page.request);
  const advisee = await registerAdvisee(page.request, 'Mover Journey');
  // Booked on any free hour, then moved to start in three hours: within 24 hours whatever the time of day.
  const sessionId = await bookFirstFree(page.request, advisee.auth, mentor.slots, mentor);
  await moveSession(page.request, sessionId, 180);
  await signIn(page, advisee.email);

  await page.goto(`/sessions/reschedule/${sessionId}/${mentor.mentorId}`);
  await expect(
    page.getByRole('alert').filter({ hasText: sessionMessages.rescheduleTooLate(24) }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reschedule session' })).toHaveCount(0);

  // Another mentor's id in the address: not this session's page, and none of that mentor's hours.
  const top = await page.request.get(`/myprosper/api/getTopAdvisors/${advisee.userId}/ALL`);
  const listed = ((await top.json()) as { data: Array<{ id?: number; userId?: number }> }).data;
  const wrongId = listed
    .map((m) => m.id ?? m.userId)
    .find((id) => id !== undefined && id !== mentor.mentorId);
  expect(wrongId).toBeDefined();
  await page.goto(`/sessions/reschedule/${sessionId}/${wrongId}`);
  await expect(page.getByText('An Error Occurred')).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Date' })).toHaveCount(0);
});
