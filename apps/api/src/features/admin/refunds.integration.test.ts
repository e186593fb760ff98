import { randomUUID } from 'node:crypto';
import { type AdminPaymentDetails, adminRefundMessages } from '@myprosper/contract/admin-refunds';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { payments } from '../../db/schema/payments.ts';
import { mpesaRefunds } from '../../db/schema/refunds.ts';
import { createAdmin, type UserRow } from '../../db/seed/factories.ts';
import { operatorRefunds } from '../../lib/metrics.ts';
import {
  api,
  type Booked,
  balanceOf,
  bearer,
  bookSession,
  cancel,
  createPaymentsTestApp,
  earningsService,
  eventually,
  expectLedgerConsistent,
  getSession,
  mentorJoined,
  moveSession,
  noShowJob,
  payByMpesa,
  paymentRow,
  phones,
} from '../payments/payments.test-helpers.ts';
import { adminCall, auditRowsOf, callAs } from './admin.test-helpers.ts';

/**
 * Issue 25: an operator refunds a payment, whole or in part, to the payer's wallet or back to the M-PESA number
 * that paid; never more than was paid less what was refunded already, however many refunds come at once; every
 * movement in the ledger, every refund in the audit log with the confirmation's words.
 */
describe('admin: refunds of a payment', () => {
  let ctx: TestContext;
  let admin: UserRow;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp({ JOBS_ENABLED: 'false' });
    admin = await createAdmin(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** A session its host paid by an M-PESA push (the sandbox's callback), and that payment as admins find it. */
  async function paidByMpesa(hoursAhead = 72) {
    const booked = await bookSession(ctx, { hoursAhead });
    expect((await payByMpesa(ctx, booked.host, booked.id, phones.pays)).statusCode).toBe(200);
    await eventually(async () =>
      expect((await getSession(ctx, booked.host, booked.id)).paymentStatus).toBe('PAID'),
    );
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, booked.id));
    return { booked, payment: payment! };
  }

  /** The session happened an hour ago and its mentor came (the no-show job's word), so it can be settled. */
  async function endSession(booked: Booked) {
    const startsAt = new Date(Date.now() - 2 * 3_600_000);
    await moveSession(ctx, booked.id, startsAt);
    await mentorJoined(ctx, booked, new Date(startsAt.getTime() + 60_000));
    await noShowJob(ctx).run();
  }

  async function mentorBalance(booked: Booked) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${api}/getAdvisorBalance/${booked.advisor.id}`,
      headers: await bearer(ctx.app, booked.advisor),
    });
    return res.json().data.walletBalance as number;
  }

  const details = (paymentId: number) =>
    adminCall<AdminPaymentDetails>(ctx, admin, 'GET', `payments/${paymentId}`);
  const refund = (paymentId: number, body: Record<string, unknown>) =>
    callAs(ctx.app, admin, 'POST', `payments/${paymentId}/refunds`, { requestId: randomUUID(), ...body });

  it('gives part of a payment back to the wallet from what the session holds; its mentor is paid that less', async () => {
    const { booked, payment } = await paidByMpesa();
    const before = await details(payment.id);
    expect(before.plan).toMatchObject({
      source: 'SESSION',
      left: payment.amount,
      blocked: null,
      options: [
        { destination: 'WALLET', maximum: payment.amount },
        { destination: 'MPESA', maximum: payment.amount, phoneNumber: phones.pays },
      ],
    });
    const wallet = await balanceOf(ctx, booked.host);
    const requestId = randomUUID();
    const made = await refund(payment.id, {
      amount: 500,
      destination: 'WALLET',
      reason: 'The mentor joined 20 minutes late',
      requestId,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().message).toBe(adminRefundMessages.refunded(500));
    const after = made.json().data as AdminPaymentDetails;
    expect(after.payment.refunded).toBe(500);
    expect(after.plan.left).toBe(payment.amount - 500);
    expect(after.refunds).toMatchObject([
      { amount: 500, destination: 'WALLET', source: 'SESSION', reason: 'The mentor joined 20 minutes late' },
    ]);
    expect(await balanceOf(ctx, booked.host)).toBe(wallet + 500);
    // The audit entry keeps who, why and the confirmation's words; the history shows it.
    const [entry] = await auditRowsOf(ctx, 'payment', payment.id);
    expect(entry).toMatchObject({ actorId: admin.id, action: 'REFUND_PAYMENT', before: { refunded: 0 } });
    expect(entry?.after).toMatchObject({ amount: 500, destination: 'WALLET', refunded: 500 });
    expect((entry?.after as { what: string }).what).toContain('goes to');
    expect(after.history).toMatchObject([
      { action: 'REFUND_PAYMENT', by: admin.name, reason: 'The mentor joined 20 minutes late' },
    ]);

    // The same confirmation sent twice makes one refund.
    const again = await refund(payment.id, {
      amount: 500,
      destination: 'WALLET',
      reason: 'The mentor joined 20 minutes late',
      requestId,
    });
    expect(again.statusCode).toBe(200);
    expect(await balanceOf(ctx, booked.host)).toBe(wallet + 500);

    // More than is left is refused with the most that can go, and changes nothing.
    const tooMuch = await refund(payment.id, {
      amount: payment.amount - 499,
      destination: 'WALLET',
      reason: 'All of it',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe(adminRefundMessages.moreThanLeft(payment.amount - 500));
    expect((await paymentRow(ctx.database.db, payment.id)).refunded).toBe(500);

    // The session happens; its mentor is paid what the session still holds, less the commission.
    await endSession(booked);
    await earningsService(ctx).settleEndedSessions();
    expect(await mentorBalance(booked)).toBe(Math.floor((payment.amount - 500) * 0.8));
    await expectLedgerConsistent(ctx.database.db);
  });

  it('sends part of a payment back to the M-PESA number that paid by B2C, and all of one as a reversal', async () => {
    const counted = (await operatorRefunds.get()).values.find(
      (value) => value.labels.destination === 'MPESA' && value.labels.source === 'SESSION',
    );
    const part = await paidByMpesa();
    const sent = await refund(part.payment.id, {
      amount: 1000,
      destination: 'MPESA',
      reason: 'Half of the session was lost to the connection',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const whole = await paidByMpesa();
    const reversed = await refund(whole.payment.id, {
      amount: whole.payment.amount,
      destination: 'MPESA',
      reason: 'Booked by mistake, never used',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const sendings = async (paymentId: number) =>
      ctx.database.db.select().from(mpesaRefunds).where(eq(mpesaRefunds.paymentId, paymentId));
    await eventually(async () => {
      expect(await sendings(part.payment.id)).toMatchObject([
        { method: 'B2C', amount: 1000, phoneNumber: phones.pays, status: 'PAID' },
      ]);
      expect(await sendings(whole.payment.id)).toMatchObject([
        { method: 'REVERSAL', amount: whole.payment.amount, status: 'PAID' },
      ]);
    });
    const shown = await details(part.payment.id);
    expect(shown.refunds[0]?.mpesa).toMatchObject({ status: 'PAID', phoneNumber: phones.pays });
    expect((await details(whole.payment.id)).plan.blocked).toBe(adminRefundMessages.refundedAlready);
    // What M-PESA got never touched the payers' wallets.
    expect(await balanceOf(ctx, part.booked.host)).toBe(0);
    const now = (await operatorRefunds.get()).values.find(
      (value) => value.labels.destination === 'MPESA' && value.labels.source === 'SESSION',
    );
    expect((now?.value ?? 0) - (counted?.value ?? 0)).toBe(2);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('after a cancellation the money is in the wallet: it can only go back to M-PESA, within the balance', async () => {
    const { booked, payment } = await paidByMpesa();
    expect((await cancel(ctx, booked.host, booked.id)).statusCode).toBe(200);
    const plan = (await details(payment.id)).plan;
    expect(plan.source).toBe('WALLET');
    expect(plan.options).toEqual([
      { destination: 'MPESA', maximum: payment.amount, phoneNumber: phones.pays },
    ]);
    const toWallet = await refund(payment.id, { amount: 100, destination: 'WALLET', reason: 'Wrong way' });
    expect(toWallet.statusCode).toBe(422);
    expect(toWallet.json().message).toBe(adminRefundMessages.notToWallet);
    const sent = await refund(payment.id, {
      amount: 400,
      destination: 'MPESA',
      reason: 'Wants it on M-PESA',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await balanceOf(ctx, booked.host)).toBe(payment.amount - 400);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('once the mentor was paid, MyProsper pays a refund from its commission', async () => {
    const { booked, payment } = await paidByMpesa(48);
    await endSession(booked);
    await earningsService(ctx).settleEndedSessions();
    const mentorPaid = await mentorBalance(booked);
    expect(mentorPaid).toBe(Math.floor(payment.amount * 0.8));
    const plan = (await details(payment.id)).plan;
    expect(plan.source).toBe('PLATFORM');
    const made = await refund(payment.id, { amount: 700, destination: 'WALLET', reason: 'Goodwill' });
    expect(made.statusCode, made.body).toBe(200);
    expect(await balanceOf(ctx, booked.host)).toBe(700);
    expect(await mentorBalance(booked)).toBe(mentorPaid);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('asks for an amount, a destination and a reason, and refuses what did not go through', async () => {
    const { payment } = await paidByMpesa();
    for (const [body, message] of [
      [
        { amount: 0, destination: 'WALLET', reason: 'Some reason' },
        `amount: ${adminRefundMessages.giveAmount}`,
      ],
      [
        { amount: 12.5, destination: 'WALLET', reason: 'Some reason' },
        `amount: ${adminRefundMessages.giveAmount}`,
      ],
      [{ amount: 100, destination: 'WALLET', reason: ' a ' }, `reason: ${adminRefundMessages.giveReason}`],
      [{ amount: 5, destination: 'MPESA', reason: 'Some reason' }, adminRefundMessages.mpesaMinimum],
    ] as const) {
      const res = await refund(payment.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message).toBe(message);
    }
    const failed = await bookSession(ctx);
    expect((await payByMpesa(ctx, failed.host, failed.id, phones.cancelled)).statusCode).toBe(200);
    const [attempt] = await eventually(async () => {
      const rows = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, failed.id));
      expect(rows[0]?.status).toBe('FAILED');
      return rows;
    });
    const refused = await refund(attempt!.id, { amount: 100, destination: 'WALLET', reason: 'Some reason' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(adminRefundMessages.notPaid);
    expect((await auditRowsOf(ctx, 'payment', payment.id)).length).toBe(0);
  });

  it('two refunds at once never give back more than was paid', async () => {
    const { booked, payment } = await paidByMpesa();
    const each = Math.floor(payment.amount / 3);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        refund(payment.id, { amount: each, destination: 'WALLET', reason: `Refund number ${index + 1}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 422, 422, 422, 422, 422]);
    for (const answer of answers.filter((a) => a.statusCode === 422)) {
      expect(answer.json().message).toBe(adminRefundMessages.moreThanLeft(payment.amount - 3 * each));
    }
    expect((await paymentRow(ctx.database.db, payment.id)).refunded).toBe(3 * each);
    expect(await balanceOf(ctx, booked.host)).toBe(3 * each);
    expect(await auditRowsOf(ctx, 'payment', payment.id)).toHaveLength(3);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a refund and a cancellation at once wait for each other: the payer gets back exactly what was paid', async () => {
    const { booked, payment } = await paidByMpesa();
    const [refunded, cancelled] = await Promise.all([
      refund(payment.id, { amount: 1000, destination: 'WALLET', reason: 'At the same time' }),
      cancel(ctx, booked.host, booked.id),
    ]);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // First, it takes 1,000 from the session (the cancellation gives the rest); second, the money is in the
    // wallet already and it is refused.
    if (refunded.statusCode !== 200) expect(refunded.json().message).toBe(adminRefundMessages.notToWallet);
    expect(await balanceOf(ctx, booked.host)).toBe(payment.amount);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a later cancellation gives back only what the session still holds', async () => {
    const { booked, payment } = await paidByMpesa();
    expect(
      (await refund(payment.id, { amount: 900, destination: 'WALLET', reason: 'Partly' })).statusCode,
    ).toBe(200);
    expect((await cancel(ctx, booked.host, booked.id)).statusCode).toBe(200);
    expect(await balanceOf(ctx, booked.host)).toBe(payment.amount);
    await expectLedgerConsistent(ctx.database.db);
  });
});
