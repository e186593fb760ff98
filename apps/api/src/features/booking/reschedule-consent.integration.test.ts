import { bookingMessages } from '@myprosper/contract/booking';
import { defaultSessionRules } from '@myprosper/contract/rules';
import { type Session, sessionMessages } from '@myprosper/contract/sessions';
import type { BookableSlot } from '@myprosper/contract/slots';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { outboxMessages } from '../../db/schema/messaging.ts';
import { rescheduleProposals } from '../../db/schema/sessions.ts';
import { createAdvisee, type UserRow } from '../../db/seed/factories.ts';
import { sendDueSessionMessages } from '../notifications/notifications.test-helpers.ts';
import {
  type Booked,
  balanceOf,
  bookSession,
  cancel,
  checkout,
  createPaymentsTestApp,
  expectLedgerConsistent,
  fundWallet,
  slotAhead,
} from '../payments/payments.test-helpers.ts';
import { api, availabilityOf, bearer, book, bookingPayload } from './booking.test-helpers.ts';

const weeksAhead = 24 * 14;

/**
 * Issue 20, the Reschedule rule played as a determined mentor or group host would: a paid session weeks away
 * moved to two hours ahead must not make the mentees' cancellation late, nor land without their consent.
 */
describe('moving a paid session: consent, counts and notices', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp({ JOBS_ENABLED: 'false' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = async (user: UserRow, url: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: `${api}${url}`, headers: await bearer(ctx.app, user), payload });
  const move = (user: UserRow, sessionId: number, slot: Pick<BookableSlot, 'date' | 'time'>) =>
    post(user, '/rescheduleSession', { sessionId, selectedDate: slot.date, selectedTime: slot.time });
  const answer = (user: UserRow, sessionId: number, proposalId: number, accept: boolean) =>
    post(user, '/answerReschedule', { sessionId, proposalId, accept });
  const view = async (user: UserRow, sessionId: number): Promise<Session> => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${api}/getAdvisorSessionById/${sessionId}`,
      headers: await bearer(ctx.app, user),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Session;
  };

  /** A session weeks away, every share paid from the payer's wallet. */
  async function paidFarSession(attendees = 0): Promise<Booked & { share: number }> {
    const booked = await bookSession(ctx, { hoursAhead: weeksAhead, attendees, paymentMode: 'WALLET' });
    const share = attendees === 0 ? booked.amount : Math.ceil(booked.amount / (attendees + 1));
    for (const person of [booked.host, ...booked.others]) {
      await fundWallet(ctx, person, share);
      const res = await checkout(ctx, person, booked.id);
      expect(res.statusCode, res.body).toBe(200);
    }
    return { ...booked, share };
  }

  it("holds a mentor's far-to-two-hours move as a proposal: the hour is held and the mentee keeps a full refund", async () => {
    const booked = await paidFarSession();
    const soon = await slotAhead(ctx, booked.advisor.id, 2);

    const res = await move(booked.advisor, booked.id, soon);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(sessionMessages.rescheduleProposed);
    const proposed = res.json().data as Session;
    expect(proposed.startTimeUtc).toBe(booked.slot.startsAt);
    expect(proposed.rescheduleProposal).toMatchObject({
      startTimeUtc: soon.startsAt,
      byMentor: true,
      answers: [{ adviseeId: booked.host.id, answer: 'AWAITED' }],
    });

    // Nobody else can take the proposed hour meanwhile, and it is not offered.
    const other = await createAdvisee(ctx.database.db);
    const taken = await book(ctx, other, bookingPayload(booked.advisor.id, booked.topicId, soon));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(bookingMessages.slotTaken);
    const { bookableSlots } = await availabilityOf(ctx.app, booked.advisor.id);
    expect(bookableSlots.map((s) => s.startsAt)).not.toContain(soon.startsAt);
    // One open proposal at a time.
    const again = await move(
      booked.advisor,
      booked.id,
      (await slotAhead(ctx, booked.advisor.id, 3)) as BookableSlot,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(sessionMessages.proposalPending);

    const cancelled = await cancel(ctx, booked.host, booked.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toEqual({
      refundedToYou: booked.share,
      refundedTotal: booked.share,
      forfeited: 0,
    });
    expect(await balanceOf(ctx, booked.host)).toBe(booked.share);
    // The cancelled session's proposal holds nothing any more.
    const rebook = await book(ctx, other, bookingPayload(booked.advisor.id, booked.topicId, soon));
    expect(rebook.statusCode, rebook.body).toBe(200);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('moves on acceptance and stays fully refundable to the mentee until the original start', async () => {
    const booked = await paidFarSession();
    const soon = await slotAhead(ctx, booked.advisor.id, 2);
    const proposal = (await move(booked.advisor, booked.id, soon)).json().data.rescheduleProposal;

    const accepted = await answer(booked.host, booked.id, proposal.id, true);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().message).toBe(sessionMessages.sessionMoved);
    const moved = accepted.json().data as Session;
    expect(moved).toMatchObject({
      startTimeUtc: soon.startsAt,
      icsSequence: 1,
      rescheduleProposal: null,
      movedByMentorFromUtc: booked.slot.startsAt,
      reschedulesLeft: defaultSessionRules.maxReschedules - 1,
    });
    // Answered once: a second answer changes nothing.
    expect((await answer(booked.host, booked.id, proposal.id, false)).statusCode).toBe(422);

    // Two hours before the new start, yet the mentor moved it: the cancellation is refunded in full.
    const policy = await ctx.app.inject({
      method: 'GET',
      url: `${api}/cancellationPolicy/${booked.id}`,
      headers: await bearer(ctx.app, booked.host),
    });
    expect(policy.json().data).toMatchObject({ fullRefund: true, refund: booked.share });
    const cancelled = await cancel(ctx, booked.host, booked.id);
    expect(cancelled.json().data).toEqual({
      refundedToYou: booked.share,
      refundedTotal: booked.share,
      forfeited: 0,
    });
    expect(await balanceOf(ctx, booked.host)).toBe(booked.share);
    expect(await balanceOf(ctx, booked.advisor)).toBe(0);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('refunds a mentee who declines in full and, nobody who paid being left, cancels the session', async () => {
    const booked = await paidFarSession();
    const soon = await slotAhead(ctx, booked.advisor.id, 2);
    const proposal = (await move(booked.advisor, booked.id, soon)).json().data.rescheduleProposal;

    const declined = await answer(booked.host, booked.id, proposal.id, false);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().message).toBe(sessionMessages.proposalDeclined);
    expect(declined.json().data).toMatchObject({ status: 'CANCELLED', startTimeUtc: booked.slot.startsAt });
    expect(await balanceOf(ctx, booked.host)).toBe(booked.share);
    // Both hours are free again.
    const { bookableSlots } = await availabilityOf(ctx.app, booked.advisor.id);
    expect(bookableSlots.map((s) => s.startsAt)).toEqual(
      expect.arrayContaining([soon.startsAt, booked.slot.startsAt]),
    );
    await expectLedgerConsistent(ctx.database.db);
  });

  it("waits for a group's paid attendees when its host moves it late; a decliner is refunded and leaves", async () => {
    const booked = await paidFarSession(1);
    const attendee = booked.others[0]!;
    const soon = await slotAhead(ctx, booked.advisor.id, 2);

    const res = await move(booked.host, booked.id, soon);
    expect(res.json().message).toBe(sessionMessages.rescheduleProposed);
    const proposal = res.json().data.rescheduleProposal;
    // The host proposed it; only the attendee's answer is awaited, and only they may give it.
    expect(proposal.answers).toEqual([{ adviseeId: attendee.id, answer: 'AWAITED' }]);
    expect((await answer(booked.host, booked.id, proposal.id, true)).statusCode).toBe(403);

    const declined = await answer(attendee, booked.id, proposal.id, false);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await balanceOf(ctx, attendee)).toBe(booked.share);
    const moved = await view(booked.host, booked.id);
    expect(moved).toMatchObject({ status: 'CONFIRMED', startTimeUtc: soon.startsAt });
    expect(moved.groupSessionAttendees.find((a) => a.phoneNumber === attendee.phoneNumber)).toMatchObject({
      invitationStatus: 'DECLINED',
      paymentStatus: 'UNPAID',
    });
    // A host's move is no mentor's: the host's own late cancellation is not made free by it.
    expect(moved.movedByMentorFromUtc).toBeNull();
    await expectLedgerConsistent(ctx.database.db);
  });

  it('lets an unanswered proposal lapse at the earlier start: the session stays and the hour is free', async () => {
    const booked = await paidFarSession();
    const soon = await slotAhead(ctx, booked.advisor.id, 2);
    const proposal = (await move(booked.advisor, booked.id, soon)).json().data.rescheduleProposal;
    expect(new Date(proposal.expiresAtUtc).toISOString()).toBe(soon.startsAt);
    // Its time ran out.
    await ctx.database.db
      .update(rescheduleProposals)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(rescheduleProposals.id, proposal.id));

    const other = await createAdvisee(ctx.database.db);
    const rebook = await book(ctx, other, bookingPayload(booked.advisor.id, booked.topicId, soon));
    expect(rebook.statusCode, rebook.body).toBe(200);
    expect((await answer(booked.host, booked.id, proposal.id, true)).json().message).toBe(
      sessionMessages.noProposal,
    );
    expect(await view(booked.host, booked.id)).toMatchObject({
      startTimeUtc: booked.slot.startsAt,
      rescheduleProposal: null,
      status: 'CONFIRMED',
    });
    await expectLedgerConsistent(ctx.database.db);
  });

  it('moves a session at most twice, by anyone', async () => {
    const booked = await paidFarSession();
    const far = (n: number) => slotAhead(ctx, booked.advisor.id, weeksAhead + 24, n);
    expect((await move(booked.host, booked.id, await far(0))).json().message).toBe(
      sessionMessages.rescheduled,
    );
    expect((await move(booked.advisor, booked.id, await far(1))).json().message).toBe(
      sessionMessages.rescheduled,
    );
    const third = await move(booked.host, booked.id, await far(2));
    expect(third.statusCode).toBe(422);
    expect(third.json().message).toBe(sessionMessages.tooManyReschedules(defaultSessionRules.maxReschedules));
    expect((await view(booked.host, booked.id)).reschedulesLeft).toBe(0);
  });

  it('limits how often one person moves sessions', async () => {
    const mentor = (await paidFarSession()).advisor;
    const max = defaultSessionRules.reschedulesPerPersonPerHour;
    for (let n = 0; n < max; n++) {
      expect(
        (await post(mentor, '/rescheduleSession', { sessionId: 1, selectedTime: '09:00' })).statusCode,
      ).toBe(422);
    }
    const over = await post(mentor, '/rescheduleSession', { sessionId: 1, selectedTime: '09:00' });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(sessionMessages.tooManyRescheduleRequests);
  });

  it('makes notices of moves within the coalescing window one message, then one with the latest time', async () => {
    const booked = await paidFarSession();
    const phone = booked.host.phoneNumber!;
    const movedSms = () =>
      ctx.database.db
        .select({ body: outboxMessages.body })
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.recipient, phone),
            eq(outboxMessages.channel, 'SMS'),
            like(outboxMessages.body, '%has moved to%'),
          ),
        )
        .orderBy(outboxMessages.id);
    const now = Date.now();
    await sendDueSessionMessages(ctx, new Date(now));
    const first = await slotAhead(ctx, booked.advisor.id, weeksAhead + 24, 0);
    const last = await slotAhead(ctx, booked.advisor.id, weeksAhead + 24, 3);
    await move(booked.advisor, booked.id, first);
    await sendDueSessionMessages(ctx, new Date(now + 1000));
    await move(booked.advisor, booked.id, last);
    await sendDueSessionMessages(ctx, new Date(now + 2 * 60_000));
    expect(await movedSms()).toHaveLength(1);
    await sendDueSessionMessages(
      ctx,
      new Date(now + (defaultSessionRules.noticeCoalesceMinutes + 1) * 60_000),
    );
    const sms = await movedSms();
    expect(sms).toHaveLength(2);
    expect(sms[1]?.body).toContain(last.time);
  });

  it('gives a contested hour to one: a booking or a proposed move, never both', async () => {
    for (let round = 0; round < 3; round++) {
      const booked = await paidFarSession();
      const soon = await slotAhead(ctx, booked.advisor.id, 2 + round);
      const other = await createAdvisee(ctx.database.db);
      const [proposed, rival] = await Promise.all([
        move(booked.advisor, booked.id, soon),
        book(ctx, other, bookingPayload(booked.advisor.id, booked.topicId, soon)),
      ]);
      const won = [proposed.statusCode, rival.statusCode].filter((status) => status === 200);
      expect({ round, won: won.length, proposed: proposed.body, rival: rival.body }).toMatchObject({
        won: 1,
      });
      expect([proposed.statusCode, rival.statusCode]).toContain(409);
    }
    await expectLedgerConsistent(ctx.database.db);
  });
});
