import type { CreateVoucherRequest, VoucherView } from '@myprosper/contract/vouchers';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { outboxMessages } from '../../db/schema/messaging.ts';
import { createAdvisee, type UserRow, uniqueSuffix } from '../../db/seed/factories.ts';
import { createMentor } from '../booking/booking.test-helpers.ts';
import { cardForm, payOnHostedPage, postReceipt, testCards } from '../payments/card.test-helpers.ts';
import { api, bearer, eventually } from '../payments/payments.test-helpers.ts';

/** Helpers of the voucher integration tests. */

export interface Gift {
  buyer: UserRow;
  advisor: UserRow & { id: number };
  topicId: number;
  recipientEmail: string;
  /** 2547XXXXXXXX, as the SMS outbox keeps it. */
  recipientPhone: string;
}

/** A mentor giving one program, a buyer, and a recipient's unique address and phone. */
export async function newGift(ctx: TestContext): Promise<Gift> {
  const db = ctx.database.db;
  const { advisor, topic } = await createMentor(db);
  const buyer = await createAdvisee(db);
  const suffix = uniqueSuffix();
  const digits = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  return {
    buyer,
    advisor,
    topicId: topic.id,
    recipientEmail: `recipient.${suffix}@example.com`,
    recipientPhone: `2547${digits}`,
  };
}

export function purchasePayload(
  gift: Gift,
  overrides: Partial<CreateVoucherRequest> = {},
): CreateVoucherRequest {
  return {
    adviseeId: gift.buyer.id,
    recipientName: 'Amani Otieno',
    recipientEmail: gift.recipientEmail,
    recipientPhoneNumber: `+${gift.recipientPhone}`,
    topicId: gift.topicId,
    advisorId: gift.advisor.id,
    amount: 1,
    paymentMode: 'CARD',
    mpesaPhoneNumber: 'N/A',
    recipientNote: 'Happy birthday! Enjoy a session on me.',
    ...overrides,
  };
}

export async function createVoucher(ctx: TestContext, user: UserRow, payload: CreateVoucherRequest | object) {
  return ctx.app.inject({
    method: 'POST',
    url: `${api}/createVoucher`,
    headers: await bearer(ctx.app, user),
    payload,
  });
}

/** Buys a voucher and pays it by card on the hosted page (the test card that pays). */
export async function buyByCard(ctx: TestContext, gift: Gift): Promise<VoucherView> {
  const created = await createVoucher(ctx, gift.buyer, purchasePayload(gift));
  expect(created.statusCode, created.body).toBe(200);
  const voucher = created.json().data as VoucherView;
  const form = await cardForm(ctx, gift.buyer, 'VOUCHER', voucher.reference);
  const hosted = await payOnHostedPage(ctx, form, testCards.accept);
  const back = await postReceipt(ctx, hosted.action, hosted.fields);
  expect(back.statusCode, back.body).toBe(303);
  expect(back.headers.location).toBe(`/buyVoucher?voucher=${voucher.reference}&outcome=paid`);
  return voucher;
}

export async function messagesTo(ctx: TestContext, recipient: string, channel: 'EMAIL' | 'SMS') {
  return ctx.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.channel, channel)))
    .orderBy(desc(outboxMessages.id));
}

/**
 * The code in the newest voucher e-mail to the recipient, waiting for it: the channel that applied the
 * payment (the browser's receipt or the merchant POST) sends it once the payment is saved.
 */
export async function codeMailedTo(ctx: TestContext, email: string): Promise<string> {
  return eventually(async () => {
    const [mail] = await messagesTo(ctx, email, 'EMAIL');
    const code = /Your voucher code: ([A-Z0-9-]+)/.exec(mail?.body ?? '')?.[1];
    if (!code) throw new Error(`no voucher code mailed to ${email}`);
    return code;
  });
}

export async function redeem(ctx: TestContext, user: UserRow, sessionId: number, voucherCode: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `${api}/redeemVoucher`,
    headers: await bearer(ctx.app, user),
    payload: { sessionId, voucherCode },
  });
}

export async function voucherOf(ctx: TestContext, user: UserRow, reference: string): Promise<VoucherView> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${api}/getVoucher/${reference}`,
    headers: await bearer(ctx.app, user),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as VoucherView;
}
