import { advisorSettingsMessages } from '@myprosper/contract/advisor-settings';
import { formatDateChip } from '@myprosper/contract/dates';
import {
  bookFirstFree,
  demo,
  demoMentorId,
  freeSlots,
  lastMessageId,
  latestMessageTo,
  payByMpesa,
  registerAdvisee,
  signIn,
} from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

/** The slots of the first date whose free hours are as many as on any other date of the same weekday. */
function onAnUntouchedDate<T extends { date: string }>(slots: T[]): T[] {
  const byDate = new Map<string, T[]>();
  for (const slot of slots) byDate.set(slot.date, [...(byDate.get(slot.date) ?? []), slot]);
  const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
  const most = new Map<number, number>();
  for (const [date, ofDate] of byDate) {
    most.set(weekdayOf(date), Math.max(most.get(weekdayOf(date)) ?? 0, ofDate.length));
  }
  const untouched = [...byDate].find(([date, ofDate]) => ofDate.length === most.get(weekdayOf(date)));
  return untouched?.[1] ?? slots;
}

/**
 * Issue 20: a mentor blocking a date that holds a paid session is shown it and chooses; cancelling refunds
 * the mentee in full and tells them, and the session no longer waits to end as a mentor no-show.
 */
test('a mentor blocks a booked date and chooses to cancel its session', async ({ page, otherBrowser }) => {
  const mentorId = await demoMentorId(page.request);
  const advisee = await registerAdvisee(page.request, 'Blocked Mentee');
  const later = (await freeSlots(page.request, mentorId)).filter(
    (s) => Date.parse(s.startsAt) > Date.now() + 3 * 86_400_000,
  );
  // Other journeys on this worker's server book the demo mentor too: block a date none of them holds, one
  // with as many free hours as any other of its weekday.
  const sessionId = await bookFirstFree(page.request, advisee.auth, onAnUntouchedDate(later), {
    mentorId,
    topicId: 1,
  });
  await payByMpesa(page.request, advisee, sessionId);
  const session = (
    (await (
      await page.request.get(`/myprosper/api/getAdvisorSessionById/${sessionId}`, { headers: advisee.auth })
    ).json()) as { data: { startTime: string; reference: string } }
  ).data;
  const date = session.startTime.slice(0, 10);

  const mailsBefore = await lastMessageId(page.request, advisee.email);
  await signIn(page, demo.mentor);
  await page.goto('/profile/advisor/time');
  await page.locator('input[name="blockedDate"]').fill(date);
  await page.getByRole('button', { name: 'Block date' }).click();

  const dialog = page.getByRole('dialog', { name: 'Sessions are booked in these hours' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(session.reference, { exact: false })).toBeVisible();
  // Nothing changed yet: the date is not in the blocked list.
  await expect(page.getByRole('list', { name: 'Blocked dates' }).getByText(formatDateChip(date))).toHaveCount(
    0,
  );
  await dialog.getByRole('button', { name: 'Cancel these sessions' }).click();
  await expect(
    page.getByText(advisorSettingsMessages.sessionsCancelledToo(1), { exact: false }),
  ).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Blocked dates' }).getByText(formatDateChip(date)),
  ).toBeVisible();

  const told = await latestMessageTo(page.request, advisee.email, { after: mailsBefore });
  expect(told.body).toContain('The mentor is no longer available at this time');
  const mentee = await otherBrowser();
  await signIn(mentee.page, advisee.email);
  await mentee.page.goto(`/sessions/${sessionId}`);
  await expect(mentee.page.getByText('This session was cancelled')).toBeVisible();
});
