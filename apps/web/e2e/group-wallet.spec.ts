import { formatKes } from '@myprosper/contract/payments';
import {
  bookFirstFree,
  bookingMentor,
  freshPhone,
  lastMessageId,
  latestMessageTo,
  payByMpesa,
  registerAdvisee,
  signIn,
} from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

const api = '/myprosper/api';
test('an invited friend pays their group share from the wallet with Checkout Session and sees it paid', async ({
  page,
}) => {
  const { request } = page;
  const mentor = await bookingMentor(request);
  const friend = await registerAdvisee(request, 'Wairimu Wallet');
  const host = await registerAdvisee(request, 'Kamau Host');

  // The friend's wallet holds money: a session of their own, paid by M-PESA, cancelled a day ahead.
  const later = mentor.slots.filter((s) => new Date(s.startsAt).getTime() > Date.now() + 30 * 3_600_000);
  const own = await bookFirstFree(request, friend.auth, later.slice(8), mentor);
  await payByMpesa(request, friend, own);
  const cancelled = await request.post(`${api}/cancelSession`, {
    headers: friend.auth,
    data: { sessionId: own, reason: 'Joining a group session instead' },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  const balance = await request.get(`${api}/getAdviseeBalance/${friend.userId}`, { headers: friend.auth });
  const wallet = ((await balance.json()) as { data: { balance: number } }).data.balance;
  expect(wallet).toBeGreaterThan(0);

  // The host books a group session inviting the friend (and two more), and pays their own share.
  const sessionId = await bookFirstFree(request, host.auth, mentor.slots.slice(-40, -20).reverse(), {
    ...mentor,
    otherAttendees: [friend.phone, freshPhone().local, freshPhone().local],
  });
  const friendNumber = `254${friend.phone.slice(1)}`;
  const seen = await lastMessageId(request, friendNumber);
  await payByMpesa(request, host, sessionId);
  // Only now, paid, does the invitation go out (with the next run of the messages job, every minute).
  await latestMessageTo(request, friendNumber, { after: seen, timeoutMs: 20_000 });

  await signIn(page, friend.email);
  await page.goto(`/sessions/${sessionId}`);
  const invitation = page.getByRole('dialog', { name: 'Session invitation' });
  await invitation.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByText('Session invitation accepted successfully').first()).toBeVisible();

  // The wallet covers the share: Checkout Session is offered instead of M-PESA.
  const payment = page.getByRole('region', { name: 'Payment' });
  const shareText = (await payment.getByText(/^Your share:/).textContent()) ?? '';
  const share = Number(shareText.replace(/\D/g, ''));
  expect(share).toBeGreaterThan(0);
  expect(share).toBeLessThanOrEqual(wallet);
  await expect(
    payment.getByText(`Wallet balance: ${formatKes(wallet)} — enough to pay for this session.`),
  ).toBeVisible();
  await expect(payment.getByRole('button', { name: 'Pay with M-PESA' })).toHaveCount(0);
  await payment.getByRole('button', { name: 'Checkout Session' }).click();

  await expect(page.getByText('Session checkout successful')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment' })).toHaveCount(0);
  const booking = page.getByRole('region', { name: 'Booking' });
  await expect(booking.getByRole('row', { name: /Payment/ })).toContainText('Paid');
  await expect(booking.getByRole('row', { name: /Payment/ })).not.toContainText('Not paid');

  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText(formatKes(wallet - share));
  await page.getByRole('tab', { name: 'Deducted' }).click();
  await expect(page.getByText(/^Session MPS-\w+ with /).first()).toBeVisible();
});
