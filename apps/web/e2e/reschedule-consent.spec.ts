import { formatDateChip } from '@myprosper/contract/dates';
import { sessionMessages } from '@myprosper/contract/sessions';
import type { Page } from '@playwright/test';
import {
  bookFirstFree,
  demo,
  demoMentorId,
  freeSlots,
  logIn,
  payByMpesa,
  registerAdvisee,
  signIn,
} from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Issue 20: a mentor's move of a paid session weeks away to a time within the full-refund window is only a
 * proposal; the mentee sees it on the session page and accepts (the session moves) or declines (refunded in
 * full, the session cancelled).
 */
async function paidSessionWeeksAway(page: Page) {
  const mentorId = await demoMentorId(page.request);
  const advisee = await registerAdvisee(page.request, 'Moved Mentee');
  const far = (await freeSlots(page.request, mentorId)).filter(
    (s) => Date.parse(s.startsAt) > Date.now() + 10 * 86_400_000,
  );
  const sessionId = await bookFirstFree(page.request, advisee.auth, far, { mentorId, topicId: 1 });
  await payByMpesa(page.request, advisee, sessionId);
  return { advisee, sessionId, mentorId };
}

const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * The demo mentor works weekdays: so that a free hour within a day exists whatever day the journey runs,
 * they add 09:00-17:00 on every day to their week (keeping the hours they had).
 */
async function openEveryDay(page: Page, mentorId: number): Promise<void> {
  const { auth } = await logIn(page.request, demo.mentor);
  const current = (
    (await (
      await page.request.get(`/myprosper/api/getAdvisorTimeSlots/${mentorId}`, { headers: auth })
    ).json()) as {
      data: Array<{ dayName: string; sessionTimeSlots: Array<{ startTime: string; endTime: string }> }>;
    }
  ).data;
  const hours = (day: string) =>
    new Set([
      ...(current.find((d) => d.dayName === day)?.sessionTimeSlots ?? []).map((t) =>
        Number(t.startTime.slice(0, 2)),
      ),
      9,
      10,
      11,
      13,
      14,
      15,
      16,
    ]);
  const week = everyDay.map((dayName) => ({
    dayName,
    sessionTimeSlots: [...hours(dayName)].map((h) => ({
      startTime: `${String(h).padStart(2, '0')}:00`,
      endTime: `${String(h + 1).padStart(2, '0')}:00`,
    })),
  }));
  const saved = await page.request.post('/myprosper/api/addAdvisorTimeSlot', {
    headers: auth,
    data: { advisorId: mentorId, sessionDaysDTOList: week, bookedSessions: 'KEEP' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/** The mentor moves the session to the soonest free hour (within a day) in the reschedule page, and sees it wait. */
async function mentorProposesSoonestHour(page: Page, sessionId: number, mentorId: number): Promise<string> {
  const soonest = (await freeSlots(page.request, mentorId))[0]!;
  expect(Date.parse(soonest.startsAt)).toBeLessThan(Date.now() + 24 * 3_600_000);
  const weekday = new Date(`${soonest.date}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    timeZone: 'UTC',
  });
  await signIn(page, demo.mentor);
  await page.goto(`/sessions/${sessionId}`);
  await page.getByRole('link', { name: 'Reschedule' }).click();
  await expect(page).toHaveURL(`/sessions/reschedule/${sessionId}/${mentorId}`);
  const form = page.locator('form');
  await form.getByRole('textbox', { name: 'Day' }).click();
  await page.getByRole('option', { name: weekday, exact: true }).click();
  await form.getByRole('textbox', { name: 'Time' }).click();
  const hour = Number(soonest.time.slice(0, 2));
  const label = `${String(hour).padStart(2, '0')}:00 - ${String(hour + 1).padStart(2, '0')}:00`;
  await page.getByRole('option', { name: label, exact: true }).click();
  await form.getByText(formatDateChip(soonest.date), { exact: true }).click();
  await expect(form.getByRole('radio', { name: formatDateChip(soonest.date) })).toBeChecked();
  await page.getByRole('button', { name: 'Reschedule session' }).click();
  await expect(page.getByText(sessionMessages.rescheduleProposed)).toBeVisible();
  await expect(page).toHaveURL(`/sessions/${sessionId}`);
  await expect(page.getByText('A new time is proposed')).toBeVisible();
  await expect(page.getByText('Waiting for the mentees who paid to accept it.')).toBeVisible();
  // A second move waits for this one.
  await expect(page.getByRole('link', { name: 'Reschedule' })).toHaveCount(0);
  return soonest.date;
}

test("a mentor's short-notice move waits for the mentee, who accepts it", async ({ page, otherBrowser }) => {
  const { advisee, sessionId, mentorId } = await paidSessionWeeksAway(page);
  await openEveryDay(page, mentorId);
  const newDate = await mentorProposesSoonestHour(page, sessionId, mentorId);

  const mentee = await otherBrowser();
  await signIn(mentee.page, advisee.email);
  await mentee.page.goto(`/sessions/${sessionId}`);
  await expect(mentee.page.getByText('A new time is proposed')).toBeVisible();
  await expect(mentee.page.getByTestId('proposed-time')).toContainText(formatDateChip(newDate));
  await expect(mentee.page.getByText(/The session moves only if you accept/)).toBeVisible();
  await mentee.page.getByRole('button', { name: 'Accept new time' }).click();
  await expect(mentee.page.getByText(sessionMessages.sessionMoved)).toBeVisible();
  await expect(mentee.page.getByText('A new time is proposed')).toHaveCount(0);
  await expect(mentee.page.getByText(formatDateChip(newDate)).first()).toBeVisible();
});

test("a mentee declines a mentor's short-notice move and is refunded in full", async ({
  page,
  otherBrowser,
}) => {
  const { advisee, sessionId, mentorId } = await paidSessionWeeksAway(page);
  await openEveryDay(page, mentorId);
  await mentorProposesSoonestHour(page, sessionId, mentorId);

  const mentee = await otherBrowser();
  await signIn(mentee.page, advisee.email);
  await mentee.page.goto(`/sessions/${sessionId}`);
  await mentee.page.getByRole('button', { name: 'Decline', exact: true }).click();
  await mentee.page.getByRole('button', { name: 'Decline and get a refund' }).click();
  await expect(mentee.page.getByText(sessionMessages.proposalDeclined)).toBeVisible();
  await expect(mentee.page.getByText('This session was cancelled')).toBeVisible();
  const balance = await page.request.get(`/myprosper/api/getAdviseeBalance/${advisee.userId}`, {
    headers: advisee.auth,
  });
  expect(((await balance.json()) as { data: { balance: number } }).data.balance).toBeGreaterThan(0);
});
