import { messages } from '@myprosper/contract/messages';
import { paymentMessages } from '@myprosper/contract/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { createAdvisee } from '../../db/seed/factories.ts';
import { book, bookingPayload, lapseHold } from '../booking/booking.test-helpers.ts';
import {
  api,
  balanceOf,
  bearer,
  bookSession,
  createPaymentsTestApp,
  eventually,
  expectLedgerConsistent,
  fundWallet,
  getSession,
  payByMpesa,
  paymentRow,
  phones,
  requestLog,
  transactionsOf,
} from './payments.test-helpers.ts';

describe('paying a session by M-PESA through the Daraja sandbox', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function lastPayment(user: Parameters<typeof bearer>[1], sessionId: number) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${api}/getLastPayment/${sessionId}`,
      headers: await bearer(ctx.app, user),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      id: number;
      status: string;
      reason: string | null;
      receipt: string | null;
    } | null;
  }

  it('pays the share: the wallet is topped up and the session paid from it, and the booking is confirmed', async () => {
    const booked = await bookSession(ctx);
    expect(await lastPayment(booked.host, booked.id)).toBeNull();
    const res = await payByMpesa(ctx, booked.host, booked.id, '0708 374149');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Payment initiation successful. Please refresh the page after making payment.',
    );
    expect(res.json().data).toMatchObject({ amount: 2900, phoneNumber: phones.pays });
    // The attempt as it stands when the push is accepted: the sandbox may already have called back.
    expect(['PENDING', 'SUCCEEDED']).toContain(res.json().data.status);

    const paid = await eventually(async () => {
      const session = await getSession(ctx, booked.host, booked.id);
      expect(session.status).toBe('CONFIRMED');
      return session;
    });
    expect(paid.paymentStatus).toBe('PAID');
    expect(paid.holdExpiresAt).toBeNull();
    const attempt = await lastPayment(booked.host, booked.id);
    expect(attempt?.status).toBe('SUCCEEDED');
    expect(attempt?.receipt).toMatch(/^[A-Z0-9]{10}$/);

    expect(await balanceOf(ctx, booked.host)).toBe(0);
    const credits = await transactionsOf(ctx, booked.host, 'CREDIT');
    const debits = await transactionsOf(ctx, booked.host, 'DEBIT');
    expect(credits).toEqual([
      expect.objectContaining({
        amount: 2900,
        transactionType: 'CREDIT',
        description: `M-PESA top-up ${attempt?.receipt}`,
      }),
    ]);
    expect(debits).toEqual([
      expect.objectContaining({
        amount: 2900,
        transactionType: 'DEBIT',
        description: `Session ${booked.reference} with ${booked.advisor.name}`,
      }),
    ]);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('checks the phone by the spec and who pays for what', async () => {
    const booked = await bookSession(ctx);
    const empty = await payByMpesa(ctx, booked.host, booked.id, '');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(messages.fillPhone);
    const short = await payByMpesa(ctx, booked.host, booked.id, '07083741');
    expect(short.json().message).toBe(messages.invalidPhoneNumber);

    const stranger = await createAdvisee(ctx.database.db);
    expect((await payByMpesa(ctx, stranger, booked.id, phones.pays)).statusCode).toBe(404);
    expect((await payByMpesa(ctx, booked.advisor, booked.id, phones.pays)).statusCode).toBe(403);
    const forOther = await ctx.app.inject({
      method: 'POST',
      url: `${api}/makeMpesaPayment`,
      headers: await bearer(ctx.app, booked.host),
      payload: { phoneNumber: phones.pays, sessionId: booked.id, adviseeID: stranger.id },
    });
    expect(forOther.statusCode).toBe(403);
  });

  it('asks for the share less the wallet balance, whatever amount the browser sends', async () => {
    const booked = await bookSession(ctx);
    await fundWallet(ctx, booked.host, 900);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${api}/makeMpesaPayment`,
      headers: await bearer(ctx.app, booked.host),
      payload: { phoneNumber: phones.pays, amount: 1, adviseeID: booked.host.id, sessionId: booked.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.amount).toBe(2000);
    await eventually(async () =>
      expect((await getSession(ctx, booked.host, booked.id)).status).toBe('CONFIRMED'),
    );
    expect(await balanceOf(ctx, booked.host)).toBe(0);

    const covered = await bookSession(ctx);
    await fundWallet(ctx, covered.host, 2900);
    const refused = await payByMpesa(ctx, covered.host, covered.id, phones.pays);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(paymentMessages.useCheckout);
  });

  it.each([
    ['insufficient funds', phones.insufficient, 'Your M-PESA balance was not enough for this payment.'],
    ['a cancelled prompt', phones.cancelled, 'The payment was cancelled on the phone.'],
    [
      'a phone that cannot be reached',
      phones.timeout,
      'The phone could not be reached in time. Please check it is on and try again.',
    ],
    ['a wrong PIN', phones.wrongPin, 'The M-PESA PIN entered was wrong.'],
  ])('shows %s as a failed attempt with its reason, and charges nothing', async (_case, phone, reason) => {
    const booked = await bookSession(ctx);
    expect((await payByMpesa(ctx, booked.host, booked.id, phone)).statusCode).toBe(200);
    const attempt = await eventually(async () => {
      const last = await lastPayment(booked.host, booked.id);
      expect(last?.status).toBe('FAILED');
      return last;
    });
    expect(attempt?.reason).toBe(reason);
    const session = await getSession(ctx, booked.host, booked.id);
    expect(session.status).toBe('PENDING_PAYMENT');
    expect(session.paymentStatus).toBe('UNPAID');
    expect(await transactionsOf(ctx, booked.host)).toEqual([]);
  });

  it('applies a callback sent twice once', async () => {
    // An app of its own whose request log shows when the sandbox's second callback has been answered.
    const log = requestLog();
    const own = await createPaymentsTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });
    try {
      const booked = await bookSession(own);
      const res = await payByMpesa(own, booked.host, booked.id, phones.twice);
      const paymentId = res.json().data.id as number;
      await eventually(async () => expect(log.answered('/mpesa/callback/')).toBe(2));
      expect((await paymentRow(own.database.db, paymentId)).status).toBe('SUCCEEDED');
      expect(await transactionsOf(own, booked.host, 'CREDIT')).toHaveLength(1);
      expect(await balanceOf(own, booked.host)).toBe(0);
      await expectLedgerConsistent(own.database.db);
    } finally {
      await own.close();
    }
  });

  it('lets a group attendee pay their share once the host has paid', async () => {
    const booked = await bookSession(ctx, { attendees: 2 });
    const attendee = booked.others[0]!;
    const early = await payByMpesa(ctx, attendee, booked.id, phones.pays);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(paymentMessages.hostFirst);

    const hostPays = await payByMpesa(ctx, booked.host, booked.id, phones.pays);
    expect(hostPays.json().data.amount).toBe(Math.ceil(5800 / 3));
    await eventually(async () =>
      expect((await getSession(ctx, booked.host, booked.id)).status).toBe('CONFIRMED'),
    );

    expect((await payByMpesa(ctx, attendee, booked.id, phones.pays)).statusCode).toBe(200);
    const session = await eventually(async () => {
      const s = await getSession(ctx, attendee, booked.id);
      expect(s.groupSessionAttendees.find((a) => a.adviseeId === attendee.id)?.paymentStatus).toBe('PAID');
      return s;
    });
    expect(
      session.groupSessionAttendees.find((a) => a.adviseeId === booked.others[1]!.id)?.paymentStatus,
    ).toBe('UNPAID');
    await expectLedgerConsistent(ctx.database.db);
  });

  it('confirms a payment that arrives after the hold lapsed while the slot is still free', async () => {
    const booked = await bookSession(ctx);
    const res = await payByMpesa(ctx, booked.host, booked.id, phones.pays);
    expect(res.statusCode).toBe(200);
    await lapseHold(ctx.database.db, booked.id);
    await eventually(async () =>
      expect((await getSession(ctx, booked.host, booked.id)).status).toBe('CONFIRMED'),
    );
  });

  it('keeps the money in the wallet when the slot was taken after the hold lapsed', async () => {
    const booked = await bookSession(ctx);
    // The callback never comes by itself: the test sends it once the slot is someone else's.
    const paying = await payByMpesa(ctx, booked.host, booked.id, phones.noCallback);
    const paymentId = paying.json().data.id as number;
    await lapseHold(ctx.database.db, booked.id);
    const other = await createAdvisee(ctx.database.db);
    const takeover = await book(ctx, other, bookingPayload(booked.advisor.id, booked.topicId, booked.slot));
    expect(takeover.statusCode, takeover.body).toBe(200);

    const payment = await paymentRow(ctx.database.db, paymentId);
    const callback = await ctx.app.inject({
      method: 'POST',
      url: `${api}/mpesa/callback/${payment.callbackToken}`,
      payload: {
        Body: {
          stkCallback: {
            MerchantRequestID: payment.merchantRequestId,
            CheckoutRequestID: payment.checkoutRequestId,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: payment.amount },
                { Name: 'MpesaReceiptNumber', Value: `LATE${paymentId}XYZ`.slice(0, 10) },
                { Name: 'PhoneNumber', Value: Number(phones.noCallback) },
              ],
            },
          },
        },
      },
    });
    expect(callback.statusCode).toBe(200);
    const session = await getSession(ctx, booked.host, booked.id);
    expect(session.status).toBe('EXPIRED');
    expect(await balanceOf(ctx, booked.host)).toBe(2900);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${api}/getLastPayment/${booked.id}`,
      headers: await bearer(ctx.app, booked.host),
    });
    expect(res.json().data).toMatchObject({ status: 'SUCCEEDED', note: paymentMessages.slotTakenKept });
    await expectLedgerConsistent(ctx.database.db);
  });
});
