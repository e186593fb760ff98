import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { wireFeatures } from '../../app.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { mpesaRequests } from '../../db/schema/mpesa-requests.ts';
import { ledgerTransactions } from '../../db/schema/payments.ts';
import { createAdvisee, type UserRow } from '../../db/seed/factories.ts';
import { selfAwareFetch } from '../../providers/in-process-fetch.ts';
import { createDarajaClient } from '../../providers/mpesa.ts';
import { createDarajaResultsClient, mpesaResultUrls } from '../../providers/mpesa-results.ts';
import { postTransaction } from '../wallet/wallet.door.ts';
import type { MpesaDisbursements, MpesaOutcome, MpesaRequestRow } from './mpesa-disbursements.service.ts';
import {
  balanceOf,
  bookSession,
  createPaymentsTestApp,
  eventually,
  expectLedgerConsistent,
  fundWallet,
  payByMpesa,
  paymentRow,
  phones,
  requestLog,
} from './payments.test-helpers.ts';

/** B2C test numbers of the sandbox (apps/api/sandbox/README.md). */
const b2c = {
  pays: '254708374149',
  insufficient: '254711000001',
  initiator: '254711002001',
  unregistered: '254711002040',
  locked: '254711008006',
  notMpesa: '254711000003',
  timeout: '254711000408',
  late: '254711000409',
  twice: '254711000002',
  noResult: '254711000000',
  quirks: '254711000007',
} as const;

const purpose = 'test-withdrawal';

/**
 * A tiny purpose, as a withdrawal would be: the wallet's money goes to PAYOUTS (in flight) with the request,
 * then to MPESA_CLEARING when M-PESA paid, or back to the wallet when it did not. Its postings carry a fresh
 * key each time, so a second application would show as a second posting (the service must prevent it).
 */
function registerTestPurpose(disbursements: MpesaDisbursements) {
  disbursements.onOutcome(purpose, async (tx: DbOrTx, request: MpesaRequestRow, outcome) => {
    const userId = Number(request.reference.split(':')[1]);
    await postTransaction(tx, {
      kind: outcome.state === 'SUCCEEDED' ? 'TEST_PAID' : 'TEST_BACK',
      reference: `${outcome.state === 'SUCCEEDED' ? 'test-paid' : 'test-back'}:${request.id}:${randomUUID()}`,
      memo: `test ${request.reference} ${outcome.receipt ?? outcome.reason}`,
      lines:
        outcome.state === 'SUCCEEDED'
          ? [
              { account: { platform: 'PAYOUTS' }, amount: -request.amount! },
              { account: { platform: 'MPESA_CLEARING' }, amount: request.amount! },
            ]
          : [
              { account: { platform: 'PAYOUTS' }, amount: -request.amount! },
              { account: { wallet: userId }, amount: request.amount! },
            ],
    });
  });
}

