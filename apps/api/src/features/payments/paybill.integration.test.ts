import { paybillMessages } from '@myprosper/contract/paybill';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { paybillPayments } from '../../db/schema/paybill.ts';
import { createAdmin, createAdvisee, type UserRow } from '../../db/seed/factories.ts';
import { c2bUrls } from '../../providers/mpesa-c2b.ts';
import { adminCall, auditRowsOf, callAs } from '../admin/admin.test-helpers.ts';
import { registerPaybillUrls } from './payments.door.ts';
import {
  api,
  balanceOf,
  bearer,
  bookSession,
  c2bConfirmation,
  createPaymentsTestApp,
  eventually,
  expectLedgerConsistent,
  getSession,
  payByMpesa,
  paymentRow,
  phones,
} from './payments.test-helpers.ts';

const sandbox = '/sandbox/daraja';

describe('the Paybill fallback (M-PESA C2B) through the Daraja sandbox', () => {
  let ctx: TestContext;
  let admin: UserRow;

  beforeAll(async () => {
    // The sandbox answers 300 ms after it acknowledges: a busy machine still reads a reversal as asked first.
    ctx = await createPaymentsTestApp({ JOBS_ENABLED: 'false', MPESA_SANDBOX_DELAY_MS: '300' });
    admin = await createAdmin(ctx.database.db);
    expect(await registerPaybillUrls(ctx.app)).toBe('REGISTERED');
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function details(user: UserRow, sessionId: number) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${api}/paybill/${sessionId}`,
      headers: await bearer(ctx.app, user),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      businessNumber: string;
      accountReference: string;
      amount: number;
      lastCode: { code: string; status: string; reason: string | null } | null;
    };
  }

  /** The customer pays our paybill on their phone (the sandbox's control endpoint). */
  async function customerPays(input: {
    account: string;
    amount: number;
    phone?: string;
    confirmations?: number;
    validation?: boolean;
  }) {
    const res = await ctx.app.inject({ method: 'POST', url: `${sandbox}/c2b/pay`, payload: input });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { TransID: string; accepted: boolean; validation: { ResultCode: string } | null };
  }

  async function typeCode(user: UserRow, sessionId: number, code: string) {
    return ctx.app.inject({
      method: 'POST',
      url: `${api}/paybill/${sessionId}/code`,
      headers: await bearer(ctx.app, user),
      payload: { code },
    });
  }

  async function kept(transId: string) {
    const [row] = await ctx.database.db
      .select()
      .from(paybillPayments)
      .where(eq(paybillPayments.transId, transId));
    return row;
  }

  async function suspense(): Promise<number> {
    const [row] = (
      await ctx.database.db.execute<{ total: number }>(sql`
        SELECT coalesce(sum(e.amount), 0)::int AS total FROM ledger_entries e
        JOIN ledger_accounts a ON a.id = e.account_id WHERE a.code = 'PAYBILL_SUSPENSE'`)
    ).rows;
    return row?.total ?? 0;
  }

  it('gives each share a short unambiguous reference and the exact amount, the same on every visit', async () => {
    const booked = await bookSession(ctx);
    const first = await details(booked.host, booked.id);
    expect(first).toMatchObject({ businessNumber: '174379', amount: 2900, lastCode: null });
    expect(first.accountReference).toMatch(/^BK[A-HJ-NP-Z2-9]{6}$/);
    expect((await details(booked.host, booked.id)).accountReference).toBe(first.accountReference);
    // Someone else's session is not theirs to see.
    const stranger = await createAdvisee(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${api}/paybill/${booked.id}`,
      headers: await bearer(ctx.app, stranger),
    });
    expect(res.statusCode).toBe(404);
  });

  it('confirms the booking when the right reference and amount are paid, as an STK payment would', async () => {
    const booked = await bookSession(ctx);
    const { accountReference, amount } = await details(booked.host, booked.id);
    // Customers type references loosely: lower case, spaces, a '#'.
    const typed = `#${accountReference.slice(0, 2).toLowerCase()} ${accountReference.slice(2)}`;
    const paid = await customerPays({ account: typed, amount });
    expect(paid).toMatchObject({ accepted: true, validation: { ResultCode: '0' } });

    const session = await getSession(ctx, booked.host, booked.id);
    expect(session.status).toBe('CONFIRMED');
    expect(session.paymentStatus).toBe('PAID');
    const last = await ctx.app.inject({
      method: 'GET',
      url: `${api}/getLastPayment/${booked.id}`,
      headers: await bearer(ctx.app, booked.host),
    });
    expect(last.json().data).toMatchObject({ status: 'SUCCEEDED', receipt: paid.TransID, amount: 2900 });
    expect(await balanceOf(ctx, booked.host)).toBe(0);
    expect((await kept(paid.TransID))?.status).toBe('APPLIED');
    await expectLedgerConsistent(ctx.database.db);
  });

  it('refuses at validation a payment naming no booking or the wrong amount: no money moves', async () => {
    const booked = await bookSession(ctx);
    const { accountReference, amount } = await details(booked.host, booked.id);
    const unknown = await customerPays({ account: 'BK222222', amount });
    expect(unknown).toMatchObject({ accepted: false, validation: { ResultCode: 'C2B00012' } });
    const short = await customerPays({ account: accountReference, amount: amount - 100 });
    expect(short).toMatchObject({ accepted: false, validation: { ResultCode: 'C2B00013' } });
    expect(await kept(unknown.TransID)).toBeUndefined();
    expect(await kept(short.TransID)).toBeUndefined();
    expect((await getSession(ctx, booked.host, booked.id)).status).toBe('PENDING_PAYMENT');
  });

  it('keeps a short payment (no validation) for review, and an admin credits it to a wallet once, audited', async () => {
    const booked = await bookSession(ctx);
    const { accountReference } = await details(booked.host, booked.id);
    const before = await suspense();
    const short = await customerPays({ account: accountReference, amount: 1000, validation: false });
    expect(short.accepted).toBe(true);
    expect(await kept(short.TransID)).toMatchObject({
      status: 'REVIEW',
      problem: 'WRONG_AMOUNT',
      amount: 1000,
    });
    expect((await getSession(ctx, booked.host, booked.id)).status).toBe('PENDING_PAYMENT');
    expect(await suspense()).toBe(before + 1000);

    const list = await adminCall<{ id: number; receipt: string; suggestedUserId: number | null }[]>(
      ctx,
      admin,
      'GET',
      'paybill',
    );
    const item = list.find((p) => p.receipt === short.TransID)!;
    expect(item).toMatchObject({
      problem: 'WRONG_AMOUNT',
      sessionId: booked.id,
      suggestedUserId: booked.host.id,
    });

    // Not an admin: refused, nothing moves.
    const asMentee = await callAs(ctx.app, booked.host, 'POST', `paybill/${item.id}/credit`, {
      userId: booked.host.id,
      note: 'mine',
    });
    expect(asMentee.statusCode).toBe(403);

    const credited = await adminCall<{ status: string }>(ctx, admin, 'POST', `paybill/${item.id}/credit`, {
      userId: booked.host.id,
      note: 'Short payment for BK, credited to the payer',
    });
    expect(credited.status).toBe('CREDITED');
    expect(await balanceOf(ctx, booked.host)).toBe(1000);
    expect(await suspense()).toBe(before);
    const again = await callAs(ctx.app, admin, 'POST', `paybill/${item.id}/credit`, {
      userId: admin.id,
      note: 'twice',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(paybillMessages.notForReview);
    expect(await balanceOf(ctx, booked.host)).toBe(1000);
    expect((await auditRowsOf(ctx, 'paybill_payment', item.id)).map((r) => r.action)).toEqual([
      'CREDIT_PAYBILL_PAYMENT',
    ]);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('keeps a payment with an unknown reference, and an admin sends it back by M-PESA Reversal, once', async () => {
    const before = await suspense();
    const stray = await customerPays({ account: 'HOUSE 12', amount: 750, validation: false });
    expect(await kept(stray.TransID)).toMatchObject({ status: 'REVIEW', problem: 'UNKNOWN_REFERENCE' });
    expect(await suspense()).toBe(before + 750);
    const id = (await kept(stray.TransID))!.id;
    const asked = await adminCall<{ status: string }>(ctx, admin, 'POST', `paybill/${id}/refund`, {
      note: 'Nobody claims it: back to the payer',
    });
    expect(asked.status).toBe('REVERSING');
    const twice = await callAs(ctx.app, admin, 'POST', `paybill/${id}/refund`, { note: 'again' });
    expect(twice.statusCode).toBe(422);
    await eventually(async () => expect((await kept(stray.TransID))?.status).toBe('REFUNDED'));
    expect(await suspense()).toBe(before);
    expect((await auditRowsOf(ctx, 'paybill_payment', id)).map((r) => r.action)).toEqual([
      'REFUND_PAYBILL_PAYMENT',
    ]);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('confirms a booking by its typed code when the confirmation never came (Transaction Status)', async () => {
    const booked = await bookSession(ctx);
    // The prompt that never came is still pending meanwhile.
    expect((await payByMpesa(ctx, booked.host, booked.id, '0700 000004')).statusCode).toBe(200);
    const { accountReference, amount } = await details(booked.host, booked.id);
    const paid = await customerPays({
      account: accountReference,
      amount,
      phone: booked.host.phoneNumber!,
      confirmations: 0,
    });
    expect(await kept(paid.TransID)).toBeUndefined();
    const res = await typeCode(booked.host, booked.id, paid.TransID);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(paybillMessages.codeAccepted);
    await eventually(async () =>
      expect((await details(booked.host, booked.id)).lastCode).toMatchObject({ status: 'CONFIRMED' }),
    );
    const session = await getSession(ctx, booked.host, booked.id);
    expect(session.status).toBe('CONFIRMED');
    expect(await kept(paid.TransID)).toMatchObject({ status: 'APPLIED', source: 'TYPED_CODE' });
    // The same code again, by the same payer: nothing more happens.
    const again = await typeCode(booked.host, booked.id, paid.TransID);
    expect(again.statusCode).toBe(200);
    expect(await balanceOf(ctx, booked.host)).toBe(0);
    await expectLedgerConsistent(ctx.database.db);
  });

  it("refuses a typed code of another phone's payment, or one M-PESA does not know; the payer can still claim it", async () => {
    const payer = await bookSession(ctx);
    const { accountReference, amount } = await details(payer.host, payer.id);
    const paid = await customerPays({
      account: accountReference,
      amount,
      phone: payer.host.phoneNumber!,
      confirmations: 0,
    });
    const thief = await bookSession(ctx);
    await details(thief.host, thief.id);
    expect((await typeCode(thief.host, thief.id, paid.TransID)).statusCode).toBe(200);
    await eventually(async () =>
      expect((await details(thief.host, thief.id)).lastCode).toMatchObject({
        status: 'REFUSED',
        reason: paybillMessages.codeNotYours,
      }),
    );
    expect((await getSession(ctx, thief.host, thief.id)).status).toBe('PENDING_PAYMENT');

    expect((await typeCode(thief.host, thief.id, 'TZZZZZZZZZ')).statusCode).toBe(200);
    await eventually(async () =>
      expect((await details(thief.host, thief.id)).lastCode).toMatchObject({
        code: 'TZZZZZZZZZ',
        status: 'REFUSED',
        reason: paybillMessages.codeNotFound,
      }),
    );

    expect((await typeCode(payer.host, payer.id, paid.TransID)).statusCode).toBe(200);
    await eventually(async () =>
      expect((await getSession(ctx, payer.host, payer.id)).status).toBe('CONFIRMED'),
    );
    await expectLedgerConsistent(ctx.database.db);
  });

  it('counts a confirmation sent twice once', async () => {
    const booked = await bookSession(ctx);
    const { accountReference, amount } = await details(booked.host, booked.id);
    const paid = await customerPays({ account: accountReference, amount, confirmations: 2 });
    const rows = await ctx.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM payments WHERE provider_reference = ${paid.TransID}`,
    );
    expect(rows.rows[0]?.n).toBe(1);
    expect((await getSession(ctx, booked.host, booked.id)).status).toBe('CONFIRMED');
    expect(await balanceOf(ctx, booked.host)).toBe(0);
    await expectLedgerConsistent(ctx.database.db);
  });

  async function postConfirmation(body: Record<string, string>) {
    const url = new URL(c2bUrls(ctx.app.env).confirmationUrl);
    const res = await ctx.app.inject({ method: 'POST', url: url.pathname, payload: body });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('counts an STK payment once when its receipt is also confirmed to the Paybill URLs, after it', async () => {
    const booked = await bookSession(ctx);
    const pushed = await payByMpesa(ctx, booked.host, booked.id, '0708 374149');
    expect(pushed.statusCode, pushed.body).toBe(200);
    const paid = await eventually(async () => {
      const row = await paymentRow(ctx.database.db, pushed.json().data.id);
      expect(row.status).toBe('SUCCEEDED');
      return row;
    });
    expect(paid.providerReference).toMatch(/^[A-Z0-9]{10}$/);
    await postConfirmation(c2bConfirmation(paid.providerReference!, booked.reference, 2900));
    expect(await kept(paid.providerReference!)).toMatchObject({ status: 'APPLIED', paymentId: paid.id });
    expect(await balanceOf(ctx, booked.host)).toBe(0);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('counts an STK payment once when its receipt is confirmed to the Paybill URLs before its callback', async () => {
    const booked = await bookSession(ctx);
    const pushed = await payByMpesa(ctx, booked.host, booked.id, `0${phones.noCallback.slice(3)}`);
    expect(pushed.statusCode, pushed.body).toBe(200);
    const push = await paymentRow(ctx.database.db, pushed.json().data.id);
    const receipt = `TQ${String(push.id).padStart(8, '7')}`.slice(0, 10);
    const before = await suspense();
    // M-PESA confirms the push's receipt to our Paybill URLs first, with the session's reference: kept.
    await postConfirmation(c2bConfirmation(receipt, booked.reference, 2900));
    expect(await kept(receipt)).toMatchObject({ status: 'REVIEW', problem: 'UNKNOWN_REFERENCE' });
    expect(await suspense()).toBe(before + 2900);
    // Then the push's own callback: it pays the session, and the kept copy is released, not counted again.
    const callback = await ctx.app.inject({
      method: 'POST',
      url: `${api}/mpesa/callback/${push.callbackToken}`,
      payload: {
        Body: {
          stkCallback: {
            MerchantRequestID: push.merchantRequestId,
            CheckoutRequestID: push.checkoutRequestId,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: 2900 },
                { Name: 'MpesaReceiptNumber', Value: receipt },
                { Name: 'TransactionDate', Value: 20260115093012 },
                { Name: 'PhoneNumber', Value: Number(phones.noCallback) },
              ],
            },
          },
        },
      },
    });
    expect(callback.statusCode, callback.body).toBe(200);
    expect((await getSession(ctx, booked.host, booked.id)).status).toBe('CONFIRMED');
    expect(await kept(receipt)).toMatchObject({ status: 'APPLIED', paymentId: push.id });
    expect(await suspense()).toBe(before);
    expect(await balanceOf(ctx, booked.host)).toBe(0);
    await expectLedgerConsistent(ctx.database.db);
  });

  it("lets a payer claim a payment kept under a mistyped reference with its code; never someone else's", async () => {
    const booked = await bookSession(ctx);
    const { amount } = await details(booked.host, booked.id);
    const mistyped = await customerPays({
      account: 'BK-WRONG',
      amount,
      phone: booked.host.phoneNumber!,
      validation: false,
    });
    expect(await kept(mistyped.TransID)).toMatchObject({ status: 'REVIEW', problem: 'UNKNOWN_REFERENCE' });

    // Another mentee with a booking of the same price types the code: not from their phone, refused.
    const other = await bookSession(ctx);
    await details(other.host, other.id);
    const stolen = await typeCode(other.host, other.id, mistyped.TransID.toLowerCase());
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().message).toBe(paybillMessages.codeNotYours);
    expect((await getSession(ctx, other.host, other.id)).status).toBe('PENDING_PAYMENT');

    const claimed = await typeCode(booked.host, booked.id, ` ${mistyped.TransID} `);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect((await getSession(ctx, booked.host, booked.id)).status).toBe('CONFIRMED');
    expect(await kept(mistyped.TransID)).toMatchObject({ status: 'APPLIED' });

    // Used: not again, by anyone.
    const again = await typeCode(other.host, other.id, mistyped.TransID);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(paybillMessages.codeUsed);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('refuses a typed code of a payment of the wrong amount, which stays kept for review', async () => {
    const booked = await bookSession(ctx);
    await details(booked.host, booked.id);
    const short = await customerPays({
      account: 'nothing',
      amount: 100,
      phone: booked.host.phoneNumber!,
      validation: false,
    });
    const res = await typeCode(booked.host, booked.id, short.TransID);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(paybillMessages.codeWrongAmount(100, 2900));
    expect(await kept(short.TransID)).toMatchObject({ status: 'REVIEW' });
    expect((await getSession(ctx, booked.host, booked.id)).status).toBe('PENDING_PAYMENT');
  });

  it('refuses a code already counted for another booking, and malformed codes', async () => {
    const first = await bookSession(ctx);
    const { accountReference, amount } = await details(first.host, first.id);
    const paid = await customerPays({ account: accountReference, amount });
    const second = await bookSession(ctx);
    const res = await typeCode(second.host, second.id, paid.TransID);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(paybillMessages.codeUsed);
    const malformed = await typeCode(second.host, second.id, 'ABC');
    expect(malformed.statusCode).toBe(422);
  });

  it('answers validation and confirmation only at the secret path', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${api}/paybill/c2b/aaaaaaaaaaaaaaaaaaaaaaaa/confirm`,
      payload: c2bConfirmation('TFORGED001', 'BK222222', 2900),
    });
    expect(res.statusCode).toBe(404);
    expect(await kept('TFORGED001')).toBeUndefined();
  });
});

describe('the sandbox C2B URL registration', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    // Callbacks to an https address (never called here: nothing is paid), as production needs.
    ctx = await createPaymentsTestApp({
      JOBS_ENABLED: 'false',
      MPESA_CALLBACK_BASE_URL: 'https://pay.myprosper.test',
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function token(): Promise<string> {
    const basic = Buffer.from(
      `${ctx.app.env.MPESA_CONSUMER_KEY}:${ctx.app.env.MPESA_CONSUMER_SECRET}`,
    ).toString('base64');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${sandbox}/oauth/v1/generate?grant_type=client_credentials`,
      headers: { authorization: `Basic ${basic}` },
    });
    return res.json().access_token as string;
  }

  async function register(body: Record<string, string>, version = 'v2') {
    return ctx.app.inject({
      method: 'POST',
      url: `${sandbox}/mpesa/c2b/${version}/registerurl`,
      headers: { authorization: `Bearer ${await token()}` },
      payload: body,
    });
  }

  it('takes sentence-case ResponseType only, refuses banned words, and in production https and one registration', async () => {
    const urls = c2bUrls(ctx.app.env);
    const good = {
      ShortCode: '174379',
      ResponseType: 'Completed',
      ConfirmationURL: urls.confirmationUrl,
      ValidationURL: urls.validationUrl,
    };
    const ok = await register(good, 'v1');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ ResponseCode: '0', ResponseDescription: 'Success' });
    expect(ok.json().OriginatorCoversationID).toBeTruthy();

    const lower = await register({ ...good, ResponseType: 'completed' });
    expect(lower.json().errorMessage).toBe('Bad Request - Invalid ResponseType');
    const banned = await register({ ...good, ConfirmationURL: `${urls.confirmationUrl}?query=1` });
    expect(banned.json().errorMessage).toBe('Bad Request - Invalid ConfirmationURL');
    expect((await register({ ...good, ShortCode: '600000' })).json().errorMessage).toBe(
      'Bad Request - Invalid ShortCode',
    );
    // The sandbox overwrites a registration.
    expect((await register(good)).statusCode).toBe(200);

    await ctx.app.inject({
      method: 'POST',
      url: `${sandbox}/c2b/mode`,
      payload: { production: true, forget: true },
    });
    const http = await register({
      ...good,
      ConfirmationURL: `${ctx.app.env.PUBLIC_URL}/myprosper/api/paybill/c2b/x/confirm`,
    });
    expect(http.json().errorMessage).toBe('Bad Request - Invalid ConfirmationURL');
  });

  it('refuses a second registration in production mode; the app takes that as registered already', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: `${sandbox}/c2b/mode`,
      payload: { production: false, forget: true },
    });
    expect(await registerPaybillUrls(ctx.app)).toBe('REGISTERED');
    await ctx.app.inject({ method: 'POST', url: `${sandbox}/c2b/mode`, payload: { production: true } });
    expect(await registerPaybillUrls(ctx.app)).toBe('ALREADY');
  });
});
