import { refundMessages } from '@myprosper/contract/refunds';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { mpesaRefunds } from '../../db/schema/refunds.ts';
import { users } from '../../db/schema/users.ts';
import { createAdvisee, type UserRow } from '../../db/seed/factories.ts';
import { LedgerRepository } from '../wallet/wallet.door.ts';
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

  /** A session its host paid by M-PESA from their own verified number (the sandbox pays any other number). */
  async function paidByMpesa() {
    const booked = await bookSession(ctx, { hoursAhead: 72 });
    const res = await payByMpesa(ctx, booked.host, booked.id, booked.host.phoneNumber!);
    expect(res.statusCode, res.body).toBe(200);
    await eventually(async () =>
      expect((await getSession(ctx, booked.host, booked.id)).paymentStatus).toBe('PAID'),
    );
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

  async function inFlight(): Promise<number> {
    return new LedgerRepository(ctx.database.db).derivedBalance({ platform: 'MPESA_REFUNDS_IN_FLIGHT' });
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

  it('a cancellation refunded to M-PESA holds the money in flight and remembers the choice', async () => {
    const booked = await paidByMpesa();
    const before = await inFlight();
    const res = await as(booked.host, 'POST', '/cancelSession', {
      sessionId: booked.id,
      reason: 'Travelling',
      refundTo: 'MPESA',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ refundedToYou: booked.amount, toMpesa: booked.amount });
    const [row] = await ctx.database.db
      .select()
      .from(mpesaRefunds)
      .where(eq(mpesaRefunds.sessionId, booked.id));
    expect(row).toMatchObject({
      kind: 'REFUND',
      method: 'REVERSAL',
      amount: booked.amount,
      phoneNumber: booked.host.phoneNumber,
    });
    expect(await balanceOf(ctx, booked.host)).toBe(0);
    const pref = await as(booked.host, 'GET', '/refundPreference');
    expect(pref.json().data.destination).toBe('MPESA');
    expect(await inFlight()).toBeGreaterThanOrEqual(before);
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
    expect(res.json().data.toMpesa).toBe(0);
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
