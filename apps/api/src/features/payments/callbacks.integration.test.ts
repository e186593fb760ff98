import { paymentMessages } from '@myprosper/contract/payments';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newReceiptNumber } from '../../../sandbox/daraja/daraja-rules.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { ledgerTransactions, type payments } from '../../db/schema/payments.ts';
import { mpesaReconcileJobName } from './payments.jobs.ts';
import {
  api,
  balanceOf,
  bookSession,
  createPaymentsTestApp,
  eventually,
  expectLedgerConsistent,
  getSession,
  payByMpesa,
  paymentRow,
  phones,
  sandboxHasSettled,
  transactionsOf,
} from './payments.test-helpers.ts';

type Payment = typeof payments.$inferSelect;

/** A callback as Daraja sends it for this payment, with what a test wants changed. */
function callbackFor(
  payment: Payment,
  options: { resultCode?: number; amount?: number; receipt?: string; checkoutRequestId?: string } = {},
) {
  const resultCode = options.resultCode ?? 0;
  const stkCallback: Record<string, unknown> = {
    MerchantRequestID: payment.merchantRequestId,
    CheckoutRequestID: options.checkoutRequestId ?? payment.checkoutRequestId,
    ResultCode: resultCode,
    ResultDesc:
      resultCode === 0 ? 'The service request is processed successfully.' : 'Request cancelled by user',
  };
  if (resultCode === 0) {
    stkCallback.CallbackMetadata = {
      Item: [
        { Name: 'Amount', Value: options.amount ?? payment.amount },
        { Name: 'MpesaReceiptNumber', Value: options.receipt ?? newReceiptNumber() },
        { Name: 'Balance' },
        { Name: 'TransactionDate', Value: 20260115093012 },
        { Name: 'PhoneNumber', Value: Number(payment.phoneNumber) },
      ],
    };
  }
  return { Body: { stkCallback } };
}

