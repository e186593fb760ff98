import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireFeatures } from '../src/app.ts';
import { mentorPayouts } from '../src/db/schema/mentor-payouts.ts';
import { mpesaRequests } from '../src/db/schema/mpesa-requests.ts';
import { paybillPayments } from '../src/db/schema/paybill.ts';
import { payments } from '../src/db/schema/payments.ts';
import { mpesaRefunds } from '../src/db/schema/refunds.ts';
import { sessionParticipants } from '../src/db/schema/sessions.ts';
import { users } from '../src/db/schema/users.ts';
import {
  createAdmin,
  createAdvisee,
  createAdvisor,
  type UserRow,
  uniquePhone,
} from '../src/db/seed/factories.ts';
import { adminCall, callAs } from '../src/features/admin/admin.test-helpers.ts';
import { registerPaybillUrls } from '../src/features/payments/payments.door.ts';
import {
  api,
  balanceOf,
  bearer,
  bookSession,
  c2bConfirmation,
  createPaymentsTestApp,
  eventually,
  fundWallet,
  requestLog,
} from '../src/features/payments/payments.test-helpers.ts';
import { c2bUrls } from '../src/providers/mpesa-c2b.ts';
import { moneyOutViolations, noMoneyOutViolations } from './money-out-checks.ts';
import type { TestContext } from './test-app.ts';

/**
 * Issue 21's fault tests of money going out through M-PESA, for each of its three ways (a mentor's payout, a
 * refund of a session paid by M-PESA, a wallet withdrawal), against the Daraja sandbox whose B2C test
 * numbers misbehave as Daraja does: a result that never comes, comes twice, comes late after a queue
 * timeout, a timeout with no result, and forged results; and a Paybill (C2B) confirmation for a reference
 * that names no booking. After each: nothing paid twice, nothing lost, every balance equal to its ledger
 * (money-out-checks.ts); and at the end M-PESA's own books (the Utility account the sandbox pays B2C from)
 * agree with ours. The API killed between request and result is the fault suite's (faults/mpesa-kill).
 */

/** B2C test numbers of the Daraja sandbox (apps/api/sandbox/README.md). */
const b2c = {
  noResult: '254711000000',
  twice: '254711000002',
  late: '254711000409',
  timeout: '254711000408',
} as const;

/** One payout or sending to M-PESA under way: its B2C request and what its owner's books say. */
interface Sending {
  person: UserRow;
  /** mpesa_requests.reference of its B2C payment. */
  request: string;
  /** What B2C sends. */
  amount: number;
  /** PENDING while in flight, then PAID (with its receipt) or FAILED. */
  state(): Promise<{ status: 'PENDING' | 'PAID' | 'FAILED'; receipt: string | null }>;
  /** The person's wallet once paid, and once given back. */
  walletIfPaid: number;
  walletIfFailed: number;
}

type Way = 'payout' | 'refund' | 'withdrawal';
const ways: Way[] = ['payout', 'refund', 'withdrawal'];

