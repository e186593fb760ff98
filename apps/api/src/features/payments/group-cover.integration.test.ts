import { callMessages } from '@myprosper/contract/calls';
import { type GroupCover, groupCoverMessages } from '@myprosper/contract/group-cover';
import { formatKes, splitEarnings } from '@myprosper/contract/payments';
import { policyLines } from '@myprosper/contract/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { wireFeatures } from '../../app.ts';
import { outboxMessages } from '../../db/schema/messaging.ts';
import { createAdvisee, type UserRow } from '../../db/seed/factories.ts';
import { sessionRulesOf } from '../../lib/session-rules.ts';
import { book, bookingPayload, createMentor } from '../booking/booking.test-helpers.ts';
import { ticketOf } from '../calls/calls.test-helpers.ts';
import { cardForm, payOnHostedPage, postReceipt, testCards } from './card.test-helpers.ts';
import { GroupCoverService } from './group-cover.service.ts';
import {
  api,
  type Booked,
  balanceOf,
  bearer,
  bookSession,
  cancel,
  checkout,
  createPaymentsTestApp,
  earningsService,
  eventually,
  expectLedgerConsistent,
  fundWallet,
  getSession,
  mentorJoined,
  moveSession,
  noShowJob,
  payByMpesa,
  phones,
  slotAhead,
} from './payments.test-helpers.ts';

/**
 * Issue 20, "Groups": a group booked with made-up numbers is no longer a private hour at the group share. Test
 * prices: individual 2900, group 5800 (a share of 1450 among four, 1934 among three).
 */
const individualPrice = 2900;
const hour = 3_600_000;

