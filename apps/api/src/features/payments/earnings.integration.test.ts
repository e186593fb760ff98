import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { sessionSettlements } from '../../db/schema/payments.ts';
import { createBookedSession } from '../../db/seed/factories.ts';
import { EarningsService } from './earnings.service.ts';
import { earningsJobName } from './payments.jobs.ts';
import {
  api,
  type Booked,
  balanceOf,
  bearer,
  bookSession,
  checkout,
  createPaymentsTestApp,
  eventually,
  expectLedgerConsistent,
  fundWallet,
  mentorJoined,
  moveSession,
  noShowJob,
  transactionsOf,
} from './payments.test-helpers.ts';

describe('mentor earnings when a paid session ends', () => {
  let ctx: TestContext;
  let earnings: EarningsService;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp();
    earnings = new EarningsService(ctx.database.db, 20, ctx.app.log, 0);
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** Moves a session to have ended an hour ago, its mentor having come, and lets the no-show job decide. */
  async function endSession(booked: Booked) {
    const startsAt = new Date(Date.now() - 2 * 3_600_000);
    await moveSession(ctx, booked.id, startsAt);
    await mentorJoined(ctx, booked, new Date(startsAt.getTime() + 60_000));
    await noShowJob(ctx).run();
  }

  async function mentorBalance(booked: Booked) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${api}/getAdvisorBalance/${booked.advisor.id}`,
      headers: await bearer(ctx.app, booked.advisor),
    });
    return res.json().data.walletBalance as number;
  }

  it('credits the price less 20 % commission, by the job, once', async () => {
    const booked = await bookSession(ctx);
    await fundWallet(ctx, booked.host, 2900);
    expect((await checkout(ctx, booked.host, booked.id)).statusCode).toBe(200);
    await endSession(booked);

    await ctx.app.jobs.trigger(earningsJobName);
    await eventually(async () => expect(await mentorBalance(booked)).toBe(2320), 15_000);
    expect(await transactionsOf(ctx, booked.advisor)).toEqual([
      expect.objectContaining({
        amount: 2320,
        transactionType: 'CREDIT',
        description: `Earnings: session ${booked.reference} with ${booked.host.name}`,
      }),
    ]);
    await Promise.all([earnings.settleEndedSessions(), earnings.settleEndedSessions()]);
    expect(await mentorBalance(booked)).toBe(2320);
    const [settlement] = await ctx.database.db
      .select()
      .from(sessionSettlements)
      .where(eq(sessionSettlements.sessionId, booked.id));
    expect(settlement).toMatchObject({ paid: 2900, earnings: 2320, commission: 580 });
    await expectLedgerConsistent(ctx.database.db);
  });

  it('pays a group session by the shares actually paid', async () => {
    const booked = await bookSession(ctx, { attendees: 2 });
    const share = Math.ceil(5800 / 3);
    await fundWallet(ctx, booked.host, share);
    await fundWallet(ctx, booked.others[0]!, share);
    expect((await checkout(ctx, booked.host, booked.id)).statusCode).toBe(200);
    expect((await checkout(ctx, booked.others[0]!, booked.id)).statusCode).toBe(200);
    await endSession(booked);
    await earnings.settleEndedSessions();
    const paid = share * 2;
    expect(await mentorBalance(booked)).toBe(paid - Math.floor((paid * 20) / 100));
    await expectLedgerConsistent(ctx.database.db);
  });

  it('does not pay a session that has not ended, nor one nobody paid for', async () => {
    const upcoming = await bookSession(ctx);
    await fundWallet(ctx, upcoming.host, 2900);
    await checkout(ctx, upcoming.host, upcoming.id);
    const free = await createBookedSession(ctx.database.db, {
      advisorId: upcoming.advisor.id,
      adviseeId: upcoming.host.id,
      topicId: upcoming.topicId,
      startsAt: new Date(Date.now() - 5 * 3_600_000),
      amount: 0,
    });
    await noShowJob(ctx).run();
    await earnings.settleEndedSessions();
    expect(await mentorBalance(upcoming)).toBe(0);
    const [settled] = await ctx.database.db
      .select()
      .from(sessionSettlements)
      .where(eq(sessionSettlements.sessionId, free.id));
    expect(settled).toMatchObject({ paid: 0, earnings: 0, transactionId: null });
  });

  it('waits for the word on the mentor: pays one who came, and nothing for one who did not', async () => {
    const came = await bookSession(ctx);
    const absent = await bookSession(ctx);
    for (const booked of [came, absent]) {
      await fundWallet(ctx, booked.host, 2900);
      expect((await checkout(ctx, booked.host, booked.id)).statusCode).toBe(200);
      await moveSession(ctx, booked.id, new Date(Date.now() - 2 * 3_600_000));
    }
    // Ended, but nobody has decided yet whether their mentors came: neither is paid.
    await earnings.settleEndedSessions();
    expect(await mentorBalance(came)).toBe(0);
    expect(await mentorBalance(absent)).toBe(0);

    await mentorJoined(ctx, came, new Date(Date.now() - 2 * 3_600_000 + 5 * 60_000));
    await noShowJob(ctx).run();
    await earnings.settleEndedSessions();
    expect(await mentorBalance(came)).toBe(2320);
    expect(await mentorBalance(absent)).toBe(0);
    expect(await balanceOf(ctx, absent.host)).toBe(2900);
    const [settled] = await ctx.database.db
      .select()
      .from(sessionSettlements)
      .where(eq(sessionSettlements.sessionId, absent.id));
    expect(settled).toMatchObject({ paid: 0, earnings: 0, commission: 0, transactionId: null });
    await expectLedgerConsistent(ctx.database.db);
  });

  it('decides from the call records however late the jobs run: nobody came two days ago, the mentor is not paid', async () => {
    const late = await bookSession(ctx);
    const attended = await bookSession(ctx);
    for (const booked of [late, attended]) {
      await fundWallet(ctx, booked.host, 2900);
      expect((await checkout(ctx, booked.host, booked.id)).statusCode).toBe(200);
      await moveSession(ctx, booked.id, new Date(Date.now() - 50 * 3_600_000));
    }
    await mentorJoined(ctx, attended, new Date(Date.now() - 50 * 3_600_000 + 60_000));
    // The jobs stopped for two days: settlement alone pays nobody, whatever the time.
    await earnings.settleEndedSessions();
    expect(await mentorBalance(late)).toBe(0);
    expect(await mentorBalance(attended)).toBe(0);
    // When the no-show job runs again, it decides both from the records, as it would have on time.
    await noShowJob(ctx).run();
    await earnings.settleEndedSessions();
    expect(await mentorBalance(late)).toBe(0);
    expect(await balanceOf(ctx, late.host)).toBe(2900);
    expect(await mentorBalance(attended)).toBe(2320);
    await expectLedgerConsistent(ctx.database.db);
  });
});