describe('money out through M-PESA under faults: nothing paid twice, nothing lost', () => {
  let ctx: TestContext;
  let admin: UserRow;
  let utilityAtStart: number;
  const log = requestLog();

  beforeAll(async () => {
    ctx = await createPaymentsTestApp(
      {
        JOBS_ENABLED: 'false',
        LOG_LEVEL: 'info',
        MPESA_RESULTS_CHECK_AFTER_SECONDS: '0',
        PAYOUT_MINIMUM_KES: '100',
        WITHDRAW_MINIMUM_KES: '50',
        WITHDRAW_FEE_KES: '15',
      },
      { logStream: log.stream },
    );
    admin = await createAdmin(ctx.database.db);
    expect(await registerPaybillUrls(ctx.app)).toBe('REGISTERED');
    utilityAtStart = await utilityBalance();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const db = () => ctx.database.db;
  const disbursements = () => wireFeatures(ctx.app).disbursements;

  /** The sandbox's Utility account (what B2C pays from), asked with Account Balance. */
  async function utilityBalance(): Promise<number> {
    const asked = await disbursements().requestBalance(`balance:${randomUUID()}`);
    return eventually(async () => {
      const [row] = await db().select().from(mpesaRequests).where(eq(mpesaRequests.id, asked.id));
      expect(row?.state).toBe('SUCCEEDED');
      const { accounts } = await disbursements().latestBalance();
      return accounts.find((line) => line.account === 'Utility Account')!.available;
    });
  }

  async function requestRow(reference: string) {
    const [row] = await db().select().from(mpesaRequests).where(eq(mpesaRequests.reference, reference));
    return row;
  }

  async function expectBooksBalanced() {
    expect(await moneyOutViolations(db())).toEqual(noMoneyOutViolations);
  }

  /**
   * A person whose verified number is now `phone` (a test number: whoever had it before moves to a number of
   * their own, as a SIM changing hands would).
   */
  async function ownerOf(person: UserRow, phone: string): Promise<UserRow> {
    await db().update(users).set({ phoneNumber: uniquePhone() }).where(eq(users.phoneNumber, phone));
    await db().update(users).set({ phoneNumber: phone }).where(eq(users.id, person.id));
    return { ...person, phoneNumber: phone };
  }

  /** A mentor preferring M-PESA to their own verified number, 1,000 payable, paid by an admin's run. */
  async function payout(phone: string): Promise<Sending> {
    const mentor = await ownerOf(await createAdvisor(db()), phone);
    const chosen = await ctx.app.inject({
      method: 'POST',
      url: `${api}/updatePaymentMethod`,
      headers: await bearer(ctx.app, mentor),
      payload: { method: 'MPESA', preferred: true, mpesaPhoneNumber: `0${phone.slice(3)}` },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    await fundWallet(ctx, mentor, 1000);
    await adminCall(ctx, admin, 'POST', 'payoutRuns', {});
    const latest = async () =>
      (
        await db()
          .select()
          .from(mentorPayouts)
          .where(eq(mentorPayouts.mentorId, mentor.id))
          .orderBy(desc(mentorPayouts.id))
          .limit(1)
      )[0]!;
    const first = await latest();
    return {
      person: mentor,
      request: first.reference,
      amount: 1000,
      async state() {
        const row = (await db().select().from(mentorPayouts).where(eq(mentorPayouts.id, first.id)))[0]!;
        const status = row.status === 'IN_FLIGHT' ? 'PENDING' : (row.status as 'PAID' | 'FAILED');
        return { status, receipt: row.receipt };
      },
      walletIfPaid: 0,
      walletIfFailed: 1000,
    };
  }

  /**
   * A session paid by M-PESA from the mentee's verified number, with a receipt M-PESA does not know (so the
   * Reversal answers R000002 and the refund goes by B2C to that number), cancelled with the refund to M-PESA.
   */
  async function refund(phone: string): Promise<Sending> {
    const booked = await bookSession(ctx, { hoursAhead: 72, paymentMode: 'WALLET' });
    const host = await ownerOf(booked.host, phone);
    await fundWallet(ctx, host, booked.amount);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `${api}/checkoutSession`,
      headers: await bearer(ctx.app, host),
      payload: { sessionId: booked.id },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [participant] = await db()
      .select()
      .from(sessionParticipants)
      .where(eq(sessionParticipants.sessionId, booked.id));
    await db()
      .insert(payments)
      .values({
        provider: 'MPESA',
        status: 'SUCCEEDED',
        payerId: host.id,
        sessionId: booked.id,
        participantId: participant!.id,
        amount: booked.amount,
        phoneNumber: phone,
        callbackToken: `faults-${randomUUID()}`,
        providerReference: `QF${String(booked.id).padStart(8, '0')}`,
        completedAt: new Date(),
      });
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `${api}/cancelSession`,
      headers: await bearer(ctx.app, host),
      payload: { sessionId: booked.id, reason: 'Travelling', refundTo: 'MPESA' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.toMpesa).toBe(booked.amount);
    const [row] = await db().select().from(mpesaRefunds).where(eq(mpesaRefunds.sessionId, booked.id));
    const request = `mpesa-refund:${row!.id}:B2C`;
    // Sent once the reversal's R000002 has come back (after its commit): wait until Daraja has taken it.
    await eventually(async () => expect((await requestRow(request))?.acceptedAt).toBeInstanceOf(Date));
    return sendingOf(host, row!.id, request, booked.amount, { paid: 0, failed: booked.amount });
  }

  /** A mentee withdraws 200 of their 500 to their verified number: B2C sends 185, the fee kept. */
  async function withdrawal(phone: string): Promise<Sending> {
    const person = await ownerOf(await createAdvisee(db()), phone);
    await fundWallet(ctx, person, 500);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${api}/withdrawals`,
      headers: await bearer(ctx.app, person),
      payload: { amount: 200, requestId: randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    return sendingOf(person, id, `mpesa-refund:${id}:B2C`, 185, { paid: 300, failed: 500 });
  }

  function sendingOf(
    person: UserRow,
    id: number,
    request: string,
    amount: number,
    wallet: { paid: number; failed: number },
  ): Sending {
    return {
      person,
      request,
      amount,
      async state() {
        const [row] = await db().select().from(mpesaRefunds).where(eq(mpesaRefunds.id, id));
        return { status: row!.status as 'PENDING' | 'PAID' | 'FAILED', receipt: row!.receipt };
      },
      walletIfPaid: wallet.paid,
      walletIfFailed: wallet.failed,
    };
  }

  const start: Record<Way, (phone: string) => Promise<Sending>> = { payout, refund, withdrawal };

  async function settled(sending: Sending) {
    return eventually(async () => {
      const state = await sending.state();
      expect(state.status).not.toBe('PENDING');
      return state;
    });
  }

  /** Paid once, with M-PESA's receipt of its one B2C request; the person's wallet as a payment leaves it. */
  async function expectPaidOnce(sending: Sending) {
    const state = await settled(sending);
    const request = await requestRow(sending.request);
    expect(request).toMatchObject({ state: 'SUCCEEDED', amount: sending.amount });
    expect(state).toEqual({ status: 'PAID', receipt: request!.receipt });
    expect(state.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(await balanceOf(ctx, sending.person)).toBe(sending.walletIfPaid);
    await expectBooksBalanced();
  }

  it.each(ways)(
    '%s: a result that never comes is settled by Transaction Status, paid once with its receipt',
    async (way) => {
      const sending = await start[way](b2c.noResult);
      expect((await requestRow(sending.request))?.state).toBe('ACCEPTED');
      expect((await sending.state()).status).toBe('PENDING');
      // In flight: neither in the wallet nor paid.
      expect(await balanceOf(ctx, sending.person)).toBe(sending.walletIfPaid);
      await expectBooksBalanced();
      await disbursements().checkOpenRequests();
      await expectPaidOnce(sending);
    },
  );

  it.each(ways)('%s: a result that comes twice is applied once', async (way) => {
    const sending = await start[way](b2c.twice);
    const token = (await requestRow(sending.request))!.callbackToken;
    await eventually(async () => expect(log.answered(`/mpesa/results/${token}`)).toBe(2));
    await expectPaidOnce(sending);
  });

  it.each(ways)(
    '%s: a result that comes late, after the queue timeout, is applied once, and asking again changes nothing',
    async (way) => {
      const sending = await start[way](b2c.late);
      const token = (await requestRow(sending.request))!.callbackToken;
      await eventually(async () => expect(log.answered(`/mpesa/timeouts/${token}`)).toBe(1));
      await eventually(async () => expect(log.answered(`/mpesa/results/${token}`)).toBe(1));
      await disbursements().checkOpenRequests();
      await expectPaidOnce(sending);
    },
  );

  it.each(ways)(
    '%s: a queue timeout and no result is not a failure until Transaction Status says it was never made',
    async (way) => {
      const sending = await start[way](b2c.timeout);
      await eventually(async () => expect((await requestRow(sending.request))?.state).toBe('UNKNOWN'));
      expect((await sending.state()).status).toBe('PENDING');
      expect(await balanceOf(ctx, sending.person)).toBe(sending.walletIfPaid);
      await expectBooksBalanced();
      await disbursements().checkOpenRequests();
      const state = await settled(sending);
      expect(state).toEqual({ status: 'FAILED', receipt: null });
      expect(await requestRow(sending.request)).toMatchObject({ state: 'FAILED', resultCode: 'R000002' });
      // Back whole, fee and all.
      expect(await balanceOf(ctx, sending.person)).toBe(sending.walletIfFailed);
      await expectBooksBalanced();
    },
  );

  it.each(ways)(
    '%s: forged results change nothing; M-PESA’s own answer settles it with its own receipt',
    async (way) => {
      const sending = await start[way](b2c.noResult);
      const request = (await requestRow(sending.request))!;
      const result = (fields: { originator?: string; code?: number; amount?: number; receipt?: string }) => ({
        Result: {
          ResultType: 0,
          ResultCode: fields.code ?? 0,
          ResultDesc: fields.code
            ? 'The initiator information is invalid.'
            : 'The service request is processed successfully.',
          OriginatorConversationID: fields.originator ?? request.originatorConversationId,
          ConversationID: request.conversationId,
          TransactionID: fields.receipt ?? 'TFORGED001',
          ResultParameters: {
            ResultParameter: [
              { Key: 'TransactionAmount', Value: fields.amount ?? sending.amount },
              { Key: 'TransactionReceipt', Value: fields.receipt ?? 'TFORGED001' },
            ],
          },
        },
      });
      const post = (token: string, body: unknown) =>
        ctx.app.inject({
          method: 'POST',
          url: `/myprosper/api/mpesa/results/${token}`,
          payload: body as object,
        });
      const forgeries = [
        // Not from the sandbox: a path no request of ours has.
        post(randomUUID().replaceAll('-', ''), result({})),
        // Our path, naming another payment's ids: a success, and a failure that would give the money back.
        post(request.callbackToken, result({ originator: 'MPXsomeoneelse0000001' })),
        post(request.callbackToken, result({ originator: 'MPXsomeoneelse0000001', code: 2001 })),
        // Our ids, another amount; and a success with no receipt of the right shape.
        post(request.callbackToken, result({ amount: sending.amount + 1000 })),
        post(request.callbackToken, result({ receipt: 'forged' })),
        // Not a Result at all.
        post(request.callbackToken, { hello: 'world' }),
      ];
      for (const answer of await Promise.all(forgeries)) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
      }
      expect(await requestRow(sending.request)).toMatchObject({ state: 'ACCEPTED', receipt: null });
      expect((await sending.state()).status).toBe('PENDING');
      expect(await balanceOf(ctx, sending.person)).toBe(sending.walletIfPaid);
      await expectBooksBalanced();

      await disbursements().checkOpenRequests();
      await expectPaidOnce(sending);
      expect((await sending.state()).receipt).not.toBe('TFORGED001');
    },
  );

  it('a C2B confirmation for a reference that names no booking is kept once, then credited once', async () => {
    const pay = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/daraja/c2b/pay',
      payload: { account: 'HOUSE 12', amount: 640, validation: false, confirmations: 2 },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const receipt = pay.json().TransID as string;
    const kept = async () => db().select().from(paybillPayments).where(eq(paybillPayments.transId, receipt));
    expect(await kept()).toEqual([
      expect.objectContaining({ status: 'REVIEW', problem: 'UNKNOWN_REFERENCE', amount: 640 }),
    ]);
    await expectBooksBalanced();

    // An admin credits it to the payer's wallet; a confirmation arriving again afterwards changes nothing.
    const payer = await createAdvisee(db());
    const id = (await kept())[0]!.id;
    await adminCall(ctx, admin, 'POST', `paybill/${id}/credit`, {
      userId: payer.id,
      note: 'The payer phoned',
    });
    const again = await ctx.app.inject({
      method: 'POST',
      url: new URL(c2bUrls(ctx.env).confirmationUrl).pathname,
      payload: c2bConfirmation(receipt, 'HOUSE 12', 640, ctx.env.MPESA_SHORTCODE),
    });
    expect(again.statusCode, again.body).toBe(200);
    const twice = await callAs(ctx.app, admin, 'POST', `paybill/${id}/credit`, {
      userId: payer.id,
      note: 'Pressed twice',
    });
    expect(twice.statusCode).toBe(422);
    expect(await kept()).toEqual([expect.objectContaining({ status: 'CREDITED', amount: 640 })]);
    expect(await balanceOf(ctx, payer)).toBe(640);
    await expectBooksBalanced();
  });

  it('M-PESA’s own books agree: the Utility account went down by exactly what we count as paid', async () => {
    // Whatever is still open is asked about first, so nothing is in flight.
    await disbursements().checkOpenRequests();
    const requests = await eventually(async () => {
      const rows = await db().select().from(mpesaRequests).where(eq(mpesaRequests.kind, 'B2C'));
      expect(rows.filter((row) => !['SUCCEEDED', 'FAILED'].includes(row.state))).toEqual([]);
      return rows;
    });
    const succeeded = requests.filter((row) => row.state === 'SUCCEEDED');
    expect(succeeded.length).toBeGreaterThan(10);
    // The sandbox's tariff (sandbox-ledger.ts): 15 up to KES 1,000, 22 above.
    const outgo = succeeded.reduce((sum, row) => sum + row.amount! + (row.amount! <= 1000 ? 15 : 22), 0);
    expect(await utilityBalance()).toBe(utilityAtStart - outgo);
    await expectBooksBalanced();
  });
});
