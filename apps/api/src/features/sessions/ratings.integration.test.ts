import { sessionMessages } from '@myprosper/contract/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import type { UserRow } from '../../db/seed/factories.ts';
import { minute, wasInCall } from '../calls/calls.test-helpers.ts';
import {
  api,
  bearer,
  bookSession,
  checkout,
  createPaymentsTestApp,
  expectLedgerConsistent,
  fundWallet,
  moveSession,
  noShowJob,
} from '../payments/payments.test-helpers.ts';
import { findAdvisorRatings } from './ratings.repository.ts';

/**
 * Issue 20, ratings: only someone who paid (or whose share was paid) and was in the call by the presence rule
 * (10 minutes between the start and the end) rates a session, once; and the page knows when they no longer may.
 */
describe('who may rate a session', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const rate = async (user: UserRow, sessionId: number, rating = 1) =>
    ctx.app.inject({
      method: 'POST',
      url: `${api}/addFeedback`,
      headers: await bearer(ctx.app, user),
      payload: { sessionId, rating },
    });

  async function canRate(user: UserRow, sessionId: number): Promise<boolean> {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${api}/getAdvisorSessionById/${sessionId}`,
      headers: await bearer(ctx.app, user),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.canRate as boolean;
  }

  /** A group session that took place two hours ago, its mentor in the call throughout. */
  async function heldGroup(options: { unpaid: number }) {
    const booked = await bookSession(ctx, { attendees: 3 });
    const payers = [booked.host, ...booked.others].slice(0, 4 - options.unpaid);
    for (const person of payers) {
      await fundWallet(ctx, person, 5000);
      expect((await checkout(ctx, person, booked.id)).statusCode).toBe(200);
    }
    const startsAt = new Date(Date.now() - 2 * 3_600_000);
    await moveSession(ctx, booked.id, startsAt);
    await wasInCall(ctx.database.db, {
      sessionId: booked.id,
      userId: booked.advisor.id,
      role: 'ADVISOR',
      at: startsAt,
    });
    const inCall = (user: UserRow, from: number, seconds: number) =>
      wasInCall(ctx.database.db, {
        sessionId: booked.id,
        userId: user.id,
        role: 'ADVISEE',
        at: new Date(startsAt.getTime() + from * minute),
        leftAt: new Date(startsAt.getTime() + from * minute + seconds * 1000),
      });
    return { booked, startsAt, inCall };
  }

  it('refuses whoever did not pay, was not in the call long enough, or never came; counts one rating each', async () => {
    const { booked, inCall } = await heldGroup({ unpaid: 1 });
    const [attended, briefly, unpaid] = booked.others as [UserRow, UserRow, UserRow];
    await inCall(attended, 2, 15 * 60);
    await inCall(briefly, 3, 5);
    // Joined before the start only: nothing of it counts.
    await inCall(booked.host, -9, 8 * 60);
    await inCall(unpaid, 0, 30 * 60);

    const refusals: Array<[string, UserRow, number, string]> = [
      ['five seconds in the call', briefly, 403, sessionMessages.feedbackNotPresent],
      ['only before the start', booked.host, 403, sessionMessages.feedbackNotPresent],
      ['never paid', unpaid, 403, sessionMessages.feedbackNotPaid],
      ['the mentor', booked.advisor, 403, sessionMessages.feedbackOnlyAttendees],
    ];
    for (const [name, user, status, message] of refusals) {
      expect(await canRate(user, booked.id), name).toBe(false);
      const res = await rate(user, booked.id);
      expect({ name, status: res.statusCode, message: res.json().message }).toEqual({
        name,
        status,
        message,
      });
    }
    expect((await findAdvisorRatings(ctx.database.db, [booked.advisor.id])).get(booked.advisor.id)).toEqual({
      average: 0,
      count: 0,
    });

    expect(await canRate(attended, booked.id)).toBe(true);
    // Twice at once: one counts, the other is told it was rated already.
    const both = await Promise.all([rate(attended, booked.id, 5), rate(attended, booked.id, 1)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await canRate(attended, booked.id)).toBe(false);
    const again = await rate(attended, booked.id, 1);
    expect([again.statusCode, again.json().message]).toEqual([409, sessionMessages.feedbackTwice]);
    const ratings = await findAdvisorRatings(ctx.database.db, [booked.advisor.id]);
    expect(ratings.get(booked.advisor.id)?.count).toBe(1);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('refuses a rating of a session whose mentor did not attend, even from a mentee who waited', async () => {
    const booked = await bookSession(ctx);
    await fundWallet(ctx, booked.host, 2900);
    expect((await checkout(ctx, booked.host, booked.id)).statusCode).toBe(200);
    const startsAt = new Date(Date.now() - 2 * 3_600_000);
    await moveSession(ctx, booked.id, startsAt);
    await wasInCall(ctx.database.db, {
      sessionId: booked.id,
      userId: booked.host.id,
      role: 'ADVISEE',
      at: startsAt,
      leftAt: new Date(startsAt.getTime() + 20 * minute),
    });
    await noShowJob(ctx).run();
    expect(await canRate(booked.host, booked.id)).toBe(false);
    const res = await rate(booked.host, booked.id);
    expect([res.statusCode, res.json().message]).toEqual([422, sessionMessages.feedbackMentorAbsent]);
    await expectLedgerConsistent(ctx.database.db);
  });
});
