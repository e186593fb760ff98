import { mpesaBalanceMessages } from '@myprosper/contract/mpesa-disbursements';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { wireFeatures } from '../../app.ts';
import { mpesaRequests } from '../../db/schema/mpesa-requests.ts';
import { createAdmin, createAdvisee, type UserRow } from '../../db/seed/factories.ts';
import {
  api,
  bearer,
  createPaymentsTestApp,
  eventually,
  fundWallet,
} from '../payments/payments.test-helpers.ts';
import { callAs } from './admin.test-helpers.ts';

interface Balance {
  accounts: Array<{ account: string; currency: string; available: number }>;
  checkedAt: string | null;
  requested: boolean;
  problem: string | null;
}

/**
 * The B2C account's balance on the reconciliation page (issue 21): Daraja's Account Balance, asked by an
 * admin, answered later by a Result that the page reads.
 */
describe("the admin's view of the M-PESA B2C balance", () => {
  let ctx: TestContext;
  let admin: UserRow;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp({
      JOBS_ENABLED: 'false',
      // Long enough for a test to post Daraja's answer before the sandbox's own comes.
      MPESA_SANDBOX_DELAY_MS: '1500',
      WITHDRAW_MINIMUM_KES: '50',
      WITHDRAW_FEE_KES: '15',
    });
    admin = await createAdmin(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function balance(method: 'GET' | 'POST' = 'GET') {
    const res = await callAs(ctx.app, admin, method, 'mpesaBalance', method === 'POST' ? {} : undefined);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { message: string; data: Balance };
  }

  async function answered(after: string | null): Promise<Balance> {
    return eventually(async () => {
      const { data } = await balance();
      expect(data.requested).toBe(false);
      expect(data.checkedAt).not.toBe(after);
      return data;
    }, 10_000);
  }

  const utilityOf = (data: Balance) => data.accounts.find((line) => line.account === 'Utility Account');

  async function balanceRequests() {
    return ctx.database.db.select().from(mpesaRequests).where(eq(mpesaRequests.kind, 'BALANCE'));
  }

  it('shows nothing before the first check; asked, it shows every account once M-PESA answers', async () => {
    expect((await balance()).data).toEqual({
      accounts: [],
      checkedAt: null,
      requested: false,
      problem: null,
    });

    const asked = await balance('POST');
    expect(asked.message).toBe(mpesaBalanceMessages.asked);
    expect(asked.data).toMatchObject({ requested: true, problem: null, checkedAt: null });
    // A second press while M-PESA is being asked asks nothing more.
    const again = await balance('POST');
    expect(again.message).toBe(mpesaBalanceMessages.stillAsking);
    expect(await balanceRequests()).toHaveLength(1);

    const shown = await answered(null);
    expect(shown.problem).toBeNull();
    expect(shown.accounts.map((line) => line.account)).toEqual([
      'Working Account',
      'Utility Account',
      'Charges Paid Account',
      'Organization Settlement Account',
    ]);
    expect(utilityOf(shown)).toMatchObject({ currency: 'KES' });
    expect(utilityOf(shown)!.available).toBeGreaterThan(0);
    expect(Date.parse(shown.checkedAt!)).toBeLessThanOrEqual(Date.now());
  });

  it('goes down by what B2C paid and its charge: a withdrawal of 500 sends 485, charged 15', async () => {
    await balance('POST');
    const before = await answered((await balance()).data.checkedAt);
    const person = await createAdvisee(ctx.database.db);
    await fundWallet(ctx, person, 500);
    const withdrawn = await ctx.app.inject({
      method: 'POST',
      url: `${api}/withdrawals`,
      headers: await bearer(ctx.app, person),
      payload: { amount: 500, requestId: 'balance-check-1' },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const [request] = await ctx.database.db
      .select()
      .from(mpesaRequests)
      .where(eq(mpesaRequests.reference, `mpesa-refund:${withdrawn.json().data.id}:B2C`));
    await eventually(async () => {
      const [row] = await ctx.database.db
        .select()
        .from(mpesaRequests)
        .where(eq(mpesaRequests.id, request!.id));
      expect(row?.state).toBe('SUCCEEDED');
    }, 10_000);

    await balance('POST');
    const after = await answered(before.checkedAt);
    expect(utilityOf(after)!.available).toBe(utilityOf(before)!.available - 485 - 15);
  });

  it('says why when M-PESA does not give the balance, or does not answer at all', async () => {
    const last = (await balance()).data;
    await balance('POST');
    const [open] = (await balanceRequests()).filter((row) => row.state === 'ACCEPTED');
    expect(open).toBeDefined();

    // No answer within two minutes: no longer "being asked", and the page says so.
    const later = await wireFeatures(ctx.app).disbursements.balanceStatus(new Date(Date.now() + 3 * 60_000));
    expect(later).toMatchObject({ requested: false, problem: mpesaBalanceMessages.noAnswer });

    // Daraja's failure Result (the initiator refused) comes before the sandbox's own answer.
    const failed = await ctx.app.inject({
      method: 'POST',
      url: `/myprosper/api/mpesa/results/${open!.callbackToken}`,
      payload: {
        Result: {
          ResultType: 0,
          ResultCode: 2001,
          ResultDesc: 'The initiator information is invalid.',
          OriginatorConversationID: open!.originatorConversationId,
          ConversationID: open!.conversationId,
          TransactionID: 'OA90000001',
        },
      },
    });
    expect(failed.statusCode).toBe(200);
    const shown = (await balance()).data;
    expect(shown).toMatchObject({
      requested: false,
      problem: mpesaBalanceMessages.failed('The initiator information is invalid.'),
      // The last balance known is still shown, with when it was checked.
      checkedAt: last.checkedAt,
      accounts: last.accounts,
    });

    // Asking again clears it once M-PESA answers.
    await balance('POST');
    const cleared = await answered(last.checkedAt);
    expect(cleared.problem).toBeNull();
  });

  it('is for admins only', async () => {
    const person = await createAdvisee(ctx.database.db);
    expect((await callAs(ctx.app, person, 'GET', 'mpesaBalance')).statusCode).toBe(403);
    expect((await callAs(ctx.app, person, 'POST', 'mpesaBalance', {})).statusCode).toBe(403);
    expect((await callAs(ctx.app, null, 'POST', 'mpesaBalance', {})).statusCode).toBe(401);
  });
});
