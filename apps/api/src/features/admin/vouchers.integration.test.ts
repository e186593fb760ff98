import { type AdminVoucherDetails, adminMoneyMessages } from '@myprosper/contract/admin-money';
import { formatKes } from '@myprosper/contract/payments';
import { voucherMessages } from '@myprosper/contract/vouchers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import {
  createAdmin,
  createAdvisee,
  createAdvisor,
  setPricing,
  type UserRow,
} from '../../db/seed/factories.ts';
import { book, bookingPayload, everyDay, setTestPrices } from '../booking/booking.test-helpers.ts';
import {
  balanceOf,
  createPaymentsTestApp,
  expectLedgerConsistent,
  slotAhead,
} from '../payments/payments.test-helpers.ts';
import { buyByCard, codeMailedTo, messagesTo, newGift, redeem } from '../vouchers/vouchers.test-helpers.ts';
import { adminCall, auditRowsOf, callAs } from './admin.test-helpers.ts';

/** Issue 25: an operator finds a voucher, reads its history, cancels it with a refund or gives it to another mentor. */
describe('admin: one gift voucher', () => {
  let ctx: TestContext;
  let admin: UserRow;
  beforeAll(async () => {
    ctx = await createPaymentsTestApp({ JOBS_ENABLED: 'false' });
    admin = await createAdmin(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const details = (id: number) => adminCall<AdminVoucherDetails>(ctx, admin, 'GET', `vouchers/${id}`);

  it('cancels an unused voucher with its amount back to the buyer’s wallet, once, audited, and the code then pays nothing', async () => {
    const gift = await newGift(ctx);
    const voucher = await buyByCard(ctx, gift);
    const code = await codeMailedTo(ctx, gift.recipientEmail);
    const before = await details(voucher.id);
    expect(before).toMatchObject({ status: 'ACTIVE', canRefund: true, canReassign: true });
    expect(before.history.map((event) => event.what)).toEqual([
      `Bought by ${gift.buyer.name}`,
      'Paid by CARD',
      expect.stringMatching(/^Code sent to /),
    ]);

    const refund = () =>
      callAs(ctx.app, admin, 'POST', `vouchers/${voucher.id}/refund`, { reason: 'Recipient asked us' });
    const answers = await Promise.all([refund(), refund()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const done = answers.find((answer) => answer.statusCode === 200)!.json();
    expect(done.message).toBe(adminMoneyMessages.voucherRefunded(formatKes(voucher.amount), gift.buyer.name));
    expect(done.data).toMatchObject({ status: 'REFUNDED', canRefund: false, canReassign: false });
    expect((done.data as AdminVoucherDetails).history.at(-1)).toMatchObject({
      by: admin.name,
      reason: 'Recipient asked us',
    });
    expect(await balanceOf(ctx, gift.buyer)).toBe(voucher.amount);
    expect(await auditRowsOf(ctx, 'voucher', voucher.id)).toEqual([
      expect.objectContaining({ action: 'REFUND_VOUCHER', actorId: admin.id }),
    ]);
    const mail = await messagesTo(ctx, gift.buyer.email, 'EMAIL');
    expect(mail.map((message) => message.subject)).toContain(
      `Your gift voucher ${voucher.reference} was cancelled`,
    );

    // The buyer cannot have it refunded a second time by the owner's route either.
    const recipient = await createAdvisee(ctx.database.db, { email: gift.recipientEmail });
    const slot = await slotAhead(ctx, gift.advisor.id, 48, 0);
    const booked = await book(
      ctx,
      recipient,
      bookingPayload(gift.advisor.id, gift.topicId, slot, { paymentMode: 'VOUCHER' }),
    );
    const redeemed = await redeem(ctx, recipient, booked.json().data.id as number, code);
    expect(redeemed.statusCode).toBe(422);
    expect(redeemed.json().message).toBe(voucherMessages.invalidCode);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('gives an unused voucher to another active mentor of its program only, audited', async () => {
    const db = ctx.database.db;
    const gift = await newGift(ctx);
    const voucher = await buyByCard(ctx, gift);
    const other = await createAdvisor(db, { topicIds: [gift.topicId], availability: everyDay });
    const elsewhere = await createAdvisor(db, { availability: everyDay });
    const before = await details(voucher.id);
    expect(before.mentorsOfProgram.map((mentor) => mentor.id)).toContain(other.id);
    expect(before.mentorsOfProgram.map((mentor) => mentor.id)).not.toContain(gift.advisor.id);

    const wrong = await callAs(ctx.app, admin, 'POST', `vouchers/${voucher.id}/reassign`, {
      mentorId: elsewhere.id,
      reason: 'Try another program',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(adminMoneyMessages.voucherMentorNotGiving);
    const noReason = await callAs(ctx.app, admin, 'POST', `vouchers/${voucher.id}/reassign`, {
      mentorId: other.id,
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().message).toBe(`reason: ${adminMoneyMessages.giveReason}`);
    expect((await details(voucher.id)).mentor.id).toBe(gift.advisor.id);

    const moved = await adminCall<AdminVoucherDetails>(
      ctx,
      admin,
      'POST',
      `vouchers/${voucher.id}/reassign`,
      {
        mentorId: other.id,
        reason: 'Mentor on leave',
      },
    );
    expect(moved.mentor).toEqual({ id: other.id, name: other.name });
    expect(moved.history.at(-1)).toMatchObject({ what: `Given to ${other.name}`, reason: 'Mentor on leave' });
    expect(await auditRowsOf(ctx, 'voucher', voucher.id)).toEqual([
      expect.objectContaining({ action: 'REASSIGN_VOUCHER', actorId: admin.id }),
    ]);
  });

  it('extends an unused voucher to today’s price, paid by MyProsper; a refund then gives the buyer what they paid', async () => {
    const gift = await newGift(ctx);
    const voucher = await buyByCard(ctx, gift);
    expect((await details(voucher.id)).canExtend).toBe(false);
    const extend = () =>
      callAs(ctx.app, admin, 'POST', `vouchers/${voucher.id}/extend`, { reason: 'Prices rose in March' });
    const early = await extend();
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(adminMoneyMessages.voucherCoversPrice(formatKes(voucher.amount)));
    // Prices go up: the voucher no longer pays for a session with its mentor.
    await setPricing(ctx.database.db, { priceType: 'INDIVIDUAL', baseSessionPrice: 3000, vatTax: 16 });
    try {
      const before = await details(voucher.id);
      expect(before).toMatchObject({
        canExtend: true,
        currentPrice: 3480,
        amount: voucher.amount,
        toppedUp: 0,
      });
      const extended = await extend();
      expect(extended.statusCode, extended.body).toBe(200);
      expect(extended.json().message).toBe(adminMoneyMessages.voucherExtended(formatKes(3480)));
      expect(extended.json().data).toMatchObject({
        amount: 3480,
        toppedUp: 3480 - voucher.amount,
        canExtend: false,
      });
      expect((extended.json().data as AdminVoucherDetails).history.at(-1)).toMatchObject({
        by: admin.name,
        reason: 'Prices rose in March',
        what: `Extended to today's price, ${formatKes(3480)}, paid by MyProsper`,
      });
      expect((await extend()).statusCode).toBe(409);
      const mail = await messagesTo(ctx, gift.buyer.email, 'EMAIL');
      expect(mail.map((message) => message.subject)).toContain(
        `Your gift voucher ${voucher.reference} now covers a session at today's price`,
      );
      // Cancelled later: the buyer gets back what they paid, MyProsper its part.
      const refunded = await callAs(ctx.app, admin, 'POST', `vouchers/${voucher.id}/refund`, {
        reason: 'Recipient asked us',
      });
      expect(refunded.statusCode).toBe(200);
      expect(refunded.json().message).toBe(
        adminMoneyMessages.voucherRefunded(formatKes(voucher.amount), gift.buyer.name),
      );
      expect(await balanceOf(ctx, gift.buyer)).toBe(voucher.amount);
      expect((await auditRowsOf(ctx, 'voucher', voucher.id)).map((row) => row.action)).toEqual([
        'EXTEND_VOUCHER',
        'REFUND_VOUCHER',
      ]);
      await expectLedgerConsistent(ctx.database.db);
    } finally {
      await setTestPrices(ctx.database.db);
    }
  });

  it('answers 404 for a voucher that does not exist, and only to admins', async () => {
    const missing = await callAs(ctx.app, admin, 'GET', 'vouchers/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(adminMoneyMessages.voucherNotFound);
    const mentee = await createAdvisee(ctx.database.db);
    expect((await callAs(ctx.app, mentee, 'GET', 'vouchers/1')).statusCode).toBe(403);
    expect(
      (await callAs(ctx.app, mentee, 'POST', 'vouchers/1/refund', { reason: 'I want my money' })).statusCode,
    ).toBe(403);
  });
});
