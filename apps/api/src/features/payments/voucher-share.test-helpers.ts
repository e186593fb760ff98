import { expect } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { createAdvisee, type UserRow, uniquePhone } from '../../db/seed/factories.ts';
import { book, bookingPayload } from '../booking/booking.test-helpers.ts';
import { buyByCard, codeMailedTo, newGift, redeem, voucherOf } from '../vouchers/vouchers.test-helpers.ts';
import { slotAhead } from './payments.test-helpers.ts';

/**
 * A gift voucher bought by card, and its recipient (a mentee of their own) booking a session with its mentor
 * `hoursAhead` or later and paying it with the code.
 */
export async function voucherPaidSession(ctx: TestContext, hoursAhead = 48) {
  const gift = await newGift(ctx);
  const voucher = await buyByCard(ctx, gift);
  const code = await codeMailedTo(ctx, gift.recipientEmail);
  const recipient: UserRow = await createAdvisee(ctx.database.db, { phoneNumber: uniquePhone() });
  const slot = await slotAhead(ctx, gift.advisor.id, hoursAhead);
  const booked = await book(
    ctx,
    recipient,
    bookingPayload(gift.advisor.id, gift.topicId, slot, { paymentMode: 'VOUCHER', voucherCode: 'N/A' }),
  );
  expect(booked.statusCode, booked.body).toBe(200);
  const session = booked.json().data as { id: number; reference: string };
  const paid = await redeem(ctx, recipient, session.id, code);
  expect(paid.statusCode, paid.body).toBe(200);
  return {
    session,
    recipient,
    mentor: gift.advisor,
    voucherStatus: async () => (await voucherOf(ctx, gift.buyer, voucher.reference)).status,
  };
}
