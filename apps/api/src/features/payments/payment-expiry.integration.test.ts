import type { AdminDashboard } from '@myprosper/contract/admin-insights';
import { paymentMessages } from '@myprosper/contract/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newReceiptNumber } from '../../../sandbox/daraja/daraja-rules.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { wireFeatures } from '../../app.ts';
import { payments } from '../../db/schema/payments.ts';
import { createAdmin, type UserRow } from '../../db/seed/factories.ts';
import { paymentOutcomes } from '../../lib/metrics.ts';
import { adminCall } from '../admin/admin.test-helpers.ts';
import { cardForm, payOnHostedPage, postReceipt, signedReceipt } from './card.test-helpers.ts';
import {
  api,
  balanceOf,
  bearer,
  bookSession,
  createPaymentsTestApp,
  expectLedgerConsistent,
  getSession,
  payByMpesa,
  paymentRow,
  phones,
} from './payments.test-helpers.ts';

type Payment = typeof payments.$inferSelect;

/**
 * Issue 25: a payment that can no longer complete (an STK push M-PESA never answers, a card checkout nobody
 * finished) is closed as EXPIRED with its reason and leaves the dashboard's stuck count; no money moves. A
 * success that comes after all is still applied, never lost.
 */
describe('payments nobody answered expire', () => {
  let ctx: TestContext;
  let admin: UserRow;

  beforeAll(async () => {
    // The sandbox answers pushes only after ten minutes here: until then M-PESA says "being processed".
    ctx = await createPaymentsTestApp({ MPESA_SANDBOX_DELAY_MS: '600000', JOBS_ENABLED: 'false' });
    admin = await createAdmin(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const expiry = () => wireFeatures(ctx.app).expiry;
  const stuck = async () => (await adminCall<AdminDashboard>(ctx, admin, 'GET', 'dashboard')).stuckPayments;

  /** Makes a payment look `minutes` old. */
  async function age(paymentId: number, minutes: number) {
    await ctx.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(payments.id, paymentId));
  }

  /** A push the phone never answered and M-PESA still calls "being processed". */
  async function unansweredPush() {
    const booked = await bookSession(ctx, { hoursAhead: 72 });
    const res = await payByMpesa(ctx, booked.host, booked.id, phones.pays);
    expect(res.statusCode, res.body).toBe(200);
    return { booked, payment: await paymentRow(ctx.database.db, res.json().data.id) };
  }

  function callback(payment: Payment, resultCode: number, receipt = newReceiptNumber()) {
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: payment.merchantRequestId,
      CheckoutRequestID: payment.checkoutRequestId,
      ResultCode: resultCode,
      ResultDesc:
        resultCode === 0 ? 'The service request is processed successfully.' : 'Request cancelled by user',
    };
    if (resultCode === 0) {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: payment.amount },
          { Name: 'MpesaReceiptNumber', Value: receipt },
          { Name: 'TransactionDate', Value: 20260115093012 },
          { Name: 'PhoneNumber', Value: Number(payment.phoneNumber) },
        ],
      };
    }
    return ctx.app.inject({
      method: 'POST',
      url: `${api}/mpesa/callback/${payment.callbackToken}`,
      payload: { Body: { stkCallback } },
    });
  }

  it('closes a push with no answer after asking M-PESA once more; a late success still pays the session', async () => {
    const { booked, payment } = await unansweredPush();
    const young = await unansweredPush();
    await age(payment.id, 61);
    await age(young.payment.id, 30);
    const stuckBefore = await stuck();
    const expiredBefore = (await paymentOutcomes.get()).values.find(
      (value) => value.labels.call === 'expiry' && value.labels.provider === 'mpesa',
    );

    expect(await expiry().run()).toEqual({ mpesa: 1, card: 0 });
    const expired = await paymentRow(ctx.database.db, payment.id);
    expect(expired).toMatchObject({
      status: 'EXPIRED',
      failureReason: paymentMessages.mpesaExpired(60),
      completedAt: null,
    });
    expect(expired.expiredAt).not.toBeNull();
    expect((await paymentRow(ctx.database.db, young.payment.id)).status).toBe('PENDING');
    expect(await stuck()).toBe(stuckBefore - 1);
    const expiredNow = (await paymentOutcomes.get()).values.find(
      (value) => value.labels.call === 'expiry' && value.labels.provider === 'mpesa',
    );
    expect((expiredNow?.value ?? 0) - (expiredBefore?.value ?? 0)).toBe(1);
    // The payer reads why, and no money moved.
    const seen = await ctx.app.inject({
      method: 'GET',
      url: `${api}/getLastPayment/${booked.id}`,
      headers: await bearer(ctx.app, booked.host),
    });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toMatchObject({ status: 'EXPIRED', reason: paymentMessages.mpesaExpired(60) });
    expect(await balanceOf(ctx, booked.host)).toBe(0);
    // Running again changes nothing.
    expect(await expiry().run()).toEqual({ mpesa: 0, card: 0 });

    // M-PESA's success comes after all: the money is applied and pays the session.
    const receipt = newReceiptNumber();
    const late = await callback(expired, 0, receipt);
    expect(late.statusCode).toBe(200);
    const paid = await paymentRow(ctx.database.db, payment.id);
    expect(paid).toMatchObject({ status: 'SUCCEEDED', providerReference: receipt });
    expect(paid.expiredAt).toEqual(expired.expiredAt);
    expect((await getSession(ctx, booked.host, booked.id)).paymentStatus).toBe('PAID');
    await expectLedgerConsistent(ctx.database.db);
  });

  it('keeps an expired push expired when a late failure comes, and never applies a success twice', async () => {
    const { payment } = await unansweredPush();
    await age(payment.id, 90);
    await expiry().run();
    expect((await callback(payment, 1032)).statusCode).toBe(200);
    expect((await paymentRow(ctx.database.db, payment.id)).status).toBe('EXPIRED');
    const receipt = newReceiptNumber();
    expect((await callback(payment, 0, receipt)).statusCode).toBe(200);
    expect((await callback(payment, 0, receipt)).statusCode).toBe(200);
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.providerReference, receipt));
    expect(rows).toHaveLength(1);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('closes a card checkout nobody finished; a late charge lands in the wallet and pays the session', async () => {
    const booked = await bookSession(ctx, { hoursAhead: 72 });
    const form = await cardForm(ctx, booked.host, 'SESSION', booked.id);
    const uuid = form.fields.transaction_uuid!;
    const [checkout] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.checkoutRequestId, uuid));
    await age(checkout!.id, 121);
    expect(await expiry().run()).toEqual({ mpesa: 0, card: 1 });
    expect(await paymentRow(ctx.database.db, checkout!.id)).toMatchObject({
      status: 'EXPIRED',
      failureReason: paymentMessages.cardExpired(120),
    });
    // A decline that comes late changes nothing; the card page's own receipt of a charge is applied.
    const receiptPage = form.fields.override_custom_receipt_page!;
    const declined = await postReceipt(ctx, receiptPage, signedReceipt(ctx, form.fields, 'DECLINE'));
    expect(declined.statusCode).toBeLessThan(500);
    expect((await paymentRow(ctx.database.db, checkout!.id)).status).toBe('EXPIRED');
    const charged = await payOnHostedPage(ctx, form, '4111111111111111');
    expect((await postReceipt(ctx, charged.action, charged.fields)).statusCode).toBeLessThan(500);
    expect((await paymentRow(ctx.database.db, checkout!.id)).status).toBe('SUCCEEDED');
    expect((await getSession(ctx, booked.host, booked.id)).paymentStatus).toBe('PAID');
    await expectLedgerConsistent(ctx.database.db);
  });
});
