import { type VoucherView, voucherMessages } from '@myprosper/contract/vouchers';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { advisorTopics } from '../../db/schema/catalogue.ts';
import { users } from '../../db/schema/users.ts';
import { createAdvisee, createAdvisor } from '../../db/seed/factories.ts';
import { book, bookingPayload, createMentor, everyDay } from '../booking/booking.test-helpers.ts';
import {
  api,
  balanceOf,
  bearer,
  createPaymentsTestApp,
  expectLedgerConsistent,
  getSession,
  slotAhead,
} from '../payments/payments.test-helpers.ts';
import { buyByCard, codeMailedTo, type Gift, newGift, redeem, voucherOf } from './vouchers.test-helpers.ts';

/** Issue 20, vouchers: a voucher whose mentor left or dropped its program is never stranded. */
describe('vouchers whose mentor is gone', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const refund = async (gift: Gift, reference: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `${api}/refundVoucher`,
      headers: await bearer(ctx.app, gift.buyer),
      payload: { reference },
    });

  async function bookAndRedeem(
    advisorId: number,
    topicId: number,
    user: Gift['buyer'],
    code: string,
    slotIndex = 0,
  ) {
    const slot = await slotAhead(ctx, advisorId, 48, slotIndex);
    const booked = await book(
      ctx,
      user,
      bookingPayload(advisorId, topicId, slot, { paymentMode: 'VOUCHER' }),
    );
    expect(booked.statusCode, booked.body).toBe(200);
    const sessionId = booked.json().data.id as number;
    return { sessionId, answer: await redeem(ctx, user, sessionId, code) };
  }

  it('books another mentor of its program once its mentor stopped giving it; never another program', async () => {
    const db = ctx.database.db;
    const gift = await newGift(ctx);
    const voucher = await buyByCard(ctx, gift);
    const code = await codeMailedTo(ctx, gift.recipientEmail);
    const recipient = await createAdvisee(db, { email: gift.recipientEmail });
    const sameProgram = await createAdvisor(db, { topicIds: [gift.topicId], availability: everyDay });

    // While its mentor gives the program, another mentor of it is refused.
    const early = await bookAndRedeem(sameProgram.id, gift.topicId, recipient, code);
    expect(early.answer.statusCode).toBe(422);
    expect(early.answer.json().message).toBe(voucherMessages.otherMentorOrProgram);
    expect((await voucherOf(ctx, gift.buyer, voucher.reference)).mentorGone).toBe(false);

    await db
      .delete(advisorTopics)
      .where(and(eq(advisorTopics.advisorId, gift.advisor.id), eq(advisorTopics.topicId, gift.topicId)));
    expect((await voucherOf(ctx, gift.buyer, voucher.reference)).mentorGone).toBe(true);

    const elsewhere = await createMentor(db);
    const otherProgram = await bookAndRedeem(elsewhere.advisor.id, elsewhere.topic.id, recipient, code, 2);
    expect(otherProgram.answer.statusCode).toBe(422);

    const paid = await redeem(ctx, recipient, early.sessionId, code);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await getSession(ctx, recipient, early.sessionId)).toMatchObject({ paymentStatus: 'PAID' });
    expect((await voucherOf(ctx, gift.buyer, voucher.reference)).status).toBe('REDEEMED');
    // A used voucher is not refunded as well.
    expect((await refund(gift, voucher.reference)).statusCode).toBe(409);
    await expectLedgerConsistent(db);
  });

  it('is refunded to the buyer’s wallet once its mentor left, once; its code then pays nothing', async () => {
    const db = ctx.database.db;
    const gift = await newGift(ctx);
    const voucher = await buyByCard(ctx, gift);
    const code = await codeMailedTo(ctx, gift.recipientEmail);

    const early = await refund(gift, voucher.reference);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(voucherMessages.mentorStillGives);
    expect(await balanceOf(ctx, gift.buyer)).toBe(0);

    await db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, gift.advisor.id));
    const answers = await Promise.all([refund(gift, voucher.reference), refund(gift, voucher.reference)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const refunded = answers.find((res) => res.statusCode === 200)!;
    expect(refunded.json().message).toBe(voucherMessages.refunded);
    expect(refunded.json().data as VoucherView).toMatchObject({ status: 'REFUNDED', mentorGone: true });
    expect(await balanceOf(ctx, gift.buyer)).toBe(voucher.amount);

    const recipient = await createAdvisee(db, { email: gift.recipientEmail });
    const sameProgram = await createAdvisor(db, { topicIds: [gift.topicId], availability: everyDay });
    const late = await bookAndRedeem(sameProgram.id, gift.topicId, recipient, code);
    expect(late.answer.statusCode).toBe(422);
    expect(late.answer.json().message).toBe(voucherMessages.invalidCode);
    await expectLedgerConsistent(db);
  });

  it('is refunded only to its buyer', async () => {
    const gift = await newGift(ctx);
    const voucher = await buyByCard(ctx, gift);
    await ctx.database.db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, gift.advisor.id));
    const stranger = await createAdvisee(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${api}/refundVoucher`,
      headers: await bearer(ctx.app, stranger),
      payload: { reference: voucher.reference },
    });
    expect(res.statusCode).toBe(404);
    expect(await balanceOf(ctx, stranger)).toBe(0);
  });
});
