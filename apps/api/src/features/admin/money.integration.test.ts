import type { AdminDashboard, AdminInsights } from '@myprosper/contract/admin-insights';
import type {
  AdminPaymentPage,
  AdminPaymentQueryResult,
  AdminRefundPage,
  AdminSessionDetails,
  AdminSessionPage,
  MentorOwed,
  PayoutRecord,
} from '@myprosper/contract/admin-money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { topicSearches, topicViewEvents } from '../../db/schema/catalogue.ts';
import { payoutMethods } from '../../db/schema/profiles.ts';
import {
  createAdmin,
  createAdvisee,
  createAdvisor,
  createBookedSession,
  createTopic,
  type UserRow,
} from '../../db/seed/factories.ts';
import { waitForMailSaying } from '../auth/auth.test-helpers.ts';
import {
  balanceOf,
  bookSession,
  createPaymentsTestApp,
  eventually,
  expectLedgerConsistent,
  fundWallet,
  getSession,
  payByMpesa,
  phones,
} from '../payments/payments.test-helpers.ts';
import { adminApi, adminCall, auditRowsOf, callAs } from './admin.test-helpers.ts';

describe('admin: sessions, payments, payouts and figures', () => {
  let ctx: TestContext;
  let admin: UserRow;
  beforeAll(async () => {
    ctx = await createPaymentsTestApp();
    admin = await createAdmin(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** A session booked through the API and paid by M-PESA through the sandbox. */
  async function paidSession() {
    const booked = await bookSession(ctx);
    expect((await payByMpesa(ctx, booked.host, booked.id, phones.pays)).statusCode).toBe(200);
    await eventually(async () =>
      expect((await getSession(ctx, booked.host, booked.id)).status).toBe('CONFIRMED'),
    );
    return booked;
  }

  it('finds sessions by mentee, mentor, date and status, with their money', async () => {
    const booked = await paidSession();
    const byPerson = await adminCall<AdminSessionPage>(
      ctx,
      admin,
      'GET',
      `sessions?person=${encodeURIComponent(booked.host.email)}`,
    );
    expect(byPerson.items.map((s) => s.id)).toEqual([booked.id]);
    expect(byPerson.items[0]).toMatchObject({
      reference: booked.reference,
      status: 'CONFIRMED',
      paymentStatus: 'PAID',
      amount: 2900,
      mentor: { id: booked.advisor.id },
      host: { id: booked.host.id },
      attendeeCount: 1,
    });
    const byMentor = await adminCall<AdminSessionPage>(
      ctx,
      admin,
      'GET',
      `sessions?mentor=${encodeURIComponent(booked.advisor.name)}&status=CONFIRMED&from=${booked.slot.date}&to=${booked.slot.date}`,
    );
    expect(byMentor.items.map((s) => s.id)).toEqual([booked.id]);
    const otherDay = await adminCall<AdminSessionPage>(
      ctx,
      admin,
      'GET',
      `sessions?mentorId=${booked.advisor.id}&to=2020-01-01`,
    );
    expect(otherDay.total).toBe(0);
    const cancelled = await adminCall<AdminSessionPage>(
      ctx,
      admin,
      'GET',
      `sessions?mentorId=${booked.advisor.id}&status=CANCELLED`,
    );
    expect(cancelled.total).toBe(0);

    const details = await adminCall<AdminSessionDetails>(ctx, admin, 'GET', `sessions/${booked.id}`);
    expect(details).toMatchObject({
      escrow: 2900,
      canCancel: true,
      cancellation: null,
      settlement: null,
      call: null,
    });
    expect(details.payments).toEqual([
      expect.objectContaining({
        provider: 'MPESA',
        status: 'SUCCEEDED',
        amount: 2900,
        phoneNumber: phones.pays,
        providerReference: expect.stringMatching(/^[A-Z0-9]{10}$/),
        checkoutRequestId: expect.stringMatching(/^ws_CO_/),
        session: { id: booked.id, reference: booked.reference },
      }),
    ]);
  });

  it('cancels a paid session with a full refund to the mentee, tells everyone, and audits it in the same transaction', async () => {
    const booked = await paidSession();
    const res = await callAs(ctx.app, admin, 'POST', `sessions/${booked.id}/cancel`, {
      reason: 'The mentor is unwell',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      statusCode: 200,
      message: 'Session cancelled; every paid share was refunded in full',
      data: { refundedTotal: 2900, forfeited: 0 },
    });
    expect(await balanceOf(ctx, booked.host)).toBe(2900);
    const details = await adminCall<AdminSessionDetails>(ctx, admin, 'GET', `sessions/${booked.id}`);
    expect(details).toMatchObject({
      status: 'CANCELLED',
      escrow: 0,
      canCancel: false,
      cancellation: {
        by: { id: admin.id },
        reason: 'The mentor is unwell',
        fullRefund: true,
        refunded: 2900,
        forfeited: 0,
      },
    });
    expect(await auditRowsOf(ctx, 'session', booked.id)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'CANCEL_SESSION',
        before: { status: 'CONFIRMED', paymentStatus: 'PAID', escrow: 2900 },
        after: { status: 'CANCELLED', reason: 'The mentor is unwell', refundedTotal: 2900, forfeited: 0 },
      }),
    ]);
    const mail = await waitForMailSaying(ctx.app, booked.host.email, 'was cancelled by MyProsper');
    expect(mail.body).toContain('KES 2,900 was refunded to your MyProsper wallet');

    const refunds = await adminCall<AdminRefundPage>(ctx, admin, 'GET', 'refunds');
    expect(refunds.items[0]).toMatchObject({
      session: { id: booked.id },
      amount: 2900,
      to: [{ name: booked.host.name, amount: 2900 }],
    });
    const again = await callAs(ctx.app, admin, 'POST', `sessions/${booked.id}/cancel`, { reason: 'Again' });
    expect(again.statusCode).toBe(422);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('asks M-PESA again about a stuck payment and applies the answer, audited', async () => {
    const booked = await bookSession(ctx);
    const push = await payByMpesa(ctx, booked.host, booked.id, phones.noCallback);
    expect(push.statusCode, push.body).toBe(200);
    const paymentId = push.json().data.id as number;
    const pending = await adminCall<AdminPaymentPage>(ctx, admin, 'GET', 'payments?status=PENDING');
    expect(pending.items.map((p) => p.id)).toContain(paymentId);

    const result = await eventually(async () => {
      const answer = await adminCall<AdminPaymentQueryResult>(
        ctx,
        admin,
        'POST',
        `payments/${paymentId}/query`,
      );
      expect(answer.outcome).toBe('SUCCEEDED');
      return answer;
    });
    expect(result.payment).toMatchObject({ id: paymentId, status: 'SUCCEEDED' });
    expect((await getSession(ctx, booked.host, booked.id)).status).toBe('CONFIRMED');
    expect((await auditRowsOf(ctx, 'payment', paymentId)).at(-1)).toMatchObject({
      action: 'QUERY_MPESA_PAYMENT',
      before: { status: 'PENDING' },
      after: { outcome: 'SUCCEEDED', status: 'SUCCEEDED' },
    });
    const settled = await callAs(ctx.app, admin, 'POST', `payments/${paymentId}/query`, {});
    expect(settled.statusCode).toBe(409);
    expect(settled.json().message).toBe('This payment is no longer pending');
    const found = await adminCall<AdminPaymentPage>(ctx, admin, 'GET', `payments?query=${booked.reference}`);
    expect(found.items.map((p) => p.id)).toEqual([paymentId]);
  });

  it('records a payout up to what the mentor is owed, never more, and exports the CSV', async () => {
    const mentor = await createAdvisor(ctx.database.db, { name: 'Njoroge, "Ace" Kamau' });
    await ctx.database.db.insert(payoutMethods).values({
      userId: mentor.id,
      method: 'MPESA',
      preferred: true,
      mpesaPhoneNumber: '254712000111',
    });
    await fundWallet(ctx, mentor, 2320);

    const owed = await adminCall<MentorOwed[]>(ctx, admin, 'GET', 'payouts');
    expect(owed.find((row) => row.mentor.id === mentor.id)).toMatchObject({
      balance: 2320,
      method: { method: 'MPESA', mpesaPhoneNumber: '254712000111' },
      lastPayout: null,
      paidOutTotal: 0,
    });

    const tooMuch = await callAs(ctx.app, admin, 'POST', 'payouts', {
      mentorId: mentor.id,
      amount: 2321,
      reference: 'QAB1234567',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe('The payout is more than the mentor is owed (KES 2,320)');
    expect(await balanceOf(ctx, mentor)).toBe(2320);

    const paid = await callAs(ctx.app, admin, 'POST', 'payouts', {
      mentorId: mentor.id,
      amount: 2000,
      reference: ' QAB1234567 ',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const record = paid.json().data as PayoutRecord;
    expect(record).toMatchObject({
      mentor: { id: mentor.id },
      amount: 2000,
      method: 'MPESA',
      details: 'M-PESA 254712000111',
      reference: 'QAB1234567',
      paidBy: { id: admin.id },
      balanceAfter: 320,
    });
    expect(await balanceOf(ctx, mentor)).toBe(320);
    expect(await auditRowsOf(ctx, 'payout', record.id)).toEqual([
      expect.objectContaining({
        action: 'RECORD_PAYOUT',
        before: { mentorId: mentor.id, balance: 2320 },
        after: expect.objectContaining({ balance: 320, amount: 2000, reference: 'QAB1234567' }),
      }),
    ]);

    const duplicate = await callAs(ctx.app, admin, 'POST', 'payouts', {
      mentorId: mentor.id,
      amount: 100,
      reference: 'qab1234567',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('A payout with this reference was already recorded');
    const overRest = await callAs(ctx.app, admin, 'POST', 'payouts', {
      mentorId: mentor.id,
      amount: 321,
      reference: 'QAB7654321',
    });
    expect(overRest.statusCode).toBe(422);
    expect(await balanceOf(ctx, mentor)).toBe(320);
    await expectLedgerConsistent(ctx.database.db);

    const csv = await callAs(ctx.app, admin, 'GET', `${adminApi}/payouts.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="myprosper-payouts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Mentor ID,Name,Email,Phone,Status,Owed (KES),Payout method,M-PESA number,Bank,Branch,Account name,Account number,PayPal email,Paid out to date (KES),Last payout (KES),Last payout reference,Last payout date',
    );
    const line = lines.find((l) => l.startsWith(`${mentor.id},`));
    expect(line).toMatch(
      new RegExp(
        `^${mentor.id},"Njoroge, ""Ace"" Kamau",${mentor.email},'${mentor.phoneNumber},ACTIVE,320,MPESA,'254712000111,,,,,,2000,2000,QAB1234567,\\d{4}-\\d{2}-\\d{2}T`,
      ),
    );
    expect(lines.at(-1)).toBe('');
  });

  it('audits every export of the payouts sheet, and keeps account numbers and phones as text in it', async () => {
    const mentor = await createAdvisor(ctx.database.db);
    await ctx.database.db.insert(payoutMethods).values({
      userId: mentor.id,
      method: 'BANK',
      preferred: true,
      bankName: 'Equity Bank',
      branch: 'Kenyatta Avenue',
      accountName: 'Wanjiru Mwangi',
      accountNumber: '0012345678901',
    });
    await fundWallet(ctx, mentor, 1500);
    const csv = await callAs(ctx.app, admin, 'GET', `${adminApi}/payouts.csv`);
    expect(csv.statusCode).toBe(200);
    const line = csv.body.split('\r\n').find((l) => l.startsWith(`${mentor.id},`));
    expect(line).toContain(",BANK,,Equity Bank,Kenyatta Avenue,Wanjiru Mwangi,'0012345678901,");
    expect(line).toContain(`,'${mentor.phoneNumber},`);
    const exports = await ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'EXPORT_PAYOUTS_CSV'));
    const fileName = /filename="([^"]+)"/.exec(csv.headers['content-disposition'] as string)?.[1];
    expect(exports.at(-1)).toMatchObject({
      actorId: admin.id,
      entity: 'export',
      entityId: null,
      after: {
        fileName,
        what: 'Mentors owed, with their payout details (bank accounts, M-PESA numbers)',
        rows: expect.any(Number),
      },
    });
    // A visitor or a mentor gets nothing, and nothing is recorded for them.
    expect((await callAs(ctx.app, mentor, 'GET', `${adminApi}/payouts.csv`)).statusCode).toBe(403);
    const after = await ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'EXPORT_PAYOUTS_CSV'));
    expect(after).toHaveLength(exports.length);
  });

  it('overrides a no-show decision of a past session, audited', async () => {
    const mentor = await createAdvisor(ctx.database.db);
    const mentee = await createAdvisee(ctx.database.db);
    const topic = await createTopic(ctx.database.db);
    const session = await createBookedSession(ctx.database.db, {
      advisorId: mentor.id,
      adviseeId: mentee.id,
      topicId: topic.id,
      startsAt: new Date(Date.now() - 3 * 3_600_000),
    });
    const stranger = await callAs(ctx.app, admin, 'PUT', `sessions/${session.id}/no-shows`, {
      people: [{ userId: admin.id, noShow: true }],
    });
    expect(stranger.statusCode).toBe(422);

    const res = await callAs(ctx.app, admin, 'PUT', `sessions/${session.id}/no-shows`, {
      people: [{ userId: mentee.id, noShow: true }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('No-show decision changed');
    const call = res.json().data as {
      overriddenAt: string | null;
      people: Array<{ userId: number; noShow: boolean | null }>;
    };
    expect(call.overriddenAt).not.toBeNull();
    expect(call.people).toContainEqual(expect.objectContaining({ userId: mentee.id, noShow: true }));
    const details = await adminCall<AdminSessionDetails>(ctx, admin, 'GET', `sessions/${session.id}`);
    expect(details.call?.adviseeNoShow).toBe(true);
    expect(await auditRowsOf(ctx, 'session', session.id)).toEqual([
      expect.objectContaining({
        action: 'OVERRIDE_NO_SHOW',
        before: expect.objectContaining({
          people: expect.arrayContaining([{ userId: mentee.id, noShow: null }]),
        }),
        after: expect.objectContaining({
          people: expect.arrayContaining([{ userId: mentee.id, noShow: true }]),
        }),
      }),
    ]);
    const dashboard = await adminCall<AdminDashboard>(ctx, admin, 'GET', 'dashboard');
    expect(dashboard.noShows.mentees).toBeGreaterThanOrEqual(1);
  });

  it('shows the dashboard figures and insights from the ledger and the analytics', async () => {
    const booked = await paidSession();
    await ctx.database.db.insert(topicViewEvents).values([
      {
        topicId: booked.topicId,
        topicName: 'Viewed',
        userId: booked.host.id,
        viewedAt: new Date(Date.now() - 60_000),
      },
      { topicId: booked.topicId, topicName: 'Viewed', userId: null },
    ]);
    await ctx.database.db.insert(topicSearches).values([
      { query: 'Beekeeping', hits: 0 },
      { query: 'beekeeping ', hits: 0 },
      { query: 'Leadership', hits: 3 },
    ]);

    const dashboard = await adminCall<AdminDashboard>(ctx, admin, 'GET', 'dashboard');
    expect(dashboard.revenueThisMonth).toBeGreaterThanOrEqual(2900);
    expect(dashboard.weeks).toHaveLength(12);
    expect(dashboard.weeks.at(-1)!.bookings).toBeGreaterThanOrEqual(3);
    expect(dashboard.weeks.at(-1)!.revenue).toBeGreaterThanOrEqual(2900);
    expect(dashboard).toMatchObject({
      timeZone: 'Africa/Nairobi',
      pendingApplications: 0,
    });

    const insights = await adminCall<AdminInsights>(ctx, admin, 'GET', 'insights');
    const program = insights.programs.find((p) => p.id === booked.topicId);
    expect(program).toMatchObject({ views: 2, viewers: 1, viewersWhoBooked: 1, conversion: 1, bookings: 1 });
    expect(insights.viewsByWeek).toContainEqual(
      expect.objectContaining({ topicId: booked.topicId, views: 2 }),
    );
    expect(insights.failedSearches).toEqual([expect.objectContaining({ query: 'beekeeping', count: 2 })]);
    const wrongWay = await callAs(ctx.app, admin, 'GET', 'insights?from=2026-02-01&to=2026-01-01');
    expect(wrongWay.statusCode).toBe(422);
  });
});
