import { messages } from '@myprosper/contract/messages';
import { paymentMessages } from '@myprosper/contract/payments';
import { normaliseVoucherCode, type VoucherView, voucherMessages } from '@myprosper/contract/vouchers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { vouchers } from '../../db/schema/vouchers.ts';
import { createAdvisee, uniquePhone } from '../../db/seed/factories.ts';
import { book, bookingPayload, createMentor } from '../booking/booking.test-helpers.ts';
import {
  api,
  balanceOf,
  bearer,
  cancel,
  createPaymentsTestApp,
  eventually,
  expectLedgerConsistent,
  getSession,
  phones,
  slotAhead,
} from '../payments/payments.test-helpers.ts';
import { LedgerRepository } from '../wallet/wallet.door.ts';
import { hashVoucherCode } from './voucher-code.ts';
import { createVoucherPurchases } from './voucher-purchases.ts';
import {
  buyByCard,
  codeMailedTo,
  createVoucher,
  type Gift,
  messagesTo,
  newGift,
  purchasePayload,
  redeem,
  voucherOf,
} from './vouchers.test-helpers.ts';

describe('gift vouchers', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** A session of the gift's mentor and program booked by `user`, the `index`-th free slot 48 h ahead or later. */
  async function bookWithMentor(gift: Gift, user = gift.buyer, index = 0) {
    const slot = await slotAhead(ctx, gift.advisor.id, 48, index);
    const res = await book(
      ctx,
      user,
      bookingPayload(gift.advisor.id, gift.topicId, slot, { paymentMode: 'VOUCHER', voucherCode: 'N/A' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; reference: string };
  }

  async function expectProblem(payload: object, message: string, gift: Gift) {
    const res = await createVoucher(ctx, gift.buyer, payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(message);
  }

  it('checks every rule of the purchase with the spec’s messages', async () => {
    const gift = await newGift(ctx);
    const base = purchasePayload(gift);
    await expectProblem({ ...base, recipientName: '' }, messages.fillAllFields, gift);
    await expectProblem({ ...base, recipientEmail: undefined }, messages.fillAllFields, gift);
    await expectProblem({ ...base, recipientName: 'Amani' }, messages.fullName, gift);
    await expectProblem({ ...base, recipientEmail: 'amani@example' }, messages.invalidEmail, gift);
    await expectProblem({ ...base, recipientPhoneNumber: '0712 12' }, messages.invalidPhoneNo, gift);
    await expectProblem({ ...base, topicId: '' }, messages.fillAllFields, gift);
    await expectProblem({ ...base, advisorId: null }, messages.fillAllFields, gift);
    await expectProblem({ ...base, recipientNote: ' ' }, messages.fillAllFields, gift);
    await expectProblem({ ...base, paymentMode: 'MPESA', mpesaPhoneNumber: '' }, messages.fillPhone, gift);
    await expectProblem(
      { ...base, paymentMode: 'MPESA', mpesaPhoneNumber: '0712 3456' },
      messages.invalidPhoneNumber,
      gift,
    );
    const other = await createMentor(ctx.database.db);
    await expectProblem({ ...base, topicId: other.topic.id }, voucherMessages.topicNotOffered, gift);
    const nobody = await createVoucher(ctx, gift.buyer, { ...base, advisorId: gift.buyer.id });
    expect(nobody.statusCode).toBe(404);
    const notYou = await createVoucher(ctx, gift.buyer, { ...base, adviseeId: gift.advisor.id });
    expect(notYou.statusCode).toBe(403);
  });

  it('prices the voucher as an individual session and answers its reference number', async () => {
    const gift = await newGift(ctx);
    const res = await createVoucher(ctx, gift.buyer, purchasePayload(gift, { amount: 5 }));
    expect(res.statusCode, res.body).toBe(200);
    const voucher = res.json().data as VoucherView;
    expect(res.json().message).toBe(voucher.reference);
    expect(voucher.reference).toMatch(/^VCH-[2-9A-HJKMNP-Z]{6}$/);
    expect(voucher).toMatchObject({ status: 'PENDING_PAYMENT', amount: 2900, paymentMode: 'CARD' });
  });

  it('makes the code only once paid, mails and texts it to the recipient, and sends the buyer a receipt', async () => {
    const gift = await newGift(ctx);
    const created = await createVoucher(ctx, gift.buyer, purchasePayload(gift));
    const reference = (created.json().data as VoucherView).reference;
    expect(await messagesTo(ctx, gift.recipientEmail, 'EMAIL')).toEqual([]);
    const [before] = await ctx.database.db.select().from(vouchers).where(eq(vouchers.reference, reference));
    expect(before?.codeHash).toBeNull();

    const voucher = await buyByCard(ctx, { ...gift });
    const code = await codeMailedTo(ctx, gift.recipientEmail);
    const normalised = normaliseVoucherCode(code);
    expect(normalised).not.toBeNull();
    expect(normalised!.length).toBeGreaterThanOrEqual(12);
    const [mail] = await messagesTo(ctx, gift.recipientEmail, 'EMAIL');
    expect(mail?.body).toContain('Happy birthday! Enjoy a session on me.');
    const [sms] = await messagesTo(ctx, gift.recipientPhone, 'SMS');
    expect(sms?.body).toContain(code);
    const [receipt] = await eventually(async () => {
      const mails = await messagesTo(ctx, gift.buyer.email, 'EMAIL');
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(receipt?.subject).toBe(`Receipt: gift voucher ${voucher.reference}`);
    expect(receipt?.body).not.toContain(code);

    // Only the code's hash is kept.
    const [row] = await ctx.database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row?.codeHash).toBe(hashVoucherCode(normalised!));
    expect(JSON.stringify(row)).not.toContain(normalised!);

    const mine = await ctx.app.inject({
      method: 'GET',
      url: `${api}/myVouchers`,
      headers: await bearer(ctx.app, gift.buyer),
    });
    const list = mine.json().data as VoucherView[];
    expect(list.find((v) => v.id === voucher.id)).toMatchObject({
      status: 'ACTIVE',
      paidAt: expect.any(String),
    });
    expect(await balanceOf(ctx, gift.buyer)).toBe(0);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('is bought by M-PESA: the push pays it once the callback comes, and a failed push leaves it unpaid', async () => {
    const gift = await newGift(ctx);
    const failed = await createVoucher(
      ctx,
      gift.buyer,
      purchasePayload(gift, { paymentMode: 'MPESA', mpesaPhoneNumber: phones.cancelled }),
    );
    expect(failed.statusCode, failed.body).toBe(200);
    const reference = (failed.json().data as VoucherView).reference;
    await eventually(async () => {
      expect((await voucherOf(ctx, gift.buyer, reference)).lastPayment?.status).toBe('FAILED');
    });
    expect((await voucherOf(ctx, gift.buyer, reference)).status).toBe('PENDING_PAYMENT');
    expect(await messagesTo(ctx, gift.recipientEmail, 'EMAIL')).toEqual([]);

    const again = await ctx.app.inject({
      method: 'POST',
      url: `${api}/makeVoucherMpesaPayment`,
      headers: await bearer(ctx.app, gift.buyer),
      payload: { reference, phoneNumber: '0708 374149' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe(paymentMessages.initiated);
    await eventually(async () => {
      expect((await voucherOf(ctx, gift.buyer, reference)).status).toBe('ACTIVE');
      await codeMailedTo(ctx, gift.recipientEmail);
    });
    expect(await balanceOf(ctx, gift.buyer)).toBe(0);
    const paidTwice = await ctx.app.inject({
      method: 'POST',
      url: `${api}/makeVoucherMpesaPayment`,
      headers: await bearer(ctx.app, gift.buyer),
      payload: { reference, phoneNumber: '0708 374149' },
    });
    expect(paidTwice.statusCode).toBe(422);
    expect(paidTwice.json().message).toBe(voucherMessages.notPending);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('sends a paid voucher whose delivery was lost, with a new code (the job)', async () => {
    const gift = await newGift(ctx);
    const voucher = await buyByCard(ctx, gift);
    const first = await codeMailedTo(ctx, gift.recipientEmail);
    // The first delivery finishes (its receipt, then the mark) before the row is wound back.
    await eventually(async () => {
      const [row] = await ctx.database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
      expect(row?.deliveredAt).not.toBeNull();
    });
    // As if the process had died after taking the delivery, before the mail was confirmed sent.
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await ctx.database.db
      .update(vouchers)
      .set({ deliveredAt: null, deliveryClaimedAt: longAgo, paidAt: longAgo })
      .where(eq(vouchers.id, voucher.id));
    // The job's work (its schedule may also have run it meanwhile).
    await createVoucherPurchases(ctx.app).deliverPending();
    const second = await eventually(async () => {
      const code = await codeMailedTo(ctx, gift.recipientEmail);
      expect(code).not.toBe(first);
      return code;
    });
    const recipient = await createAdvisee(ctx.database.db);
    const session = await bookWithMentor(gift, recipient);
    expect((await redeem(ctx, recipient, session.id, first)).json().message).toBe(
      voucherMessages.invalidCode,
    );
    expect((await redeem(ctx, recipient, session.id, second)).statusCode).toBe(200);
    expect(await createVoucherPurchases(ctx.app).deliverPending()).toBe(0);
  });

  it('pays one session with its mentor and program, once; wrong and mismatched codes are refused', async () => {
    const gift = await newGift(ctx);
    await buyByCard(ctx, gift);
    const code = await codeMailedTo(ctx, gift.recipientEmail);
    const recipient = await createAdvisee(ctx.database.db, { email: gift.recipientEmail });
    const session = await bookWithMentor(gift, recipient);

    const unknown = await redeem(ctx, recipient, session.id, 'ABCD-EFGH-JKMN-PQRS');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(voucherMessages.invalidCode);
    const malformed = await redeem(ctx, recipient, session.id, 'not a code');
    expect(malformed.json().message).toBe(voucherMessages.invalidCode);

    const elsewhere = await createMentor(ctx.database.db);
    const slot = await slotAhead(ctx, elsewhere.advisor.id, 48, 1);
    const otherBooking = await book(
      ctx,
      recipient,
      bookingPayload(elsewhere.advisor.id, elsewhere.topic.id, slot),
    );
    const mismatch = await redeem(ctx, recipient, otherBooking.json().data.id, code);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().message).toBe(voucherMessages.otherMentorOrProgram);

    const paid = await redeem(ctx, recipient, session.id, code.toLowerCase());
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().message).toBe(voucherMessages.redeemed);
    expect(await getSession(ctx, recipient, session.id)).toMatchObject({
      status: 'CONFIRMED',
      paymentStatus: 'PAID',
    });
    expect(await balanceOf(ctx, recipient)).toBe(0);

    const second = await bookWithMentor(gift, recipient, 3);
    const used = await redeem(ctx, recipient, second.id, code);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe(voucherMessages.alreadyUsed);
    expect((await getSession(ctx, recipient, second.id)).paymentStatus).toBe('UNPAID');
    await expectLedgerConsistent(ctx.database.db);
  });

  it('is usable again when the session it paid is cancelled and refunded', async () => {
    const gift = await newGift(ctx);
    const voucher = await buyByCard(ctx, gift);
    const code = await codeMailedTo(ctx, gift.recipientEmail);
    const recipient = await createAdvisee(ctx.database.db, { phoneNumber: uniquePhone() });
    const first = await bookWithMentor(gift, recipient);
    expect((await redeem(ctx, recipient, first.id, code)).statusCode).toBe(200);
    expect((await voucherOf(ctx, gift.buyer, voucher.reference)).status).toBe('REDEEMED');

    const cancelled = await cancel(ctx, recipient, first.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await voucherOf(ctx, gift.buyer, voucher.reference)).status).toBe('ACTIVE');
    const ledger = new LedgerRepository(ctx.database.db);
    expect(await ledger.sessionEscrow(first.id)).toBe(0);

    const next = await bookWithMentor(gift, recipient, 5);
    const again = await redeem(ctx, recipient, next.id, code);
    expect(again.statusCode, again.body).toBe(200);
    expect((await getSession(ctx, recipient, next.id)).paymentStatus).toBe('PAID');
    await expectLedgerConsistent(ctx.database.db);
  });

  it('pays exactly one of 20 bookings that use one code at the same time', async () => {
    const gift = await newGift(ctx);
    await buyByCard(ctx, gift);
    const code = await codeMailedTo(ctx, gift.recipientEmail);
    const people = await Promise.all(Array.from({ length: 20 }, () => createAdvisee(ctx.database.db)));
    const { bookableSlots } = await (async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${api}/getAdvisorAvailability/${gift.advisor.id}`,
      });
      return res.json().data as { bookableSlots: Array<{ date: string; time: string; startsAt: string }> };
    })();
    const later = bookableSlots.filter((s) => new Date(s.startsAt).getTime() > Date.now() + 48 * 3_600_000);
    const vouchersBefore = await new LedgerRepository(ctx.database.db).derivedBalance({
      platform: 'VOUCHERS',
    });

    const answers = await Promise.all(
      people.map(async (person, i) => {
        const booked = await book(
          ctx,
          person,
          bookingPayload(gift.advisor.id, gift.topicId, later[i]!, {
            paymentMode: 'VOUCHER',
            voucherCode: code,
          }),
        );
        expect(booked.statusCode, booked.body).toBe(200);
        const sessionId = booked.json().data.id as number;
        const answer = await redeem(ctx, person, sessionId, code);
        return { person, sessionId, status: answer.statusCode, message: answer.json().message as string };
      }),
    );
    const paid = answers.filter((a) => a.status === 200);
    expect(paid).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => a.message)).toEqual(Array(19).fill(voucherMessages.alreadyUsed));
    for (const answer of answers) {
      const session = await getSession(ctx, answer.person, answer.sessionId);
      expect(session.paymentStatus).toBe(answer.status === 200 ? 'PAID' : 'UNPAID');
    }
    const vouchersAfter = await new LedgerRepository(ctx.database.db).derivedBalance({
      platform: 'VOUCHERS',
    });
    expect(vouchersBefore - vouchersAfter).toBe(2900);
    await expectLedgerConsistent(ctx.database.db);
  });
});
