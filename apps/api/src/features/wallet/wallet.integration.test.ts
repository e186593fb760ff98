import { paymentMessages } from '@myprosper/contract/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { createAdmin, createAdvisee, createAdvisor, type UserRow } from '../../db/seed/factories.ts';
import {
  api,
  bearer,
  bookSession,
  checkout,
  createPaymentsTestApp,
  fundWallet,
} from '../payments/payments.test-helpers.ts';

describe('the wallet API', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function get(user: UserRow | null, url: string) {
    return ctx.app.inject({ method: 'GET', url, headers: user ? await bearer(ctx.app, user) : {} });
  }

  it('answers the balance by the names of the spec, 0 before any movement', async () => {
    const mentee = await createAdvisee(ctx.database.db);
    const mentor = await createAdvisor(ctx.database.db);
    const a = await get(mentee, `${api}/getAdviseeBalance/${mentee.id}`);
    expect(a.json()).toMatchObject({ statusCode: 200, data: { balance: 0 } });
    const m = await get(mentor, `${api}/getAdvisorBalance/${mentor.id}`);
    expect(m.json()).toMatchObject({ statusCode: 200, data: { walletBalance: 0 } });
    expect((await get(mentee, `${api}/getTransactions/${mentee.id}`)).json().data).toEqual([]);
  });

  it('shows people their own wallet only; admins any', async () => {
    const owner = await createAdvisee(ctx.database.db);
    const other = await createAdvisee(ctx.database.db);
    const admin = await createAdmin(ctx.database.db);
    await fundWallet(ctx, owner, 700);
    for (const url of [
      `${api}/getAdviseeBalance/${owner.id}`,
      `${api}/getAdvisorBalance/${owner.id}`,
      `${api}/getTransactions/${owner.id}`,
    ]) {
      const refused = await get(other, url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(paymentMessages.walletOwnOnly);
      expect((await get(null, url)).statusCode).toBe(401);
      expect((await get(admin, url)).statusCode).toBe(200);
    }
    expect((await get(admin, `${api}/getAdviseeBalance/${owner.id}`)).json().data.balance).toBe(700);
  });

  it('lists credits and debits, newest first, with what each was for', async () => {
    const booked = await bookSession(ctx);
    await fundWallet(ctx, booked.host, 3000);
    await checkout(ctx, booked.host, booked.id);
    const all = (await get(booked.host, `${api}/getTransactions/${booked.host.id}`)).json().data;
    expect(all).toEqual([
      {
        id: expect.any(Number),
        amount: 2900,
        transactionType: 'DEBIT',
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        description: `Session ${booked.reference} with ${booked.advisor.name}`,
      },
      expect.objectContaining({ amount: 3000, transactionType: 'CREDIT', description: 'M-PESA top-up TEST' }),
    ]);
    const debits = (await get(booked.host, `${api}/getTransactions/${booked.host.id}?type=debit`)).json()
      .data;
    expect(debits).toHaveLength(1);
    const credits = (await get(booked.host, `${api}/getTransactions/${booked.host.id}?type=CREDIT`)).json()
      .data;
    expect(credits.map((t: { amount: number }) => t.amount)).toEqual([3000]);
    expect((await get(booked.host, `${api}/getTransactions/${booked.host.id}?type=REFUND`)).statusCode).toBe(
      422,
    );
  });
});