describe('M-PESA callbacks: applied once, only when they match, only forward', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  function post(token: string, body: unknown) {
    return ctx.app.inject({ method: 'POST', url: `${api}/mpesa/callback/${token}`, payload: body as object });
  }

  /** A booking and a push whose callback the sandbox never sends: the test sends its own. */
  async function pendingPayment() {
    const booked = await bookSession(ctx);
    const res = await payByMpesa(ctx, booked.host, booked.id, phones.noCallback);
    expect(res.statusCode, res.body).toBe(200);
    const payment = await paymentRow(ctx.database.db, res.json().data.id);
    expect(payment.checkoutRequestId).toMatch(/^ws_CO_\d{17}\d{9}$/);
    return { booked, payment };
  }

  async function ledgerRowsOf(paymentId: number) {
    const [row] = await ctx.database.db
      .select({ n: count() })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.paymentId, paymentId));
    return row?.n ?? 0;
  }

  it('ignores a forged callback (wrong token), and one naming another push', async () => {
    const { booked, payment } = await pendingPayment();
    const forged = await post('A'.repeat(43), callbackFor(payment));
    expect(forged.statusCode).toBe(200);
    const otherPush = await post(
      payment.callbackToken,
      callbackFor(payment, { checkoutRequestId: 'ws_CO_0' }),
    );
    expect(otherPush.statusCode).toBe(200);
    expect((await paymentRow(ctx.database.db, payment.id)).status).toBe('PENDING');
    expect((await getSession(ctx, booked.host, booked.id)).paymentStatus).toBe('UNPAID');
    expect(await ledgerRowsOf(payment.id)).toBe(0);
  });

  it('ignores a success for another amount', async () => {
    const { payment } = await pendingPayment();
    await post(payment.callbackToken, callbackFor(payment, { amount: 1 }));
    await post(payment.callbackToken, callbackFor(payment, { amount: payment.amount + 1 }));
    expect((await paymentRow(ctx.database.db, payment.id)).status).toBe('PENDING');
    expect(await ledgerRowsOf(payment.id)).toBe(0);
  });

  it('applies a duplicate once, and a late failure after success changes nothing', async () => {
    const { booked, payment } = await pendingPayment();
    const receipt = newReceiptNumber();
    const first = await post(payment.callbackToken, callbackFor(payment, { receipt }));
    expect(first.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    await post(payment.callbackToken, callbackFor(payment, { receipt }));
    await post(payment.callbackToken, callbackFor(payment));
    await post(payment.callbackToken, callbackFor(payment, { resultCode: 1032 }));
    const row = await paymentRow(ctx.database.db, payment.id);
    expect(row).toMatchObject({ status: 'SUCCEEDED', providerReference: receipt });
    expect(await transactionsOf(ctx, booked.host, 'CREDIT')).toHaveLength(1);
    expect((await getSession(ctx, booked.host, booked.id)).status).toBe('CONFIRMED');
    await expectLedgerConsistent(ctx.database.db);
  });

  it('applies one of several copies arriving at once', async () => {
    const { booked, payment } = await pendingPayment();
    const body = callbackFor(payment);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(payment.callbackToken, body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await ledgerRowsOf(payment.id)).toBe(1);
    expect(await transactionsOf(ctx, booked.host, 'CREDIT')).toHaveLength(1);
    expect((await getSession(ctx, booked.host, booked.id)).status).toBe('CONFIRMED');
    await expectLedgerConsistent(ctx.database.db);
  });

  it('never lets a success follow a failure', async () => {
    const { booked, payment } = await pendingPayment();
    await post(payment.callbackToken, callbackFor(payment, { resultCode: 1032 }));
    await post(payment.callbackToken, callbackFor(payment));
    expect(await paymentRow(ctx.database.db, payment.id)).toMatchObject({
      status: 'FAILED',
      failureReason: 'The payment was cancelled on the phone.',
    });
    expect(await balanceOf(ctx, booked.host)).toBe(0);
    expect(await ledgerRowsOf(payment.id)).toBe(0);
  });

  it('refuses a receipt number already used by another payment', async () => {
    const first = await pendingPayment();
    const second = await pendingPayment();
    const receipt = newReceiptNumber();
    await post(first.payment.callbackToken, callbackFor(first.payment, { receipt }));
    await post(second.payment.callbackToken, callbackFor(second.payment, { receipt }));
    expect((await paymentRow(ctx.database.db, first.payment.id)).status).toBe('SUCCEEDED');
    expect((await paymentRow(ctx.database.db, second.payment.id)).status).toBe('PENDING');
  });

  it('asks no second push while one waits: the waiting one pays, and nothing lands in the wallet', async () => {
    // Two pushes for one share once paid twice (the later first, the earlier into the wallet): a push waiting
    // on the phone now refuses another for the same share (issue 20).
    const booked = await bookSession(ctx);
    const a = await paymentRow(
      ctx.database.db,
      (await payByMpesa(ctx, booked.host, booked.id, phones.noCallback)).json().data.id,
    );
    const again = await payByMpesa(ctx, booked.host, booked.id, phones.noCallback);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(paymentMessages.promptPending);
    await post(a.callbackToken, callbackFor(a));
    expect((await getSession(ctx, booked.host, booked.id)).status).toBe('CONFIRMED');
    expect(await paymentRow(ctx.database.db, a.id)).toMatchObject({ status: 'SUCCEEDED', outcomeNote: null });
    expect(await balanceOf(ctx, booked.host)).toBe(0);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('leaves nothing half-done when the booking update fails after the money was posted', async () => {
    const { booked, payment } = await pendingPayment();
    const db = ctx.database.db;
    // A failure inside the callback's transaction, after the ledger rows were written.
    await db.execute(
      sql.raw(`
      CREATE FUNCTION test_fail_session_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated crash'; END; $$;
      CREATE TRIGGER test_fail_session_update BEFORE UPDATE ON sessions
        FOR EACH ROW WHEN (NEW.id = ${booked.id}) EXECUTE FUNCTION test_fail_session_update();`),
    );
    try {
      const crashed = await post(payment.callbackToken, callbackFor(payment));
      expect(crashed.statusCode).toBe(500);
      expect((await paymentRow(db, payment.id)).status).toBe('PENDING');
      expect(await ledgerRowsOf(payment.id)).toBe(0);
      expect(await transactionsOf(ctx, booked.host)).toEqual([]);
      expect((await getSession(ctx, booked.host, booked.id)).paymentStatus).toBe('UNPAID');
    } finally {
      await db.execute(
        sql.raw(
          'DROP TRIGGER test_fail_session_update ON sessions; DROP FUNCTION test_fail_session_update();',
        ),
      );
    }
    // Daraja sends it again: now it is applied, whole.
    expect((await post(payment.callbackToken, callbackFor(payment))).statusCode).toBe(200);
    expect((await getSession(ctx, booked.host, booked.id)).status).toBe('CONFIRMED');
    await expectLedgerConsistent(db);
  });
});

describe('a lost callback', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp({ MPESA_RECONCILE_AFTER_SECONDS: '0' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('is recovered by the query job: the session is paid, the failure recorded', async () => {
    const paid = await bookSession(ctx);
    const failed = await bookSession(ctx);
    const paidId = (await payByMpesa(ctx, paid.host, paid.id, phones.noCallback)).json().data.id as number;
    const failedId = (await payByMpesa(ctx, failed.host, failed.id, '254700000004')).json().data.id as number;
    // Once the sandbox has settled both pushes, its query answers the outcomes it never posted.
    for (const id of [paidId, failedId]) {
      const { checkoutRequestId } = await paymentRow(ctx.database.db, id);
      await eventually(async () => expect(await sandboxHasSettled(ctx, checkoutRequestId ?? '')).toBe(true));
    }
    expect((await paymentRow(ctx.database.db, paidId)).status).toBe('PENDING');
    await ctx.app.jobs.trigger(mpesaReconcileJobName);

    await eventually(async () => {
      expect((await getSession(ctx, paid.host, paid.id)).status).toBe('CONFIRMED');
    }, 15_000);
    expect(await paymentRow(ctx.database.db, paidId)).toMatchObject({
      status: 'SUCCEEDED',
      providerReference: null,
    });
    expect(await transactionsOf(ctx, paid.host, 'CREDIT')).toEqual([
      expect.objectContaining({ amount: 2900, description: 'M-PESA top-up' }),
    ]);
    await eventually(async () => {
      expect(await paymentRow(ctx.database.db, failedId)).toMatchObject({
        status: 'FAILED',
        resultCode: 1032,
      });
    });
    await expectLedgerConsistent(ctx.database.db);
  });
});