describe('group sessions are priced for their paid attendees', () => {
  let ctx: TestContext;
  let covers: GroupCoverService;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp();
    const wired = wireFeatures(ctx.app);
    covers = new GroupCoverService(ctx.database.db, ctx.env, wired.sessions, wired.cancellation, {
      mailer: ctx.app.mailer,
      sms: () => (ctx.app.hasDecorator('sms') ? ctx.app.sms : null),
      log: ctx.app.log,
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const madeUp = () => `2547${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

  /** A host who books a group with three made-up numbers and pays their own share from the wallet. */
  async function groupWithMadeUpNumbers(hoursAhead = 48) {
    const db = ctx.database.db;
    const { advisor, topic } = await createMentor(db);
    const host = await createAdvisee(db);
    const slot = await slotAhead(ctx, advisor.id, hoursAhead);
    const res = await book(
      ctx,
      host,
      bookingPayload(advisor.id, topic.id, slot, {
        sessionType: 'GROUP',
        otherAttendees: [madeUp(), madeUp(), madeUp()],
        paymentMode: 'WALLET',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json().data as { id: number; amount: number };
    const share = Math.ceil(session.amount / 4);
    await fundWallet(ctx, host, share);
    const paid = await checkout(ctx, host, session.id);
    expect(paid.statusCode, paid.body).toBe(200);
    return { id: session.id, share, host, advisor: advisor as UserRow, startsAt: new Date(slot.startsAt) };
  }

  async function coverOf(user: UserRow, sessionId: number) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${api}/groupCover/${sessionId}`,
      headers: await bearer(ctx.app, user),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as GroupCover;
  }

  async function payCover(user: UserRow, sessionId: number) {
    return ctx.app.inject({
      method: 'POST',
      url: `${api}/payGroupCover`,
      headers: await bearer(ctx.app, user),
      payload: { sessionId },
    });
  }

  async function mailsTo(address: string) {
    return ctx.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, address), eq(outboxMessages.channel, 'EMAIL')));
  }

  it('three made-up numbers: at the cut-off the host is asked for the difference up to the individual price', async () => {
    const group = await groupWithMadeUpNumbers();
    expect(group.share).toBe(1450);
    // Before the cut-off nothing is asked.
    expect((await covers.run(new Date())).checked).toBe(0);
    expect((await coverOf(group.host, group.id)).state).toBe('NOT_YET');

    // 24 hours before the start the job checks it, once, and tells the host.
    const atCutoff = new Date(group.startsAt.getTime() - 24 * hour + 60_000);
    await covers.run(atCutoff);
    await covers.run(atCutoff);
    const owed = individualPrice - group.share;
    const seen = await coverOf(group.host, group.id);
    expect(seen).toMatchObject({ state: 'DUE', amount: owed, paidAttendees: 1, canPay: true });
    expect(seen.text).toBe(
      `Your group has 1 paid attendee: pay ${formatKes(owed)} more to keep the session, or cancel it for a full refund.`,
    );
    expect(new Date(seen.dueBy!).getTime()).toBe(group.startsAt.getTime() - 2 * hour);
    const mails = await mailsTo(group.host.email);
    expect(mails.filter((m) => m.subject === groupCoverMessages.noticeSubject)).toHaveLength(1);
    // The mentor sees why, and cannot pay it.
    const mentorView = await coverOf(group.advisor, group.id);
    expect(mentorView).toMatchObject({ state: 'DUE', canPay: false, text: groupCoverMessages.othersDue(1) });
    const byMentor = await payCover(group.advisor, group.id);
    expect(byMentor.statusCode).toBe(403);

    // Not enough in the wallet: a clear message, nothing moved.
    const short = await payCover(group.host, group.id);
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe(groupCoverMessages.insufficientWallet(0, owed));
    expect((await coverOf(group.host, group.id)).state).toBe('DUE');

    await fundWallet(ctx, group.host, owed);
    const paid = await payCover(group.host, group.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ state: 'COVERED', amount: owed, canPay: false });
    expect(await balanceOf(ctx, group.host)).toBe(0);
    // Once only.
    const again = await payCover(group.host, group.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(groupCoverMessages.notDue);
    // Past the time it was due, a covered group is not cancelled.
    expect((await covers.run(new Date(group.startsAt.getTime() - hour))).cancelled).toBe(0);
    expect((await getSession(ctx, group.host, group.id)).status).toBe('CONFIRMED');

    // After the hour, the mentor earns the individual rate: the whole 2900 less the commission.
    const startedAt = new Date(Date.now() - 2 * hour);
    await moveSession(ctx, group.id, startedAt);
    await mentorJoined(
      ctx,
      { id: group.id, advisor: group.advisor } as Booked,
      new Date(startedAt.getTime() + 60_000),
    );
    await noShowJob(ctx).run();
    await earningsService(ctx).settleEndedSessions();
    const mentorBalance = await ctx.app.inject({
      method: 'GET',
      url: `${api}/getAdvisorBalance/${group.advisor.id}`,
      headers: await bearer(ctx.app, group.advisor),
    });
    expect(mentorBalance.statusCode, mentorBalance.body).toBe(200);
    // Not 80 % of the host's 1450: the individual rate.
    expect(mentorBalance.json().data.walletBalance).toBe(splitEarnings(individualPrice, 20).earnings);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('the host may cover it by M-PESA: the push is for what the wallet lacks, and pays the cover on arrival', async () => {
    const group = await groupWithMadeUpNumbers();
    await covers.run(new Date(group.startsAt.getTime() - 24 * hour + 60_000));
    const owed = individualPrice - group.share;
    await fundWallet(ctx, group.host, 100);
    const push = await payByMpesa(ctx, group.host, group.id, phones.pays);
    expect(push.statusCode, push.body).toBe(200);
    expect(push.json().data).toMatchObject({ amount: owed - 100 });
    await eventually(async () => {
      expect((await coverOf(group.host, group.id)).state).toBe('COVERED');
    });
    expect(await balanceOf(ctx, group.host)).toBe(0);
    // An invitee's or a stranger's push never pays it.
    const stranger = await createAdvisee(ctx.database.db);
    expect((await payByMpesa(ctx, stranger, group.id, phones.pays)).statusCode).toBe(404);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('the host may cover it by card: the signed amount is the cover, paid when the receipt arrives', async () => {
    const group = await groupWithMadeUpNumbers();
    await covers.run(new Date(group.startsAt.getTime() - 24 * hour + 60_000));
    const owed = individualPrice - group.share;
    const form = await cardForm(ctx, group.host, 'SESSION', group.id);
    expect(form.fields.amount).toBe(`${owed}.00`);
    const hosted = await payOnHostedPage(ctx, form, testCards.accept);
    const back = await postReceipt(ctx, hosted.action, hosted.fields);
    expect(back.statusCode, back.body).toBe(303);
    expect((await coverOf(group.host, group.id)).state).toBe('COVERED');
    expect(await balanceOf(ctx, group.host)).toBe(0);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a host who does not pay in time: the session is cancelled and every payment refunded in full', async () => {
    const group = await groupWithMadeUpNumbers();
    const atCutoff = new Date(group.startsAt.getTime() - 24 * hour + 60_000);
    await covers.run(atCutoff);
    expect((await coverOf(group.host, group.id)).state).toBe('DUE');
    // An hour before it is due: still waiting.
    expect((await covers.run(new Date(group.startsAt.getTime() - 3 * hour))).cancelled).toBe(0);
    const lapsed = await covers.run(new Date(group.startsAt.getTime() - 2 * hour + 1000));
    expect(lapsed.cancelled).toBe(1);
    expect((await getSession(ctx, group.host, group.id)).status).toBe('CANCELLED');
    // The host's share back in full, although it was less than 24 hours before the start.
    expect(await balanceOf(ctx, group.host)).toBe(group.share);
    const mails = await mailsTo(group.host.email);
    expect(mails.some((m) => m.body.includes(groupCoverMessages.cancelledReason))).toBe(true);
    await expectLedgerConsistent(ctx.database.db);
  });

  it("the host's own choice to cancel while asked is a full refund, late or not", async () => {
    const group = await groupWithMadeUpNumbers();
    await covers.run(new Date(group.startsAt.getTime() - 24 * hour + 60_000));
    // The cut-off as a late cancellation would see it: inside the full-refund window.
    await moveSession(ctx, group.id, new Date(Date.now() + 5 * hour));
    const res = await cancel(ctx, group.host, group.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ refundedToYou: group.share, forfeited: 0 });
    expect(await balanceOf(ctx, group.host)).toBe(group.share);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a covered group cancelled by its mentor refunds the top-up with the shares', async () => {
    const group = await groupWithMadeUpNumbers();
    await covers.run(new Date(group.startsAt.getTime() - 24 * hour + 60_000));
    const owed = individualPrice - group.share;
    await fundWallet(ctx, group.host, owed);
    expect((await payCover(group.host, group.id)).statusCode).toBe(200);
    const res = await cancel(ctx, group.advisor, group.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(ctx, group.host)).toBe(individualPrice);
    await expectLedgerConsistent(ctx.database.db);
  });

  it("a covered group's mentor who does not come: the host gets the share and the top-up back", async () => {
    const group = await groupWithMadeUpNumbers();
    await covers.run(new Date(group.startsAt.getTime() - 24 * hour + 60_000));
    const owed = individualPrice - group.share;
    await fundWallet(ctx, group.host, owed);
    expect((await payCover(group.host, group.id)).statusCode).toBe(200);
    await moveSession(ctx, group.id, new Date(Date.now() - 11 * 60_000));
    await noShowJob(ctx).run();
    expect(await balanceOf(ctx, group.host)).toBe(individualPrice);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('an uncovered group past its start: its mentor, who could not open the call, is not judged absent', async () => {
    const group = await groupWithMadeUpNumbers();
    await covers.run(new Date(group.startsAt.getTime() - 24 * hour + 60_000));
    // The cancellation at its deadline has not run yet (the job was down): the no-show job leaves it alone.
    await moveSession(ctx, group.id, new Date(Date.now() - 11 * 60_000));
    await noShowJob(ctx).run();
    // Nothing refunded as a no-show, and the mentor is not told they missed it.
    expect(await balanceOf(ctx, group.host)).toBe(0);
    const toMentor = await mailsTo(group.advisor.email);
    expect(toMentor.filter((mail) => mail.subject?.startsWith('Session ended: you did not attend'))).toEqual(
      [],
    );
    // Once the job runs past its deadline (two hours before the start it was asked for), it is cancelled for
    // everyone, every payment back in full, until the session's end.
    expect((await covers.run(group.startsAt)).cancelled).toBe(1);
    expect(await balanceOf(ctx, group.host)).toBe(group.share);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('an uncovered group whose cover job ran only after its end: never settled to its mentor, then refunded', async () => {
    const group = await groupWithMadeUpNumbers();
    await covers.run(new Date(group.startsAt.getTime() - 24 * hour + 60_000));
    // The session is over (the jobs were down); a day later the earnings job runs first.
    await moveSession(ctx, group.id, new Date(Date.now() - 2 * hour));
    await earningsService(ctx).settleEndedSessions(new Date(Date.now() + 48 * hour));
    // The cover's job then cancels it: the escrow was kept, every payment comes back in full.
    expect((await covers.run(group.startsAt)).cancelled).toBe(1);
    expect(await balanceOf(ctx, group.host)).toBe(group.share);
    expect((await getSession(ctx, group.host, group.id)).status).toBe('CANCELLED');
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a group starting sooner than the cut-off is checked once its host has paid; its call opens once covered', async () => {
    const group = await groupWithMadeUpNumbers();
    // It starts in five minutes: the call would be open.
    await moveSession(ctx, group.id, new Date(Date.now() + 5 * 60_000));
    // The host's look at the session applies the cut-off at once (the job would, at its next run).
    const seen = await coverOf(group.host, group.id);
    expect(seen.state).toBe('DUE');
    // Due by the start itself: two hours before it has passed.
    expect(new Date(seen.dueBy!).getTime()).toBeGreaterThan(Date.now());
    for (const person of [group.host, group.advisor]) {
      const refused = await ticketOf(ctx.app, person, group.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(callMessages.priceNotCovered);
    }
    await fundWallet(ctx, group.host, seen.amount);
    expect((await payCover(group.host, group.id)).statusCode).toBe(200);
    const mentorTicket = await ticketOf(ctx.app, group.advisor, group.id);
    expect(mentorTicket.statusCode, mentorTicket.body).toBe(200);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a group booked at short notice gives its host two hours to pay, never past the start', async () => {
    const group = await groupWithMadeUpNumbers();
    const startsAt = new Date(Date.now() + 150 * 60_000);
    await moveSession(ctx, group.id, startsAt);
    const before = Date.now();
    const seen = await coverOf(group.host, group.id);
    expect(seen.state).toBe('DUE');
    const dueBy = new Date(seen.dueBy!).getTime();
    expect(dueBy).toBeGreaterThanOrEqual(before + 2 * hour);
    expect(dueBy).toBeLessThan(startsAt.getTime());
    // Not cancelled an hour from now; cancelled once the two hours are up.
    expect((await covers.run(new Date(before + hour))).cancelled).toBe(0);
    expect((await covers.run(new Date(dueBy + 1000))).cancelled).toBe(1);
    expect(await balanceOf(ctx, group.host)).toBe(group.share);
  });

  it('enough payers at the cut-off: nothing is asked, nobody is told', async () => {
    const booked = await bookSession(ctx, { attendees: 2, paymentMode: 'WALLET' });
    const share = Math.ceil(booked.amount / 3);
    for (const person of [booked.host, booked.others[0]!]) {
      await fundWallet(ctx, person, share);
      expect((await checkout(ctx, person, booked.id)).statusCode).toBe(200);
    }
    const startsAt = new Date(booked.slot.startsAt);
    await covers.run(new Date(startsAt.getTime() - 24 * hour + 60_000));
    const seen = await coverOf(booked.host, booked.id);
    expect(seen).toMatchObject({ state: 'NOT_NEEDED', amount: 0, canPay: false, text: null });
    expect(
      (await mailsTo(booked.host.email)).filter((m) => m.subject === groupCoverMessages.noticeSubject),
    ).toHaveLength(0);
    expect((await payCover(booked.host, booked.id)).statusCode).toBe(409);
  });

  it('an invitee who pays after the cut-off ends the ask: nothing owed, nothing cancelled', async () => {
    const booked = await bookSession(ctx, { attendees: 2, paymentMode: 'WALLET' });
    const share = Math.ceil(booked.amount / 3);
    await fundWallet(ctx, booked.host, share);
    expect((await checkout(ctx, booked.host, booked.id)).statusCode).toBe(200);
    const startsAt = new Date(booked.slot.startsAt);
    await covers.run(new Date(startsAt.getTime() - 24 * hour + 60_000));
    expect((await coverOf(booked.host, booked.id)).state).toBe('DUE');
    await fundWallet(ctx, booked.others[0]!, share);
    expect((await checkout(ctx, booked.others[0]!, booked.id)).statusCode).toBe(200);
    expect((await coverOf(booked.host, booked.id)).state).toBe('NOT_NEEDED');
    expect((await covers.run(new Date(startsAt.getTime() - hour))).cancelled).toBe(0);
    expect((await getSession(ctx, booked.host, booked.id)).status).toBe('CONFIRMED');
  });

  it('the policy shown before paying names the same cut-off and deadline the code applies', () => {
    const rules = sessionRulesOf(ctx.env);
    const groups = policyLines(rules).find((line) => line.title === 'Group sessions');
    expect(groups?.text).toContain(`${rules.groupCutoffHours} hours before the start`);
    expect(groups?.text).toContain(`until ${rules.groupCoverPayHours} hours before the start`);
  });
});

describe('races at the cut-off (PostgreSQL decides)', () => {
  let ctx: TestContext;
  let covers: GroupCoverService;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp();
    const wired = wireFeatures(ctx.app);
    covers = new GroupCoverService(ctx.database.db, ctx.env, wired.sessions, wired.cancellation, {
      mailer: ctx.app.mailer,
      sms: () => null,
      log: ctx.app.log,
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function groupWithPaidHost() {
    const booked = await bookSession(ctx, { attendees: 2, paymentMode: 'WALLET' });
    const share = Math.ceil(booked.amount / 3);
    await fundWallet(ctx, booked.host, share);
    expect((await checkout(ctx, booked.host, booked.id)).statusCode).toBe(200);
    return { ...booked, share, startsAt: new Date(booked.slot.startsAt) };
  }

  it('the last invitee paying while the cut-off runs: never asked with two paid, never cancelled', async () => {
    for (let round = 0; round < 4; round++) {
      const group = await groupWithPaidHost();
      const invitee = group.others[0]!;
      await fundWallet(ctx, invitee, group.share);
      const [paid] = await Promise.all([
        checkout(ctx, invitee, group.id),
        covers.run(new Date(group.startsAt.getTime() - 24 * hour + 60_000)),
      ]);
      expect(paid.statusCode, paid.body).toBe(200);
      const cover = (
        await ctx.app.inject({
          method: 'GET',
          url: `${api}/groupCover/${group.id}`,
          headers: await bearer(ctx.app, group.host),
        })
      ).json().data as GroupCover;
      expect(cover.state).toBe('NOT_NEEDED');
      expect(cover.canPay).toBe(false);
    }
    await expectLedgerConsistent(ctx.database.db);
  });

  it('the last invitee paying as the unpaid cover lapses: paid and kept, or refused and refunded; never both', async () => {
    for (let round = 0; round < 4; round++) {
      const group = await groupWithPaidHost();
      await covers.run(new Date(group.startsAt.getTime() - 24 * hour + 60_000));
      const invitee = group.others[0]!;
      await fundWallet(ctx, invitee, group.share);
      const [paid, run] = await Promise.all([
        checkout(ctx, invitee, group.id),
        covers.run(new Date(group.startsAt.getTime() - 2 * hour + 1000)),
      ]);
      const session = await getSession(ctx, group.host, group.id);
      if (run.cancelled === 1) {
        // Cancelled first: the invitee's payment refused, or refunded with everyone's.
        expect(session.status).toBe('CANCELLED');
        expect(await balanceOf(ctx, invitee)).toBe(group.share);
        expect(await balanceOf(ctx, group.host)).toBe(group.share);
      } else {
        expect(paid.statusCode, paid.body).toBe(200);
        expect(session.status).toBe('CONFIRMED');
        expect(await balanceOf(ctx, invitee)).toBe(0);
      }
    }
    await expectLedgerConsistent(ctx.database.db);
  });

  it('the host paying the cover as it lapses: covered and kept, or cancelled with everything refunded', async () => {
    for (let round = 0; round < 4; round++) {
      const group = await groupWithPaidHost();
      await covers.run(new Date(group.startsAt.getTime() - 24 * hour + 60_000));
      const owed = individualPrice - group.share;
      await fundWallet(ctx, group.host, owed);
      const [paid, run] = await Promise.all([
        ctx.app.inject({
          method: 'POST',
          url: `${api}/payGroupCover`,
          headers: await bearer(ctx.app, group.host),
          payload: { sessionId: group.id },
        }),
        covers.run(new Date(group.startsAt.getTime() - 2 * hour + 1000)),
      ]);
      const session = await getSession(ctx, group.host, group.id);
      if (run.cancelled === 1) {
        expect(session.status).toBe('CANCELLED');
        expect(await balanceOf(ctx, group.host)).toBe(group.share + owed);
      } else {
        expect(paid.statusCode, paid.body).toBe(200);
        expect(session.status).toBe('CONFIRMED');
        expect(await balanceOf(ctx, group.host)).toBe(0);
      }
    }
    await expectLedgerConsistent(ctx.database.db);
  });
});
