import { cardMessages } from '@myprosper/contract/card';
import { paymentMessages } from '@myprosper/contract/payments';
import { sessionMessages } from '@myprosper/contract/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { createAdvisee } from '../../db/seed/factories.ts';
import { signCardFields } from '../../providers/card.ts';
import {
  cardForm,
  cardPayment,
  formBody,
  payOnHostedPage,
  postReceipt,
  requestCardForm,
  signedReceipt,
  testCards,
  topUpsOf,
} from './card.test-helpers.ts';
import {
  balanceOf,
  bookSession,
  createPaymentsTestApp,
  eventually,
  expectLedgerConsistent,
  getSession,
  transactionsOf,
} from './payments.test-helpers.ts';

describe('paying a session by card (Secure Acceptance hosted checkout)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('signs the form on the server for the caller’s share, and keeps a PENDING card payment', async () => {
    const booked = await bookSession(ctx);
    const form = await cardForm(ctx, booked.host, 'SESSION', booked.id);
    expect(form.payUrl).toBe('http://localhost:3000/sandbox/cybersource/pay');
    expect(form.fields).toMatchObject({
      reference_number: booked.reference,
      amount: '2900.00',
      currency: 'KES',
      transaction_type: 'sale',
      locale: 'en',
      override_custom_receipt_page: 'http://localhost:3000/myprosper/api/card/receipt/session',
      override_custom_cancel_page: 'http://localhost:3000/myprosper/api/card/receipt/session',
    });
    expect(form.fields.signed_date_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(form.fields.signature).toHaveLength(44);
    expect(JSON.stringify(form)).not.toContain(ctx.env.CARD_SECRET_KEY);
    const payment = await cardPayment(ctx, form.fields.transaction_uuid!);
    expect(payment).toMatchObject({ status: 'PENDING', amount: 2900, sessionId: booked.id });
  });

  it('only signs for a mentee of the session with something left to pay', async () => {
    const booked = await bookSession(ctx);
    const stranger = await createAdvisee(ctx.database.db);
    expect((await requestCardForm(ctx, stranger, 'SESSION', booked.id)).statusCode).toBe(404);
    expect((await requestCardForm(ctx, booked.advisor, 'SESSION', booked.id)).statusCode).toBe(403);
    const form = await cardForm(ctx, booked.host, 'SESSION', booked.id);
    const hosted = await payOnHostedPage(ctx, form, testCards.accept);
    await postReceipt(ctx, hosted.action, hosted.fields);
    for (const id of ['3000000000', '-1', '1.5', 'abc']) {
      const notASession = await requestCardForm(ctx, booked.host, 'SESSION', id);
      expect(notASession.statusCode).toBe(404);
      expect(notASession.json().message).toBe(sessionMessages.sessionNotFound);
    }
    const again = await requestCardForm(ctx, booked.host, 'SESSION', booked.id);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(paymentMessages.alreadyPaid);
  });

  it('pays the session through the hosted page: receipt and merchant POST both arrive, applied once', async () => {
    const booked = await bookSession(ctx);
    const form = await cardForm(ctx, booked.host, 'SESSION', booked.id);
    const hosted = await payOnHostedPage(ctx, form, testCards.accept);
    expect(hosted.action).toBe('http://localhost:3000/myprosper/api/card/receipt/session');
    expect(hosted.fields).toMatchObject({ decision: 'ACCEPT', req_amount: '2900.00' });

    const back = await postReceipt(ctx, hosted.action, hosted.fields);
    expect(back.statusCode, back.body).toBe(303);
    expect(back.headers.location).toBe(`/sessions/${booked.id}?outcome=paid`);

    const payment = await cardPayment(ctx, form.fields.transaction_uuid!);
    expect(payment.status).toBe('SUCCEEDED');
    expect(payment.providerReference).toBe(hosted.fields.transaction_id);
    const session = await getSession(ctx, booked.host, booked.id);
    expect(session).toMatchObject({ status: 'CONFIRMED', paymentStatus: 'PAID' });
    // The merchant POST of the hosted page came too (in the background): still one top-up.
    await eventually(async () => {
      const again = await postReceipt(ctx, '/myprosper/api/card/notify', hosted.fields);
      expect(again.statusCode).toBe(200);
    });
    expect(await topUpsOf(ctx, payment.id)).toBe(1);
    expect(await balanceOf(ctx, booked.host)).toBe(0);
    const credits = await transactionsOf(ctx, booked.host, 'CREDIT');
    expect(credits.map((t) => t.amount)).toEqual([2900]);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('applies a receipt once when the browser and the merchant POST arrive together', async () => {
    const booked = await bookSession(ctx);
    const form = await cardForm(ctx, booked.host, 'SESSION', booked.id);
    const receipt = signedReceipt(ctx, form.fields);
    const answers = await Promise.all([
      postReceipt(ctx, '/myprosper/api/card/receipt/session', receipt),
      postReceipt(ctx, '/myprosper/api/card/notify', receipt),
      postReceipt(ctx, '/myprosper/api/card/notify', receipt),
      postReceipt(ctx, '/myprosper/api/card/receipt/session', receipt),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 303, 303]);
    for (const answer of answers.filter((a) => a.statusCode === 303)) {
      expect(answer.headers.location).toBe(`/sessions/${booked.id}?outcome=paid`);
    }
    const payment = await cardPayment(ctx, form.fields.transaction_uuid!);
    expect(await topUpsOf(ctx, payment.id)).toBe(1);
    expect((await getSession(ctx, booked.host, booked.id)).paymentStatus).toBe('PAID');
    await expectLedgerConsistent(ctx.database.db);
  });

  it('leaves the session unpaid when the card is declined, and says so', async () => {
    const booked = await bookSession(ctx);
    const form = await cardForm(ctx, booked.host, 'SESSION', booked.id);
    const hosted = await payOnHostedPage(ctx, form, testCards.decline);
    const back = await postReceipt(ctx, hosted.action, hosted.fields);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/sessions/${booked.id}?outcome=declined`);
    const payment = await cardPayment(ctx, form.fields.transaction_uuid!);
    expect(payment).toMatchObject({ status: 'FAILED', failureReason: cardMessages.declined });
    expect(await getSession(ctx, booked.host, booked.id)).toMatchObject({
      status: 'PENDING_PAYMENT',
      paymentStatus: 'UNPAID',
    });
    expect(await balanceOf(ctx, booked.host)).toBe(0);
    // A later ACCEPT for the same checkout cannot turn it around (payments only move forward).
    const late = await postReceipt(ctx, '/myprosper/api/card/notify', signedReceipt(ctx, form.fields));
    expect(late.statusCode).toBe(200);
    expect(late.json().message).toBe(cardMessages.declined);
    expect(await topUpsOf(ctx, payment.id)).toBe(0);
  });

  it('takes a cancel on the hosted page as not paid', async () => {
    const booked = await bookSession(ctx);
    const form = await cardForm(ctx, booked.host, 'SESSION', booked.id);
    const hosted = await payOnHostedPage(ctx, form, 'cancel');
    const back = await postReceipt(ctx, hosted.action, hosted.fields);
    expect(back.headers.location).toBe(`/sessions/${booked.id}?outcome=cancelled`);
    expect((await getSession(ctx, booked.host, booked.id)).paymentStatus).toBe('UNPAID');
  });

  it('refuses a bad signature, a tampered amount and a foreign merchant, changing nothing', async () => {
    const booked = await bookSession(ctx);
    const form = await cardForm(ctx, booked.host, 'SESSION', booked.id);
    const receipt = signedReceipt(ctx, form.fields);

    const forged = await postReceipt(ctx, '/myprosper/api/card/receipt/session', {
      ...receipt,
      signature: `${receipt.signature!.slice(0, -4)}AAA=`,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(cardMessages.badSignature);

    const tampered = await postReceipt(ctx, '/myprosper/api/card/notify', {
      ...receipt,
      req_amount: '29.00',
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toBe(cardMessages.badSignature);

    // Signed with our key but for another amount than the payment asked for (a mix-up, or a replay).
    const otherAmount = signedReceipt(ctx, { ...form.fields, amount: '29.00' });
    const mismatch = await postReceipt(ctx, '/myprosper/api/card/notify', otherAmount);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().message).toBe(cardMessages.mismatch);

    const foreign = signedReceipt(ctx, { ...form.fields, access_key: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz' });
    expect((await postReceipt(ctx, '/myprosper/api/card/notify', foreign)).statusCode).toBe(400);

    const unknown = signedReceipt(ctx, { ...form.fields, transaction_uuid: 'not-a-checkout-of-ours' });
    const unknownAnswer = await postReceipt(ctx, '/myprosper/api/card/notify', unknown);
    expect(unknownAnswer.statusCode).toBe(422);
    expect(unknownAnswer.json().message).toBe(cardMessages.unknownPayment);

    // An unsigned field claiming a decision is not trusted either.
    const unsignedDecision = { ...signedReceipt(ctx, form.fields, 'DECLINE') };
    const duplicated = `${new URLSearchParams(unsignedDecision).toString()}&decision=ACCEPT`;
    const twice = await ctx.app.inject({
      method: 'POST',
      url: '/myprosper/api/card/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: duplicated,
    });
    expect(twice.statusCode).toBe(400);

    const payment = await cardPayment(ctx, form.fields.transaction_uuid!);
    expect(payment.status).toBe('PENDING');
    expect(await topUpsOf(ctx, payment.id)).toBe(0);
    expect((await getSession(ctx, booked.host, booked.id)).paymentStatus).toBe('UNPAID');
  });

  it('has the hosted page refuse a changed or replayed form with an error page, charging nothing', async () => {
    const booked = await bookSession(ctx);
    const form = await cardForm(ctx, booked.host, 'SESSION', booked.id);
    const post = (fields: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/sandbox/cybersource/pay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: formBody(fields),
      });
    const tampered = await post({ ...form.fields, amount: '1.00' });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.headers['content-type']).toContain('text/html');
    expect(tampered.body).toContain('Reason code 102');
    expect((await post(form.fields)).statusCode).toBe(200);
    const replayed = await post(form.fields);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.body).toContain('Reason code 104');
    // The page that returns to us has no inline script: a same-origin file presses its button.
    const script = await ctx.app.inject({ method: 'GET', url: '/sandbox/cybersource/autosubmit.js' });
    expect(script.headers['content-type']).toContain('javascript');
    expect((await cardPayment(ctx, form.fields.transaction_uuid!)).status).toBe('PENDING');
  });

  it('keeps a partial approval in the wallet rather than paying part of the session', async () => {
    const booked = await bookSession(ctx);
    const form = await cardForm(ctx, booked.host, 'SESSION', booked.id);
    const receipt = { ...signedReceipt(ctx, form.fields), reason_code: '110', auth_amount: '1000.00' };
    // Signed over the changed values, as the provider signs a partial approval.
    const partial = { ...receipt, signature: signCardFields(ctx.env.CARD_SECRET_KEY, receipt)! };
    const answer = await postReceipt(ctx, '/myprosper/api/card/notify', partial);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await balanceOf(ctx, booked.host)).toBe(1000);
    expect((await getSession(ctx, booked.host, booked.id)).paymentStatus).toBe('UNPAID');
    const payment = await cardPayment(ctx, form.fields.transaction_uuid!);
    expect(payment.outcomeNote).toBe(cardMessages.partial);
    await expectLedgerConsistent(ctx.database.db);
  });
});
