import type { APIRequestContext } from '@playwright/test';
import {
  acceptCookies,
  bookFirstFree,
  bookingMentor,
  demo,
  freshPhone,
  lastMessageId,
  latestMessageTo,
  logIn,
  payByMpesa,
  registerAdvisee,
  signIn,
} from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Invitations by consent (issue 19): an invitation exists for its number once the host has paid and its SMS
 * went out; whoever proves that number (a verified phone) finds it under Sessions and answers it there, even
 * without the link.
 */

/** The demo advisee books a group session inviting `phone` (07…), pays, and waits for the invitation SMS. */
async function paidGroupSession(request: APIRequestContext, phone: string): Promise<number> {
  const host = await logIn(request, demo.advisee);
  const mentor = await bookingMentor(request);
  const sessionId = await bookFirstFree(request, host.auth, mentor.slots.slice(-30).reverse(), {
    ...mentor,
    otherAttendees: [phone],
  });
  const number = `254${phone.slice(1)}`;
  const seen = await lastMessageId(request, number);
  await payByMpesa(request, host, sessionId);
  // The SMS goes out with the next run of the messages job (every minute).
  const sms = await latestMessageTo(request, number, { after: seen, timeoutMs: 20_000 });
  expect(sms.body).toContain('MyProsper invitation: a group session');
  return sessionId;
}

test('an invited person signs up without the link, verifies, finds and accepts the invitation', async ({
  page,
}) => {
  const phone = freshPhone();
  const sessionId = await paidGroupSession(page.request, phone.local);

  // They never open the link: they sign up with that number (and verify it) on their own.
  const person = await registerAdvisee(page.request, 'Njeri Found', { phone: phone.local });
  await acceptCookies(page);
  await signIn(page, person.email);

  // Sessions lists the invitation, marked as such.
  await page.goto('/sessions');
  await page.getByRole('tab', { name: 'Group' }).click();
  const row = page.locator(`a[href="/sessions/${sessionId}"]`).first();
  await expect(row).toBeVisible();
  await expect(row.getByText('Invited', { exact: true })).toBeVisible();
  await row.click();

  // The session page asks them; accepting makes the session theirs.
  await expect(page).toHaveURL(new RegExp(`/sessions/${sessionId}$`));
  const dialog = page.getByRole('dialog', { name: 'Session invitation' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByText('Session invitation accepted successfully').first()).toBeVisible();
  await page.reload();
  await expect(page.getByText('Njeri Found (you)')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Session invitation' })).toHaveCount(0);
});

test('an invitee declines, the host is told by e-mail, and the session shows it declined', async ({
  page,
}) => {
  const phone = freshPhone();
  const sessionId = await paidGroupSession(page.request, phone.local);
  const before = await lastMessageId(page.request, demo.advisee);

  const person = await registerAdvisee(page.request, 'Odhiambo Declines', { phone: phone.local });
  await acceptCookies(page);
  await signIn(page, person.email);
  await page.goto(`/sessions/${sessionId}`);
  const dialog = page.getByRole('dialog', { name: 'Session invitation' });
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Session invitation declined').first()).toBeVisible();
  await expect(page.getByText('You declined this invitation')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Session invitation' })).toHaveCount(0);

  // The host's e-mail names the number only.
  const mail = await latestMessageTo(page.request, demo.advisee, { after: before });
  expect(mail.subject).toMatch(/^Invitation declined: /);
  expect(mail.body).toContain(`+${phone.normalised}`);
  expect(mail.body).not.toContain(person.email);

  // It no longer shows among their sessions.
  await page.goto('/sessions');
  await page.getByRole('tab', { name: 'Group' }).click();
  await expect(page.locator(`a[href="/sessions/${sessionId}"]`)).toHaveCount(0);
});
