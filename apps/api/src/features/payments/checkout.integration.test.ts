import { paymentMessages } from '@myprosper/contract/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { sessionParticipants, sessions } from '../../db/schema/sessions.ts';
import { createAdvisee, setPricing } from '../../db/seed/factories.ts';
import { lapseHold, setTestPrices } from '../booking/booking.test-helpers.ts';
import {
  api,
  balanceOf,
  bearer,
  bookSession,
  checkout,
  createPaymentsTestApp,
  expectLedgerConsistent,
  fundWallet,
  getSession,
  payByMpesa,
  phones,
  transactionsOf,
} from './payments.test-helpers.ts';

describe('Checkout Session: paying a share from the wallet', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('pays the share when the wallet covers it and confirms the booking', async () => {
    const booked = await bookSession(ctx, { paymentMode: 'WALLET' });
    await fundWallet(ctx, booked.host, 3000);
    const res = await checkout(ctx, booked.host, booked.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Session checkout successful');
    const session = await getSession(ctx, booked.host, booked.id);
    expect(session).toMatchObject({ status: 'CONFIRMED', paymentStatus: 'PAID', holdExpiresAt: null });
    expect(await balanceOf(ctx, booked.host)).toBe(100);
    expect(await transactionsOf(ctx, booked.host, 'DEBIT')).toEqual([
      expect.objectContaining({
        amount: 2900,
        description: `Session ${booked.reference} with ${booked.advisor.name}`,
      }),
    ]);
    const again = await checkout(ctx, booked.host, booked.id);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(paymentMessages.alreadyPaid);
  });

  it('says clearly when the wallet does not cover the share, and changes nothing', async () => {
    const booked = await bookSession(ctx);
    await fundWallet(ctx, booked.host, 1000);
    const res = await checkout(ctx, booked.host, booked.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Your wallet balance of KES 1,000 does not cover your share of KES 2,900. Please pay with M-PESA.',
    );
    expect(await balanceOf(ctx, booked.host)).toBe(1000);
    expect((await getSession(ctx, booked.host, booked.id)).paymentStatus).toBe('UNPAID');
  });

  it('lets only the attendee check out their own share', async () => {
    const booked = await bookSession(ctx);
    const stranger = await createAdvisee(ctx.database.db);
    expect((await checkout(ctx, stranger, booked.id)).statusCode).toBe(404);
    expect((await checkout(ctx, booked.advisor, booked.id)).statusCode).toBe(403);
    const forOther = await ctx.app.inject({
      method: 'POST',
      url: `${api}/checkoutSession`,
      headers: await bearer(ctx.app, booked.host),
      payload: { sessionId: booked.id, adviseeId: stranger.id },
    });
    expect(forOther.statusCode).toBe(403);
  });

  it('refuses an expired hold', async () => {
    const booked = await bookSession(ctx);
    await fundWallet(ctx, booked.host, 2900);
    await lapseHold(ctx.database.db, booked.id);
    const res = await checkout(ctx, booked.host, booked.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(paymentMessages.expired);
    expect(await balanceOf(ctx, booked.host)).toBe(2900);
  });

  it('lets each group attendee pay their own share, after the host', async () => {
    const booked = await bookSession(ctx, { attendees: 1 });
    const attendee = booked.others[0]!;
    const share = Math.ceil(5800 / 2);
    await fundWallet(ctx, attendee, share);
    const early = await checkout(ctx, attendee, booked.id);
    expect(early.json().message).toBe(paymentMessages.hostFirst);
    await fundWallet(ctx, booked.host, share);
    expect((await checkout(ctx, booked.host, booked.id)).statusCode).toBe(200);
    const hostPaid = await getSession(ctx, booked.host, booked.id);
    expect(hostPaid.status).toBe('CONFIRMED');
    expect(hostPaid.groupSessionAttendees.map((a) => a.paymentStatus)).toEqual(['PAID', 'UNPAID']);
    expect((await checkout(ctx, attendee, booked.id)).statusCode).toBe(200);
    const allPaid = await getSession(ctx, attendee, booked.id);
    expect(allPaid.groupSessionAttendees.map((a) => a.paymentStatus)).toEqual(['PAID', 'PAID']);
    expect(await balanceOf(ctx, attendee)).toBe(0);
  });

  it('books a free session directly, with nothing to pay', async () => {
    await setPricing(ctx.database.db, { priceType: 'INDIVIDUAL', baseSessionPrice: 0, vatTax: 16 });
    try {
      const booked = await bookSession(ctx);
      expect(booked.amount).toBe(0);
      const session = await getSession(ctx, booked.host, booked.id);
      expect(session).toMatchObject({ status: 'CONFIRMED', paymentStatus: 'PAID' });
      const push = await payByMpesa(ctx, booked.host, booked.id, phones.pays);
      expect(push.json().message).toBe(paymentMessages.alreadyPaid);
      expect(await transactionsOf(ctx, booked.host)).toEqual([]);
    } finally {
      await setTestPrices(ctx.database.db);
    }
  });

  it('never overspends a wallet when two checkouts race', async () => {
    const first = await bookSession(ctx);
    const second = await bookSession(ctx, { hoursAhead: 96 });
    // The same mentee holds both bookings: move the second one's host to the first one's.
    const person = first.host;
    await ctx.database.db.update(sessions).set({ adviseeId: person.id }).where(eq(sessions.id, second.id));
    await ctx.database.db
      .update(sessionParticipants)
      .set({ adviseeId: person.id })
      .where(eq(sessionParticipants.sessionId, second.id));
    await fundWallet(ctx, person, 2900);

    const answers = await Promise.all([
      checkout(ctx, person, first.id),
      checkout(ctx, person, second.id),
      checkout(ctx, person, first.id),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 422, 422]);
    expect(await balanceOf(ctx, person)).toBe(0);
    expect(await transactionsOf(ctx, person, 'DEBIT')).toHaveLength(1);
    await expectLedgerConsistent(ctx.database.db);
  });
});