describe('M-PESA disbursements: B2C through the sandbox, settled once', () => {
  let ctx: TestContext;
  let disbursements: MpesaDisbursements;
  const log = requestLog();
  const refunds: Array<{ reference: string; outcome: MpesaOutcome }> = [];

  beforeAll(async () => {
    ctx = await createPaymentsTestApp(
      {
        JOBS_ENABLED: 'false',
        LOG_LEVEL: 'info',
        // Long enough that a test reads a request's acknowledgement before its Result, on a busy machine too.
        MPESA_SANDBOX_DELAY_MS: '300',
        MPESA_RESULTS_CHECK_AFTER_SECONDS: '0',
      },
      { logStream: log.stream },
    );
    disbursements = wireFeatures(ctx.app).disbursements;
    registerTestPurpose(disbursements);
    disbursements.onOutcome('test-refund', async (_tx, request, outcome) => {
      refunds.push({ reference: request.reference, outcome });
    });
    disbursements.onOutcome('test-code', async (_tx, request, outcome) => {
      refunds.push({ reference: request.reference, outcome });
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** A mentee with `funds` in the wallet withdraws `amount` to `phone`: the money in flight, the request written. */
  async function withdraw(phone: string, amount = 500, funds = 1000, options: { send?: boolean } = {}) {
    const user = await createAdvisee(ctx.database.db);
    await fundWallet(ctx, user, funds);
    const reference = `withdraw:${user.id}:${randomUUID().slice(0, 8)}`;
    const row = await ctx.database.db.transaction(async (tx) => {
      await postTransaction(tx, {
        kind: 'TEST_WITHDRAWAL',
        reference: `test-withdraw:${reference}`,
        memo: 'test withdrawal',
        lines: [
          { account: { wallet: user.id }, amount: -amount },
          { account: { platform: 'PAYOUTS' }, amount },
        ],
      });
      return disbursements.prepare(tx, {
        kind: 'B2C',
        purpose,
        reference,
        phone,
        amount,
        remarks: 'MyProsper withdrawal',
      });
    });
    const sent = options.send === false ? row : await disbursements.send(row);
    return { user, reference, row: sent };
  }

  async function requestOf(reference: string): Promise<MpesaRequestRow> {
    const [row] = await ctx.database.db
      .select()
      .from(mpesaRequests)
      .where(eq(mpesaRequests.reference, reference));
    return row!;
  }

  async function settled(reference: string): Promise<MpesaRequestRow> {
    return eventually(async () => {
      const row = await requestOf(reference);
      expect(['SUCCEEDED', 'FAILED']).toContain(row.state);
      return row;
    });
  }

  async function postingsOf(row: MpesaRequestRow) {
    const rows = await ctx.database.db
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(
        sql`${ledgerTransactions.idempotencyKey} LIKE ${`test-paid:${row.id}:%`} OR ${ledgerTransactions.idempotencyKey} LIKE ${`test-back:${row.id}:%`}`,
      );
    return rows.map((r) => r.kind);
  }

  async function expectSettledOnce(user: UserRow, row: MpesaRequestRow, paid: boolean, funds = 1000) {
    expect(await postingsOf(row)).toEqual([paid ? 'TEST_PAID' : 'TEST_BACK']);
    expect(await balanceOf(ctx, user)).toBe(paid ? funds - row.amount! : funds);
    await expectLedgerConsistent(ctx.database.db);
  }

  it('pays a phone: accepted, then its result settles it with the receipt, once', async () => {
    const { user, reference, row } = await withdraw(b2c.pays);
    expect(row.state).toBe('ACCEPTED');
    expect(row.originatorConversationId).toMatch(/^[A-Za-z0-9_-]{1,25}$/);
    expect(row.conversationId).toMatch(/^AG_\d{8}_[0-9a-f]+$/);
    const done = await settled(reference);
    expect(done).toMatchObject({ state: 'SUCCEEDED', resultCode: '0', failureReason: null });
    expect(done.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(done.resultParameters).toMatchObject({ TransactionAmount: 500, TransactionReceipt: done.receipt });
    await expectSettledOnce(user, done, true);

    // The same reference again: the row as it stands, nothing sent.
    const again = await disbursements.request({
      kind: 'B2C',
      purpose,
      reference,
      phone: b2c.pays,
      amount: 500,
      remarks: 'again',
    });
    expect(again.id).toBe(done.id);
    const count = await ctx.database.db
      .select({ id: mpesaRequests.id })
      .from(mpesaRequests)
      .where(eq(mpesaRequests.reference, reference));
    expect(count).toHaveLength(1);
  });

  it.each([
    [b2c.insufficient, '1', /short of funds/],
    [b2c.initiator, '2001', /not available/],
    [b2c.unregistered, '2040', /registered M-PESA number/],
    [b2c.locked, '8006', /not available/],
    [b2c.notMpesa, 'SFC_IC0003', /not an M-PESA number/],
  ])(
    'a failure result (%s → %s) gives the money back with the reason, no receipt',
    async (phone, code, reason) => {
      const { user, reference } = await withdraw(phone);
      const done = await settled(reference);
      expect(done).toMatchObject({ state: 'FAILED', resultCode: code, receipt: null });
      expect(done.failureReason).toMatch(reason);
      await expectSettledOnce(user, done, false);
    },
  );

  it('a result posted twice is applied once', async () => {
    const { user, reference } = await withdraw(b2c.twice);
    const done = await settled(reference);
    expect(done.state).toBe('SUCCEEDED');
    // The second POST was answered too, and changed nothing.
    await eventually(async () => expect(log.answered(`/mpesa/results/${done.callbackToken}`)).toBe(2));
    await expectSettledOnce(user, done, true);
  });

  it('reads the quirks: a single-object ResultParameter and codes as strings', async () => {
    const { user, reference } = await withdraw(b2c.quirks);
    const done = await settled(reference);
    expect(done.state).toBe('SUCCEEDED');
    expect(done.receipt).toMatch(/^[A-Z0-9]{10}$/);
    await expectSettledOnce(user, done, true);
  });

  it('a queue timeout is unknown, never failed: Transaction Status settles it (never made: money back)', async () => {
    const { user, reference } = await withdraw(b2c.timeout);
    await eventually(async () => expect((await requestOf(reference)).state).toBe('UNKNOWN'));
    expect(await postingsOf(await requestOf(reference))).toEqual([]);
    await disbursements.checkOpenRequests();
    const done = await settled(reference);
    expect(done).toMatchObject({ state: 'FAILED', resultCode: 'R000002', statusChecks: 1 });
    await expectSettledOnce(user, done, false);
  });

  it('a result that comes late, after the queue timeout, still settles it once', async () => {
    const { user, reference } = await withdraw(b2c.late);
    await eventually(async () =>
      expect(log.answered(`/mpesa/timeouts/${(await requestOf(reference)).callbackToken}`)).toBe(1),
    );
    const done = await settled(reference);
    expect(done.state).toBe('SUCCEEDED');
    await disbursements.checkOpenRequests();
    await expectSettledOnce(user, done, true);
  });

  it('a result that never comes: the status check finds it paid, with its receipt', async () => {
    const { user, reference } = await withdraw(b2c.noResult);
    expect((await requestOf(reference)).state).toBe('ACCEPTED');
    await disbursements.checkOpenRequests();
    const done = await settled(reference);
    expect(done).toMatchObject({ state: 'SUCCEEDED', resultCode: '0' });
    expect(done.receipt).toMatch(/^[A-Z0-9]{10}$/);
    await expectSettledOnce(user, done, true);
    // The status check itself is a request of its own, settled.
    const [check] = await ctx.database.db
      .select()
      .from(mpesaRequests)
      .where(and(eq(mpesaRequests.kind, 'STATUS'), eq(mpesaRequests.subjectId, done.id)));
    expect(check).toMatchObject({ state: 'SUCCEEDED', purpose: 'reconcile' });
    expect(check!.resultParameters).toMatchObject({
      TransactionStatus: 'Completed',
      ReceiptNo: done.receipt,
    });
  });

  it('a crash before the call: the status check finds nothing and gives the money back, never pays', async () => {
    const { user, reference } = await withdraw(b2c.pays, 500, 1000, { send: false });
    expect((await requestOf(reference)).state).toBe('REQUESTED');
    await disbursements.checkOpenRequests();
    const done = await settled(reference);
    expect(done).toMatchObject({ state: 'FAILED', resultCode: 'R000002' });
    await expectSettledOnce(user, done, false);
  });

  it('forged results change nothing: an unknown path, another request’s ids, another amount', async () => {
    const { user, reference, row } = await withdraw(b2c.noResult);
    const forged = (originator: string, amount: number) => ({
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: originator,
        ConversationID: row.conversationId,
        TransactionID: 'TFORGED123',
        ResultParameters: {
          ResultParameter: [
            { Key: 'TransactionAmount', Value: amount },
            { Key: 'TransactionReceipt', Value: 'TFORGED123' },
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
    const unknown = await post('x'.repeat(43), forged(row.originatorConversationId!, 500));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect((await post(row.callbackToken, forged('MPXsomeoneelse', 500))).statusCode).toBe(200);
    expect((await post(row.callbackToken, forged(row.originatorConversationId!, 50_000))).statusCode).toBe(
      200,
    );
    expect((await post(row.callbackToken, { hello: 'world' })).statusCode).toBe(200);
    const still = await requestOf(reference);
    expect(still).toMatchObject({ state: 'ACCEPTED', receipt: null });
    expect(await postingsOf(still)).toEqual([]);

    // The truth, from Transaction Status: paid, with the sandbox's receipt (not the forged one).
    await disbursements.checkOpenRequests();
    const done = await settled(reference);
    expect(done.state).toBe('SUCCEEDED');
    expect(done.receipt).not.toBe('TFORGED123');
    await expectSettledOnce(user, done, true);
  });

  it('asks for the account balance, which goes down by what was paid', async () => {
    const first = await disbursements.requestBalance(`balance:${randomUUID()}`);
    await settled(first.reference);
    const before = await disbursements.latestBalance();
    const utility = before.accounts.find((line) => line.account === 'Utility Account');
    expect(utility?.currency).toBe('KES');
    const { reference } = await withdraw(b2c.pays, 1000, 1000);
    await settled(reference);
    const second = await disbursements.requestBalance(`balance:${randomUUID()}`);
    await settled(second.reference);
    const after = await disbursements.latestBalance();
    const utilityAfter = after.accounts.find((line) => line.account === 'Utility Account');
    // 1000 paid and its charge (15 for ≤ 1000 in the sandbox's tariff).
    expect(utilityAfter!.available).toBe(utility!.available - 1015);
    expect(after.checkedAt).not.toBeNull();
  });

  it('refuses nonsense before writing anything', async () => {
    await expect(
      disbursements.request({
        kind: 'B2C',
        purpose,
        reference: `bad:${randomUUID()}`,
        phone: '0712345678',
        amount: 500,
        remarks: 'x',
      }),
    ).rejects.toThrow(RangeError);
    await expect(
      disbursements.request({
        kind: 'B2C',
        purpose,
        reference: `bad:${randomUUID()}`,
        phone: b2c.pays,
        amount: 9,
        remarks: 'x',
      }),
    ).rejects.toThrow(RangeError);
    const bad = await ctx.database.db
      .select()
      .from(mpesaRequests)
      .where(like(mpesaRequests.reference, 'bad:%'));
    expect(bad).toEqual([]);
  });

  /** A session paid by STK push through the sandbox: the payment's M-PESA receipt. */
  async function paidReceipt(): Promise<{ receipt: string; amount: number }> {
    const booked = await bookSession(ctx);
    const res = await payByMpesa(ctx, booked.host, booked.id, phones.pays);
    expect(res.statusCode, res.body).toBe(200);
    const paymentId = res.json().data.id as number;
    return eventually(async () => {
      const payment = await paymentRow(ctx.database.db, paymentId);
      expect(payment.status).toBe('SUCCEEDED');
      return { receipt: payment.providerReference!, amount: payment.amount };
    });
  }

  it('reverses an STK payment whole, once: a second reversal answers "already reversed", an unknown receipt fails', async () => {
    const { receipt, amount } = await paidReceipt();
    const first = await disbursements.reverse({
      purpose: 'test-refund',
      reference: `rev:${randomUUID()}`,
      receipt,
      amount,
    });
    expect(first.state).toBe('ACCEPTED');
    const done = await settled(first.reference);
    expect(done).toMatchObject({ state: 'SUCCEEDED', resultCode: '0', originalReceipt: receipt });
    expect(done.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(done.resultParameters).toMatchObject({ OriginalTransactionID: receipt, Amount: amount });

    const second = await disbursements.reverse({
      purpose: 'test-refund',
      reference: `rev:${randomUUID()}`,
      receipt,
      amount,
    });
    const again = await settled(second.reference);
    expect(again).toMatchObject({ state: 'SUCCEEDED', resultCode: 'R000001', receipt: null });

    const unknown = await disbursements.reverse({
      purpose: 'test-refund',
      reference: `rev:${randomUUID()}`,
      receipt: 'TUNKNOWN00',
      amount: 10,
    });
    const failed = await settled(unknown.reference);
    expect(failed).toMatchObject({ state: 'FAILED', resultCode: 'R000002' });
    expect(
      refunds.filter((r) => [first.reference, second.reference, unknown.reference].includes(r.reference)),
    ).toHaveLength(3);
  });

  it('checks a typed receipt with Transaction Status: its handler reads the status keys', async () => {
    const { receipt, amount } = await paidReceipt();
    const check = await disbursements.checkStatus({
      purpose: 'test-code',
      reference: `code:${randomUUID()}`,
      receipt,
      partyA: ctx.env.MPESA_SHORTCODE,
    });
    const done = await settled(check.reference);
    expect(done.state).toBe('SUCCEEDED');
    const seen = refunds.find((r) => r.reference === check.reference)!.outcome;
    expect(seen).toMatchObject({ state: 'SUCCEEDED', receipt, amount, via: 'RESULT' });
    expect(seen.parameters).toMatchObject({
      TransactionStatus: 'Completed',
      ReceiptNo: receipt,
      Amount: amount,
    });

    const nobody = await disbursements.checkStatus({
      purpose: 'test-code',
      reference: `code:${randomUUID()}`,
      receipt: 'TNOSUCH000',
      partyA: ctx.env.MPESA_SHORTCODE,
    });
    const none = await settled(nobody.reference);
    expect(none).toMatchObject({ state: 'FAILED', resultCode: 'R000002' });
  });

  it('the API stopped after Daraja took the request but before its answer was saved: the status check pays it once', async () => {
    const { user, reference, row } = await withdraw(b2c.noResult, 500, 1000, { send: false });
    // Daraja got the request (sent as the service would), and the process died before recording the ack.
    const client = createDarajaResultsClient(
      ctx.env,
      createDarajaClient(ctx.env, selfAwareFetch(ctx.app, ctx.env.PUBLIC_URL)),
    );
    await client.b2cPayment({
      ...mpesaResultUrls(ctx.env, row.callbackToken),
      originatorConversationId: row.originatorConversationId!,
      phone: row.phone!,
      amount: row.amount!,
      remarks: row.remarks,
    });
    expect((await requestOf(reference)).state).toBe('REQUESTED');
    // Sending it again is refused by Daraja as a duplicate and leaves it for the check: never paid twice.
    const resent = await disbursements.send(await requestOf(reference));
    expect(resent.state).toBe('REQUESTED');
    await disbursements.checkOpenRequests();
    const done = await settled(reference);
    expect(done.state).toBe('SUCCEEDED');
    await expectSettledOnce(user, done, true);
  });

  it('the same result posted many times at once is applied once', async () => {
    const { user, reference, row } = await withdraw(b2c.noResult);
    const body = {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: row.originatorConversationId,
        ConversationID: row.conversationId,
        TransactionID: 'TCONCUR001',
        ResultParameters: {
          ResultParameter: [
            { Key: 'TransactionAmount', Value: 500 },
            { Key: 'TransactionReceipt', Value: 'TCONCUR001' },
          ],
        },
      },
    };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `/myprosper/api/mpesa/results/${row.callbackToken}`,
          payload: body,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const done = await requestOf(reference);
    expect(done).toMatchObject({ state: 'SUCCEEDED', receipt: 'TCONCUR001' });
    await expectSettledOnce(user, done, true);
  });
});
