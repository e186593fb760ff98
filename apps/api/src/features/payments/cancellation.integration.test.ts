import { callMessages } from '@myprosper/contract/calls';
import { messages } from '@myprosper/contract/messages';
import { paymentMessages } from '@myprosper/contract/payments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { outboxMessages } from '../../db/schema/messaging.ts';
import { createAdvisee, type UserRow } from '../../db/seed/factories.ts';
import { availabilityOf, book, bookingPayload } from '../booking/booking.test-helpers.ts';
import { baseWsUrl, sessionAt, TestPeer, ticketFor } from '../calls/calls.test-helpers.ts';
import {
  api,
  balanceOf,
  bearer,
  bookSession,
  cancel,
  checkout,
  createPaymentsTestApp,
  eventually,
  expectLedgerConsistent,
  fundWallet,
  getSession,
  payByMpesa,
  phones,
  transactionsOf,
} from './payments.test-helpers.ts';
import { voucherPaidSession } from './voucher-share.test-helpers.ts';

describe('cancelling a session, by the refund policy', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function policyFor(user: UserRow, sessionId: number) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${api}/cancellationPolicy/${sessionId}`,
      headers: await bearer(ctx.app, user),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      canCancel: boolean;
      fullRefund: boolean;
      paid: number;
      refund: number;
      text: string;
    };
  }

  // The cancellation's messages only: a booking's confirmation goes out as soon as its payment commits (the
  // messages job), before or after the cancellation's, so it is left out rather than raced.
  async function mailsTo(address: string) {
    const mails = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, address), eq(outboxMessages.channel, 'EMAIL')));
    return mails.filter((mail) => mail.subject?.startsWith('Session cancelled'));
  }

  async function smsTo(phone: string) {
    const texts = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, phone), eq(outboxMessages.channel, 'SMS')));
    return texts.filter((sms) => sms.body.includes(' was cancelled by '));
  }

  /** Pays every listed person's share from a wallet funded for it, host first. */
  async function payShares(sessionId: number, people: UserRow[], share: number) {
    for (const person of people) {
      await fundWallet(ctx, person, share);
      const res = await checkout(ctx, person, sessionId);
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  it('refunds a mentee who cancels a day or more ahead, frees the slot and tells everyone', async () => {
    const booked = await bookSession(ctx, { hoursAhead: 48 });
    expect((await payByMpesa(ctx, booked.host, booked.id, phones.pays)).statusCode).toBe(200);
    await eventually(async () =>
      expect((await getSession(ctx, booked.host, booked.id)).status).toBe('CONFIRMED'),
    );

    const policy = await policyFor(booked.host, booked.id);
    expect(policy).toMatchObject({ canCancel: true, fullRefund: true, paid: 2900, refund: 2900 });
    expect(policy.text).toContain('You will get KES 2,900 back to your wallet.');

    const res = await cancel(ctx, booked.host, booked.id, 'I have an exam that day');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Session cancelled',
      data: { refundedToYou: 2900, refundedTotal: 2900, forfeited: 0 },
    });
    expect((await getSession(ctx, booked.host, booked.id)).status).toBe('CANCELLED');
    expect(await balanceOf(ctx, booked.host)).toBe(2900);
    expect((await transactionsOf(ctx, booked.host, 'CREDIT'))[0]).toMatchObject({
      amount: 2900,
      description: `Refund: session ${booked.reference}`,
    });

    const [mail] = await mailsTo(booked.host.email);
    expect(mail?.subject).toMatch(/^Session cancelled: /);
    expect(mail?.body).toContain('Reason: I have an exam that day');
    expect(mail?.body).toContain('KES 2,900 was refunded to your MyProsper wallet');
    const [mentorMail] = await mailsTo(booked.advisor.email);
    expect(mentorMail?.body).toContain(booked.reference);
    expect(await smsTo(booked.host.phoneNumber!)).toHaveLength(1);

    const { bookableSlots } = await availabilityOf(ctx.app, booked.advisor.id);
    expect(bookableSlots.map((s) => s.startsAt)).toContain(booked.slot.startsAt);
    const next = await createAdvisee(ctx.database.db);
    const rebook = await book(ctx, next, bookingPayload(booked.advisor.id, booked.topicId, booked.slot));
    expect(rebook.statusCode, rebook.body).toBe(200);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('keeps the share of a mentee who cancels late and pays the mentor for the hour, once', async () => {
    const booked = await bookSession(ctx, { hoursAhead: 2 });
    await payShares(booked.id, [booked.host], 2900);
    const policy = await policyFor(booked.host, booked.id);
    expect(policy).toMatchObject({ canCancel: true, fullRefund: false, paid: 2900, refund: 0 });
    expect(policy.text).toContain('your payment of KES 2,900 will not be refunded');

    const res = await cancel(ctx, booked.host, booked.id);
    expect(res.json().data).toEqual({ refundedToYou: 0, refundedTotal: 0, forfeited: 2900 });
    const [mail] = await mailsTo(booked.host.email);
    expect(mail?.body).toContain('under the cancellation policy your payment of KES 2,900 is not refunded');
    expect(mail?.body).not.toContain('refunded to your');
    expect(await balanceOf(ctx, booked.host)).toBe(0);
    const mentorWallet = await ctx.app.inject({
      method: 'GET',
      url: `${api}/getAdvisorBalance/${booked.advisor.id}`,
      headers: await bearer(ctx.app, booked.advisor),
    });
    expect(mentorWallet.json().data).toEqual({ walletBalance: 2320 });
    expect(await transactionsOf(ctx, booked.advisor, 'CREDIT')).toEqual([
      expect.objectContaining({
        amount: 2320,
        description: `Earnings: late cancellation of session ${booked.reference}`,
      }),
    ]);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('refunds everyone in full when the mentor cancels, however late', async () => {
    const booked = await bookSession(ctx, { hoursAhead: 2, attendees: 1 });
    const share = Math.ceil(5800 / 2);
    await payShares(booked.id, [booked.host, booked.others[0]!], share);
    expect((await policyFor(booked.advisor, booked.id)).text).toContain('in full');
    const res = await cancel(ctx, booked.advisor, booked.id, 'I am unwell');
    expect(res.json().data).toEqual({ refundedToYou: 0, refundedTotal: share * 2, forfeited: 0 });
    expect(await balanceOf(ctx, booked.host)).toBe(share);
    expect(await balanceOf(ctx, booked.others[0]!)).toBe(share);
    const [mail] = await mailsTo(booked.others[0]!.email);
    expect(mail?.body).toContain('Reason: I am unwell');
    await expectLedgerConsistent(ctx.database.db);
  });

  it('refunds the other attendees when the host of a group cancels late, and keeps only the host share', async () => {
    const booked = await bookSession(ctx, { hoursAhead: 2, attendees: 1 });
    const share = Math.ceil(5800 / 2);
    await payShares(booked.id, [booked.host, booked.others[0]!], share);
    const res = await cancel(ctx, booked.host, booked.id);
    expect(res.json().data).toEqual({ refundedToYou: 0, refundedTotal: share, forfeited: share });
    expect(await balanceOf(ctx, booked.others[0]!)).toBe(share);
    // Each is told what became of their own share.
    const [attendeeMail] = await mailsTo(booked.others[0]!.email);
    expect(attendeeMail?.body).toContain('KES 2,900 was refunded to your MyProsper wallet');
    const [hostSms] = await smsTo(booked.host.phoneNumber!);
    expect(hostSms?.body).toContain('your payment of KES 2,900 is not refunded');
    await expectLedgerConsistent(ctx.database.db);
  });

  it('restores the voucher that paid a share, and tells its payer so, not of a wallet refund', async () => {
    const paid = await voucherPaidSession(ctx);
    const res = await cancel(ctx, paid.recipient, paid.session.id, 'Travelling');
    expect(res.statusCode, res.body).toBe(200);
    expect(await paid.voucherStatus()).toBe('ACTIVE');
    expect(await balanceOf(ctx, paid.recipient)).toBe(0);
    const [mail] = await mailsTo(paid.recipient.email);
    expect(mail?.body).toContain('Your voucher was restored: its code pays for another');
    expect(mail?.body).toContain(`session with ${paid.mentor.name}.`);
    expect(mail?.body).not.toContain('wallet');
    const [sms] = await smsTo(paid.recipient.phoneNumber!);
    expect(sms?.body).toContain('Your voucher was restored');
  });

  it('ends an open call room at once: the people in it are told the session was cancelled', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { mentor, host, session } = await sessionAt(ctx.database.db, new Date(Date.now() + 5 * 60_000));
    const hostPage = await TestPeer.join(baseWsUrl(ctx.app), await ticketFor(ctx.app, host, session.id));

    const res = await cancel(ctx, mentor, session.id, 'I am unwell');
    expect(res.statusCode, res.body).toBe(200);
    expect(await hostPage.peer.next('session-ended')).toEqual({
      type: 'session-ended',
      reason: 'CANCELLED',
      message: callMessages.cancelled,
    });
    await hostPage.peer.closed;
  });

  it('lets only the host and the mentor cancel, with a reason, once', async () => {
    const booked = await bookSession(ctx, { attendees: 1 });
    const stranger = await createAdvisee(ctx.database.db);
    expect((await cancel(ctx, stranger, booked.id)).statusCode).toBe(404);
    const attendee = await cancel(ctx, booked.others[0]!, booked.id);
    expect(attendee.statusCode).toBe(403);
    expect(attendee.json().message).toBe(paymentMessages.cancelNotAllowed);
    expect((await policyFor(booked.others[0]!, booked.id)).canCancel).toBe(false);
    const noReason = await cancel(ctx, booked.host, booked.id, '   ');
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().message).toBe(messages.reasonRequired);

    expect((await policyFor(booked.host, booked.id)).text).toContain('nothing is charged');
    expect((await cancel(ctx, booked.host, booked.id)).statusCode).toBe(200);
    const twice = await cancel(ctx, booked.host, booked.id);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe(paymentMessages.cancelInactive);
    expect(await transactionsOf(ctx, booked.host)).toEqual([]);
  });
});
