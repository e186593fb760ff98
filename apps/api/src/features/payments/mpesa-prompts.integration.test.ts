import { paymentMessages } from '@myprosper/contract/payments';
import { defaultSessionRules } from '@myprosper/contract/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { payments } from '../../db/schema/payments.ts';
import { createVoucher, newGift, purchasePayload } from '../vouchers/vouchers.test-helpers.ts';
import {
  api,
  bearer,
  bookSession,
  createPaymentsTestApp,
  expectLedgerConsistent,
  payByMpesa,
  phones,
} from './payments.test-helpers.ts';

/** A number of the sandbox that pays, used by no other test (2547 1XXXXXXX). */
function freshNumber(): string {
  return `25471${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}

/** Issue 20, M-PESA prompts: nobody rings a phone again and again, from one account or many. */
describe('M-PESA prompts are limited per purpose and per number', () => {
  let ctx: TestContext;
  const perHour = defaultSessionRules.mpesaPromptsPerNumberPerHour;

  beforeAll(async () => {
    // The rule as it ships (the payments helper raises it for tests that share the sandbox's paying number).
    ctx = await createPaymentsTestApp({
      MPESA_PROMPTS_PER_NUMBER_PER_HOUR: String(perHour),
      JOBS_ENABLED: 'false',
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function pushesTo(phone: string) {
    return ctx.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.provider, 'MPESA'), eq(payments.phoneNumber, phone)));
  }

  it('a second prompt for a share while the first still waits is refused, to any number', async () => {
    const booked = await bookSession(ctx);
    const first = await payByMpesa(ctx, booked.host, booked.id, phones.noCallback);
    expect(first.statusCode, first.body).toBe(200);
    for (const phone of [phones.noCallback, freshNumber()]) {
      const again = await payByMpesa(ctx, booked.host, booked.id, phone);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(paymentMessages.promptPending);
    }
    expect(await pushesTo(phones.noCallback)).toHaveLength(1);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a second prompt for a voucher while the first still waits is refused', async () => {
    const gift = await newGift(ctx);
    const created = await createVoucher(
      ctx,
      gift.buyer,
      purchasePayload(gift, { paymentMode: 'MPESA', mpesaPhoneNumber: phones.noCallback }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `${api}/makeVoucherMpesaPayment`,
      headers: await bearer(ctx.app, gift.buyer),
      payload: { reference: created.json().data.reference, phoneNumber: freshNumber() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(paymentMessages.promptPending);
  });

  it(`ten prompts to one number at once, from ten accounts: ${perHour} ring, the rest are told to wait`, async () => {
    const target = freshNumber();
    const booked = await Promise.all(Array.from({ length: 10 }, () => bookSession(ctx)));
    const answers = await Promise.all(booked.map((b) => payByMpesa(ctx, b.host, b.id, target)));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(perHour);
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(refused).toHaveLength(10 - perHour);
    for (const res of refused) {
      expect(res.json().message).toBe(paymentMessages.tooManyPrompts(perHour));
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await pushesTo(target)).toHaveLength(perHour);
    // A voucher's prompt to the same number counts with them.
    const gift = await newGift(ctx);
    const voucher = await createVoucher(
      ctx,
      gift.buyer,
      purchasePayload(gift, { paymentMode: 'MPESA', mpesaPhoneNumber: target }),
    );
    expect(voucher.statusCode).toBe(429);
    expect(await pushesTo(target)).toHaveLength(perHour);
    await expectLedgerConsistent(ctx.database.db);
  });
});
