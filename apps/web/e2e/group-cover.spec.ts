import { groupCoverMessages } from '@myprosper/contract/group-cover';
import { formatKes } from '@myprosper/contract/payments';
import type { APIRequestContext } from '@playwright/test';
import {
  bookFirstFree,
  demoMentorId,
  freshPhone,
  payByMpesa,
  registerAdvisee,
  type Slot,
  signIn,
  storedPhone,
} from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

const api = '/myprosper/api';
const hour = 3_600_000;

/**
 * A mentor with free hours starting inside the group cut-off (24 h) but more than the host's time to pay (2 h)
 * away: the demo mentor on a weekday, else another demo mentor (some work weekends).
 */
async function mentorWithSlotSoon(request: APIRequestContext) {
  const first = await demoMentorId(request);
  const candidates = [first, ...Array.from({ length: 80 }, (_, n) => n + 1).filter((id) => id !== first)];
  for (const mentorId of candidates) {
    const availability = await request.get(`${api}/getAdvisorAvailability/${mentorId}`);
    if (!availability.ok()) continue;
    const slots = ((await availability.json()) as { data: { bookableSlots: Slot[] } }).data.bookableSlots;
    const soon = slots.filter((slot) => {
      const startsIn = new Date(slot.startsAt).getTime() - Date.now();
      return startsIn > 3 * hour && startsIn < 23 * hour;
    });
    if (soon.length === 0) continue;
    const details = await request.get(`${api}/getAdvisorDetails/${mentorId}`);
    const topics = ((await details.json()) as { data: { topics: Array<{ id: number }> } }).data.topics;
    if (!topics[0]) continue;
    return { mentorId, topicId: topics[0].id, slots: soon.reverse() };
  }
  throw new Error('no demo mentor has a free hour between 3 and 23 hours from now');
}

test('a group whose invitees never pay asks its host for the difference, and the host pays it from the wallet', async ({
  page,
}) => {
  const { request } = page;
  const mentor = await mentorWithSlotSoon(request);
  const host = await registerAdvisee(request, 'Achieng Host');

  // Three made-up numbers, an hour inside the cut-off: the host pays their share (by M-PESA through the
  // sandbox) and nobody else ever pays.
  const sessionId = await bookFirstFree(request, host.auth, mentor.slots, {
    ...mentor,
    otherAttendees: [freshPhone().local, freshPhone().local, freshPhone().local],
  });
  await payByMpesa(request, host, sessionId);

  // The wallet holds enough for the difference: a session of the host's own, paid and cancelled a day ahead.
  const later = (await request.get(`${api}/getAdvisorAvailability/${mentor.mentorId}`).then((r) => r.json()))
    .data.bookableSlots as Slot[];
  const own = await bookFirstFree(
    request,
    host.auth,
    later.filter((slot) => new Date(slot.startsAt).getTime() > Date.now() + 30 * hour).slice(-10),
    mentor,
  );
  await payByMpesa(request, host, own);
  const cancelled = await request.post(`${api}/cancelSession`, {
    headers: host.auth,
    data: { sessionId: own, reason: 'Paying for the group instead' },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);

  await signIn(page, host.email);
  await page.goto(`/sessions/${sessionId}`);
  const notice = page.getByRole('status').filter({ hasText: 'Not enough paid attendees' });
  await expect(notice).toBeVisible();
  const text = (await notice.getByText(/^Your group has 1 paid attendee: pay KES/).textContent()) ?? '';
  const owed = Number(/pay KES ([\d,]+) more/.exec(text)?.[1]?.replace(/,/g, ''));
  expect(owed).toBeGreaterThan(0);
  expect(text).toBe(groupCoverMessages.hostDue(1, owed));
  // The host is told by SMS as well.
  await expect
    .poll(async () => {
      const outbox = await request.get(`/dev/outbox.json?to=${storedPhone(host.phone)}`);
      const { data } = (await outbox.json()) as { data: Array<{ channel: string; body: string }> };
      return data.some((m) => m.channel === 'SMS' && m.body.includes(`Pay ${formatKes(owed)} more`));
    })
    .toBe(true);

  await notice.getByRole('button', { name: `Pay ${formatKes(owed)} from wallet` }).click();
  await expect(page.getByText(groupCoverMessages.paid).first()).toBeVisible();
  await expect(page.getByText(groupCoverMessages.covered)).toBeVisible();
  await expect(page.getByText('Not enough paid attendees')).toHaveCount(0);

  await page.goto('/wallet');
  await page.getByRole('tab', { name: 'Deducted' }).click();
  await expect(page.getByText(/group price covered$/).first()).toBeVisible();
});
