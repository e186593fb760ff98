import { mpesaSendFailureReason, refundMessages } from '@myprosper/contract/refunds';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { wireFeatures } from '../../app.ts';
import { outboxMessages } from '../../db/schema/messaging.ts';
import { mpesaRequests } from '../../db/schema/mpesa-requests.ts';
import { ledgerTransactions, payments } from '../../db/schema/payments.ts';
import { mpesaRefunds } from '../../db/schema/refunds.ts';
import { sessionParticipants } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { createAdvisee, type UserRow } from '../../db/seed/factories.ts';
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
} from './payments.test-helpers.ts';

/**
 * Refunds back to M-PESA and wallet withdrawals (issue 21), through the API and the Daraja sandbox: the
 * money in flight until Daraja's result, out to M-PESA on success, back in the wallet with the reason on a
 * failure; never twice.
 */
describe('refunds to M-PESA and withdrawals', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp({
      JOBS_ENABLED: 'false',
      MPESA_RESULTS_CHECK_AFTER_SECONDS: '0',
      WITHDRAW_MINIMUM_KES: '50',
      WITHDRAW_FEE_KES: '15',
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function as(user: UserRow, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    return ctx.app.inject({ method, url: `${api}${url}`, headers: await bearer(ctx.app, user), payload });
  }

  /**
   * A session its host paid by M-PESA from their own verified number (the STK sandbox pays any number but its
   * test ones); `phone` gives the host that number first (a B2C test number, say).
   */
  async function paidByMpesa(phone?: string) {
    const booked = await bookSession(ctx, { hoursAhead: 72 });
    if (phone) {
      await ctx.database.db.update(users).set({ phoneNumber: phone }).where(eq(users.id, booked.host.id));
      booked.host.phoneNumber = phone;
    }
    const res = await payByMpesa(ctx, booked.host, booked.id, booked.host.phoneNumber!);
    expect(res.statusCode, res.body).toBe(200);
    await eventually(async () =>
      expect((await getSession(ctx, booked.host, booked.id)).paymentStatus).toBe('PAID'),
    );
    return booked;
  }

  /**
   * A session paid by an M-PESA payment whose receipt the Daraja sandbox never issued (as one from before its
   * books began): recorded as the push's callback would, the share paid from the wallet it credited.
   */
  async function paidWithUnknownReceipt(phone?: string) {
    const booked = await bookSession(ctx, { hoursAhead: 72, paymentMode: 'WALLET' });
    if (phone) {
      await ctx.database.db.update(users).set({ phoneNumber: phone }).where(eq(users.id, booked.host.id));
      booked.host.phoneNumber = phone;
    }
    await fundWallet(ctx, booked.host, booked.amount);
    const paid = await as(booked.host, 'POST', '/checkoutSession', { sessionId: booked.id });
    expect(paid.statusCode, paid.body).toBe(200);
    const [participant] = await ctx.database.db
      .select()
      .from(sessionParticipants)
      .where(eq(sessionParticipants.sessionId, booked.id));
    await ctx.database.db.insert(payments).values({
      provider: 'MPESA',
      status: 'SUCCEEDED',
      payerId: booked.host.id,
      sessionId: booked.id,
      participantId: participant!.id,
      amount: booked.amount,
      phoneNumber: booked.host.phoneNumber,
      callbackToken: `unknown-receipt-${booked.id}`,
      providerReference: `QZ${String(booked.id).padStart(8, '0')}`,
      completedAt: new Date(),
    });
    return booked;
  }

  async function refundsOf(user: UserRow, sessionId?: number) {
    const res = await as(user, 'GET', `/mpesaRefunds${sessionId ? `?sessionId=${sessionId}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Array<{
      status: string;
      amount: number;
      sent: number;
      receipt: string | null;
      reason: string | null;
      text: string;
    }>;
  }

  async function settled(where: { sessionId?: number; id?: number }) {
    return eventually(async () => {
      const [row] = await ctx.database.db
        .select()
        .from(mpesaRefunds)
        .where(where.id ? eq(mpesaRefunds.id, where.id) : eq(mpesaRefunds.sessionId, where.sessionId!));
      expect(row?.status).not.toBe('PENDING');
      return row!;
    });
  }

  async function cancelTo(user: UserRow, sessionId: number, refundTo?: 'WALLET' | 'MPESA') {
    const res = await as(user, 'POST', '/cancelSession', { sessionId, reason: 'Travelling', refundTo });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { refundedToYou: number; toMpesa: number };
  }

  async function mpesaRequestsOf(refundId: number) {
    return ctx.database.db
      .select()
      .from(mpesaRequests)
      .where(and(eq(mpesaRequests.purpose, 'refund')))
      .then((rows) => rows.filter((row) => row.reference.startsWith(`mpesa-refund:${refundId}:`)));
  }

  it('offers M-PESA in the cancel dialog for a share paid by M-PESA, with the saved choice as default', async () => {
    const booked = await paidByMpesa();
    const policy = await as(booked.host, 'GET', `/cancellationPolicy/${booked.id}`);
    expect(policy.statusCode, policy.body).toBe(200);
    expect(policy.json().data.mpesaRefund).toEqual({
      amount: booked.amount,
      phoneNumber: booked.host.phoneNumber,
      destination: 'WALLET',
    });
    const saved = await as(booked.host, 'PUT', '/refundPreference', { destination: 'MPESA' });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await as(booked.host, 'GET', `/cancellationPolicy/${booked.id}`);
    expect(again.json().data.mpesaRefund.destination).toBe('MPESA');
  });

  it('a wallet-paid share has no M-PESA choice', async () => {
    const booked = await bookSession(ctx, { hoursAhead: 72, paymentMode: 'WALLET' });
    await fundWallet(ctx, booked.host, booked.amount);
    const paid = await as(booked.host, 'POST', '/checkoutSession', { sessionId: booked.id });
    expect(paid.statusCode, paid.body).toBe(200);
    const policy = await as(booked.host, 'GET', `/cancellationPolicy/${booked.id}`);
    expect(policy.json().data.mpesaRefund).toBeNull();
  });

  it('a full refund of an STK payment is a reversal of its receipt: paid, told, once', async () => {
    const booked = await paidByMpesa();
    const answer = await cancelTo(booked.host, booked.id, 'MPESA');
    expect(answer).toMatchObject({ refundedToYou: booked.amount, toMpesa: booked.amount });
    const row = await settled({ sessionId: booked.id });
    expect(row).toMatchObject({ kind: 'REFUND', method: 'REVERSAL', status: 'PAID', amount: booked.amount });
    expect(row.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(await balanceOf(ctx, booked.host)).toBe(0);
    const seen = await refundsOf(booked.host, booked.id);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.text).toBe(
      refundMessages.paidToMpesa(booked.amount, booked.host.phoneNumber!, row.receipt),
    );
    const pref = await as(booked.host, 'GET', '/refundPreference');
    expect(pref.json().data.destination).toBe('MPESA');
    await eventually(async () => {
      const mails = await ctx.database.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.recipient, booked.host.email), eq(outboxMessages.channel, 'EMAIL')));
      expect(mails.some((mail) => mail.subject === 'Your refund reached M-PESA')).toBe(true);
    });
    // The job asks again for anything pending: nothing is sent twice.
    await wireFeatures(ctx.app).mpesaRefunds.dispatch([row.id]);
    expect(await mpesaRequestsOf(row.id)).toHaveLength(1);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('the saved choice applies when the mentee does not choose (a mentor cancels)', async () => {
    const booked = await paidByMpesa();
    await as(booked.host, 'PUT', '/refundPreference', { destination: 'MPESA' });
    const mentorCancel = await as(booked.advisor, 'POST', '/cancelSession', {
      sessionId: booked.id,
      reason: 'Ill',
    });
    expect(mentorCancel.statusCode, mentorCancel.body).toBe(200);
    const row = await settled({ sessionId: booked.id });
    expect(row.status).toBe('PAID');
    expect(await balanceOf(ctx, booked.host)).toBe(0);
  });

  it('choosing the wallet refunds at once, and becomes the default', async () => {
    const booked = await paidByMpesa();
    await as(booked.host, 'PUT', '/refundPreference', { destination: 'MPESA' });
    expect((await cancelTo(booked.host, booked.id, 'WALLET')).toMpesa).toBeUndefined();
    expect(await balanceOf(ctx, booked.host)).toBe(booked.amount);
    expect((await as(booked.host, 'GET', '/refundPreference')).json().data.destination).toBe('WALLET');
  });

  it('a receipt M-PESA had reversed already (R000001) counts as done', async () => {
    const booked = await paidByMpesa();
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, booked.id));
    const disbursements = wireFeatures(ctx.app).disbursements;
    // Someone (an admin in the portal) reversed it first.
    await disbursements.reverse({
      purpose: 'reconcile',
      reference: `portal-reversal:${payment!.id}`,
      receipt: payment!.providerReference!,
      amount: payment!.amount,
    });
    await eventually(async () =>
      expect((await disbursements.find(`portal-reversal:${payment!.id}`))?.state).toBe('SUCCEEDED'),
    );
    await cancelTo(booked.host, booked.id, 'MPESA');
    const row = await settled({ sessionId: booked.id });
    expect(row).toMatchObject({ status: 'PAID', method: 'REVERSAL', receipt: null });
    expect(await balanceOf(ctx, booked.host)).toBe(0);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a receipt M-PESA does not know (R000002) is paid by B2C to the same verified number instead', async () => {
    const booked = await paidWithUnknownReceipt();
    await cancelTo(booked.host, booked.id, 'MPESA');
    const row = await settled({ sessionId: booked.id });
    expect(row).toMatchObject({ status: 'PAID', method: 'B2C', attempts: 2 });
    expect(row.receipt).toMatch(/^[A-Z0-9]{10}$/);
    const requests = await mpesaRequestsOf(row.id);
    expect(requests.map((r) => [r.kind, r.state]).sort()).toEqual([
      ['B2C', 'SUCCEEDED'],
      ['REVERSAL', 'FAILED'],
    ]);
    expect(await balanceOf(ctx, booked.host)).toBe(0);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('when the B2C fails too, the money lands in the wallet with the reason, and the mentee is told', async () => {
    const booked = await paidWithUnknownReceipt('254711002040');
    await cancelTo(booked.host, booked.id, 'MPESA');
    const row = await settled({ sessionId: booked.id });
    expect(row).toMatchObject({ status: 'FAILED', failureReason: mpesaSendFailureReason('2040') });
    expect(await balanceOf(ctx, booked.host)).toBe(booked.amount);
    const seen = await refundsOf(booked.host, booked.id);
    expect(seen[0]!.text).toBe(refundMessages.backToWallet(booked.amount, mpesaSendFailureReason('2040')));
    await eventually(async () => {
      const sms = await ctx.database.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.recipient, '254711002040'), eq(outboxMessages.channel, 'SMS')));
      expect(sms.some((m) => m.body.includes('The money is in your MyProsper wallet'))).toBe(true);
    });
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a refund is never sent to a number its owner has not proved: the wallet takes it', async () => {
    const booked = await paidByMpesa();
    await ctx.database.db
      .update(users)
      .set({ phoneNumber: '254711999888' })
      .where(eq(users.id, booked.host.id));
    const policy = await as(booked.host, 'GET', `/cancellationPolicy/${booked.id}`);
    expect(policy.json().data.mpesaRefund).toBeNull();
    expect(policy.json().data.refundNote).toBe(refundMessages.unprovenPayer(booked.host.phoneNumber!));
    const res = await as(booked.host, 'POST', '/cancelSession', {
      sessionId: booked.id,
      reason: 'x',
      refundTo: 'MPESA',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.toMpesa).toBeUndefined();
    expect(
      await ctx.database.db.select().from(mpesaRefunds).where(eq(mpesaRefunds.sessionId, booked.id)),
    ).toEqual([]);
    expect(await balanceOf(ctx, booked.host)).toBe(booked.amount);
  });

  describe('withdrawals', () => {
    it('shows the rules before confirming', async () => {
      const person = await createAdvisee(ctx.database.db);
      await fundWallet(ctx, person, 500);
      const res = await as(person, 'GET', '/withdrawalRules');
      expect(res.json().data).toEqual({
        minimum: 50,
        fee: 15,
        maximum: 250_000,
        balance: 500,
        phoneNumber: person.phoneNumber,
      });
    });

    it('refuses less than the minimum, more than the balance, and nonsense, changing nothing', async () => {
      const person = await createAdvisee(ctx.database.db);
      await fundWallet(ctx, person, 100);
      for (const [amount, message] of [
        [49, refundMessages.belowMinimum(50)],
        [101, refundMessages.moreThanBalance(100)],
      ] as const) {
        const res = await as(person, 'POST', '/withdrawals', { amount, requestId: `r-${amount}-abcdef` });
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().message).toBe(message);
      }
      const odd = await as(person, 'POST', '/withdrawals', { amount: 60.5, requestId: 'r-odd-abcdef' });
      expect(odd.statusCode).toBe(422);
      expect(await balanceOf(ctx, person)).toBe(100);
    });

    it('refuses a person whose number is not verified', async () => {
      const person = await createAdvisee(ctx.database.db);
      await fundWallet(ctx, person, 100);
      await ctx.database.db.update(users).set({ phoneVerifiedAt: null }).where(eq(users.id, person.id));
      const res = await as(person, 'POST', '/withdrawals', { amount: 60, requestId: 'r-unverified' });
      expect(res.statusCode, res.body).toBe(403);
      expect(await balanceOf(ctx, person)).toBe(100);
    });

    it('pays the verified number less the fee, with its receipt', async () => {
      const person = await createAdvisee(ctx.database.db);
      await fundWallet(ctx, person, 500);
      const res = await as(person, 'POST', '/withdrawals', { amount: 200, requestId: 'paid-abcdef01' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        amount: 200,
        fee: 15,
        sent: 185,
        phoneNumber: person.phoneNumber,
      });
      expect(await balanceOf(ctx, person)).toBe(300);
      const row = await settled({ id: res.json().data.id });
      expect(row.status).toBe('PAID');
      const [request] = await mpesaRequestsOf(row.id);
      expect(request).toMatchObject({
        kind: 'B2C',
        amount: 185,
        phone: person.phoneNumber,
        state: 'SUCCEEDED',
      });
      const seen = await refundsOf(person);
      expect(seen[0]).toMatchObject({ status: 'PAID', receipt: row.receipt, sent: 185 });
      expect(await balanceOf(ctx, person)).toBe(300);
      await expectLedgerConsistent(ctx.database.db);
    });

    it('a withdrawal M-PESA refuses comes back whole, fee and all, with the reason', async () => {
      const person = await createAdvisee(ctx.database.db);
      await ctx.database.db.update(users).set({ phoneNumber: '254711000003' }).where(eq(users.id, person.id));
      await fundWallet(ctx, person, 500);
      const res = await as(person, 'POST', '/withdrawals', { amount: 200, requestId: 'fail-abcdef01' });
      expect(res.statusCode, res.body).toBe(200);
      const row = await settled({ id: res.json().data.id });
      expect(row).toMatchObject({ status: 'FAILED', failureReason: mpesaSendFailureReason('SFC_IC0003') });
      expect(await balanceOf(ctx, person)).toBe(500);
      await expectLedgerConsistent(ctx.database.db);
    });

    it('a result that never comes is settled by Transaction Status, once', async () => {
      const person = await createAdvisee(ctx.database.db);
      await ctx.database.db.update(users).set({ phoneNumber: '254711000000' }).where(eq(users.id, person.id));
      await fundWallet(ctx, person, 500);
      const res = await as(person, 'POST', '/withdrawals', { amount: 100, requestId: 'silent-abcdef' });
      expect(res.statusCode, res.body).toBe(200);
      const [request] = await mpesaRequestsOf(res.json().data.id);
      expect(request).toMatchObject({ kind: 'B2C', state: 'ACCEPTED' });
      await wireFeatures(ctx.app).disbursements.checkOpenRequests();
      const row = await settled({ id: res.json().data.id });
      expect(row.status, JSON.stringify(await mpesaRequestsOf(row.id))).toBe('PAID');
      expect(await balanceOf(ctx, person)).toBe(400);
      await expectLedgerConsistent(ctx.database.db);
    });

    it('a result posted twice pays once', async () => {
      const person = await createAdvisee(ctx.database.db);
      await ctx.database.db.update(users).set({ phoneNumber: '254711000002' }).where(eq(users.id, person.id));
      await fundWallet(ctx, person, 500);
      const res = await as(person, 'POST', '/withdrawals', { amount: 100, requestId: 'twice-abcdef' });
      const row = await settled({ id: res.json().data.id });
      expect(row.status).toBe('PAID');
      const sent = await ctx.database.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, `mpesa-sent:${row.id}`));
      expect(sent).toHaveLength(1);
      expect(await balanceOf(ctx, person)).toBe(400);
      await expectLedgerConsistent(ctx.database.db);
    });

    it('a double submit withdraws once', async () => {
      const person = await createAdvisee(ctx.database.db);
      await fundWallet(ctx, person, 300);
      const [first, second] = await Promise.all([
        as(person, 'POST', '/withdrawals', { amount: 200, requestId: 'same-request-1' }),
        as(person, 'POST', '/withdrawals', { amount: 200, requestId: 'same-request-1' }),
      ]);
      expect(first!.statusCode, first!.body).toBe(200);
      expect(second!.statusCode, second!.body).toBe(200);
      expect(first!.json().data.id).toBe(second!.json().data.id);
      expect(await balanceOf(ctx, person)).toBe(100);
      await expectLedgerConsistent(ctx.database.db);
    });

    it('two withdrawals at once never take more than the balance', async () => {
      const person = await createAdvisee(ctx.database.db);
      await fundWallet(ctx, person, 300);
      const answers = await Promise.all([
        as(person, 'POST', '/withdrawals', { amount: 200, requestId: 'race-aaaaaaa' }),
        as(person, 'POST', '/withdrawals', { amount: 200, requestId: 'race-bbbbbbb' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
      expect(await balanceOf(ctx, person)).toBe(100);
      await expectLedgerConsistent(ctx.database.db);
    });
  });
});
