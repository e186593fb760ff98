import AxeBuilder from '@axe-core/playwright';
import { addDaysToDate, formatDateChip, todayIn } from '@myprosper/contract/dates';
import type { Page } from '@playwright/test';
import {
  bookFirstFree,
  bookingMentor,
  moveSession,
  payByMpesa,
  registerAdvisee,
  signIn,
} from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * A mentor of its own: a journey that moves a session to now would meet another journey's session of the same
 * mentor there (a mentor's sessions never overlap), such as the no-show journey's.
 */
const mentorEmail = 'omondi.okoth@myprosper.test';

/** axe's violations on the page as it is now, by rule and first element (none expected). */
async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}

/**
 * Issue 24, between sessions: after a session its mentor writes notes and dated action items; the mentee reads
 * them, adds notes of their own, ticks an item done and finds it all in My journey; before their next session
 * the mentor reads the mentee's journey with them.
 */
test('a mentor’s notes and action items reach the mentee, who ticks one and follows them in My journey', async ({
  page,
  otherBrowser,
}) => {
  test.setTimeout(180_000);
  const mentor = await bookingMentor(page.request, mentorEmail);
  const mentee = await registerAdvisee(page.request, 'Journal Journey');
  const sessionId = await bookFirstFree(page.request, mentee.auth, mentor.slots, mentor);
  await payByMpesa(page.request, mentee, sessionId);
  // The session began five minutes ago: its mentor may write, well inside the call's presence window.
  await moveSession(page.request, sessionId, -5);
  const due = addDaysToDate(todayIn('Africa/Nairobi'), 7);

  // The mentor writes the notes and two action items, one with a due date.
  await signIn(page, mentorEmail);
  await page.goto(`/sessions/${sessionId}`);
  const mentorPanel = page.getByRole('region', { name: 'Notes and action items' });
  await mentorPanel
    .getByLabel('Your notes for the mentee')
    .fill('You explained your goals clearly. Next: a sharper CV.');
  await mentorPanel.getByRole('button', { name: 'Save notes' }).click();
  await expect(page.getByText('Notes saved')).toBeVisible();
  const form = mentorPanel.getByRole('form', { name: 'Add an action item' });
  await form.getByLabel('New action item').fill('Rewrite the CV summary');
  await form.getByLabel('Due date (optional)').fill(due);
  await form.getByRole('button', { name: 'Add action item' }).click();
  await expect(mentorPanel.getByText('Rewrite the CV summary')).toBeVisible();
  await expect(mentorPanel.getByText(`Due ${formatDateChip(due)}`)).toBeVisible();
  await form.getByLabel('New action item').fill('Call two recruiters');
  await form.getByRole('button', { name: 'Add action item' }).click();
  await expect(mentorPanel.getByText('Call two recruiters')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The mentee reads them, keeps a note of their own and ticks the dated item done.
  const { page: menteePage } = await otherBrowser();
  await signIn(menteePage, mentee.email);
  await menteePage.goto(`/sessions/${sessionId}`);
  const panel = menteePage.getByRole('region', { name: 'Notes and action items' });
  await expect(panel.getByText('You explained your goals clearly. Next: a sharper CV.')).toBeVisible();
  const cv = panel.getByRole('checkbox', { name: 'Rewrite the CV summary' });
  await expect(cv).not.toBeChecked();
  await expect(panel.getByText(`Due ${formatDateChip(due)}`)).toBeVisible();
  await panel.getByLabel('Your own notes').fill('Ask about the salary bands next time.');
  await panel.getByRole('button', { name: 'Save notes' }).click();
  await expect(menteePage.getByText('Notes saved')).toBeVisible();
  await cv.check();
  await expect(menteePage.getByText('Action item done')).toBeVisible();
  await expect(cv).toBeChecked();
  await panel.screenshot({ path: 'test-results/journal-session-panel-360.png' });
  expect(await axeViolations(menteePage)).toEqual([]);

  // My journey, from the profile's menu: the session with its notes, the open item, the one done.
  await menteePage.goto('/profile');
  await menteePage.getByRole('link', { name: 'My Journey' }).click();
  await expect(menteePage).toHaveURL(/\/journey$/);
  await expect(menteePage.getByRole('heading', { name: 'My journey', level: 1 })).toBeVisible();
  await expect(menteePage.getByRole('status')).toHaveText('1 open action item');
  const entry = menteePage.getByRole('article');
  await expect(entry).toHaveCount(1);
  await expect(entry.getByText(`with ${mentor.name}`, { exact: false })).toBeVisible();
  await expect(entry.getByText('You explained your goals clearly. Next: a sharper CV.')).toBeVisible();
  await expect(entry.getByText('Ask about the salary bands next time.')).toBeVisible();
  await expect(entry.getByRole('checkbox', { name: 'Call two recruiters' })).not.toBeChecked();
  await expect(entry.getByRole('checkbox', { name: 'Rewrite the CV summary' })).toHaveCount(0);
  await expect(entry.getByText('1 action item done')).toBeVisible();
  await menteePage.screenshot({ path: 'test-results/journal-my-journey-360.png', fullPage: true });
  expect(await axeViolations(menteePage)).toEqual([]);
  await menteePage.setViewportSize({ width: 1366, height: 768 });
  await menteePage.screenshot({ path: 'test-results/journal-my-journey-1366.png' });

  // Their next session: on its page the mentor reads the mentee's journey with them, not the mentee's own notes.
  const next = await bookFirstFree(page.request, mentee.auth, mentor.slots.slice(1), mentor);
  await payByMpesa(page.request, mentee, next);
  await page.goto(`/sessions/${next}`);
  const journey = page.getByRole('region', { name: `Journey with ${mentee.name}` });
  await expect(journey.getByText('1 earlier session · 1 open action item')).toBeVisible();
  await expect(journey.getByText('You explained your goals clearly. Next: a sharper CV.')).toBeVisible();
  await expect(journey.getByText('Call two recruiters')).toBeVisible();
  await expect(journey.getByText('Ask about the salary bands next time.')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/journal-mentor-view-360.png', fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
});
