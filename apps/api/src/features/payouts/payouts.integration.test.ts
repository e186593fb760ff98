import { payoutMessages } from '@myprosper/contract/payouts';
import { refundMessages } from '@myprosper/contract/refunds';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyOutViolations, noMoneyOutViolations } from '../../../test/money-out-checks.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { wireFeatures } from '../../app.ts';
import { mentorPayouts } from '../../db/schema/mentor-payouts.ts';
import { mpesaRequests } from '../../db/schema/mpesa-requests.ts';
import { payments, sessionSettlements } from '../../db/schema/payments.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { createAdvisor, type UserRow } from '../../db/seed/factories.ts';
import { adminCall, callAs } from '../admin/admin.test-helpers.ts';
import { createUser, mailsTo } from '../auth/auth.test-helpers.ts';
import { wasInCall } from '../calls/calls.test-helpers.ts';
import { EarningsService } from '../payments/payments.door.ts';
import {
  api,
  type Booked,
  balanceOf,
  bearer,
  bookSession,
  checkout,
  createPaymentsTestApp,
  eventually,
  expectLedgerConsistent,
  fundWallet,
  getSession,
  mentorJoined,
  moveSession,
  noShowJob,
  payByMpesa,
} from '../payments/payments.test-helpers.ts';
import { phoneCodeOf, smsTo, withPhoneProof } from '../verification/verification.test-helpers.ts';

const hour = 3_600_000;

/** B2C test numbers of the Daraja sandbox (apps/api/sandbox/README.md): the outcome is chosen by the number. */
const b2c = {
  unregistered: '254711002040',
  insufficient: '254711000001',
  late: '254711000409',
  twice: '254711000002',
  noResult: '254711000000',
} as const;

describe('mentors paid to M-PESA: the hold, disputes and payout runs', () => {
  let ctx: TestContext;
  let admin: UserRow;
  let earnings: EarningsService;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp({
      PAYOUT_HOLD_HOURS: '48',
      PAYOUT_MINIMUM_KES: '100',
      JOBS_ENABLED: 'false',
      MPESA_RESULTS_CHECK_AFTER_SECONDS: '0',
    });
    admin = await createUser(ctx.database.db, { role: 'ADMIN', name: 'Admin Payouts' });
    earnings = new EarningsService(ctx.database.db, 20, ctx.app.log, 48);
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function call(user: UserRow, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
    return ctx.app.inject({ method, url: `${api}${url}`, headers: await bearer(ctx.app, user), payload });
  }

  /** A paid session (from the wallet) that ended `hoursAgo`, its mentor having come. */
  async function endedSession(hoursAgo: number): Promise<Booked> {
    const booked = await bookSession(ctx);
    await fundWallet(ctx, booked.host, booked.amount);
    expect((await checkout(ctx, booked.host, booked.id)).statusCode).toBe(200);
    const startsAt = new Date(Date.now() - (hoursAgo + 1) * hour);
    await moveSession(ctx, booked.id, startsAt);
    await mentorJoined(ctx, booked, new Date(startsAt.getTime() + 60_000));
    await noShowJob(ctx).run();
    return booked;
  }

  async function earningsOf(mentor: UserRow) {
    const res = await call(mentor, 'GET', '/payouts/earnings');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      pending: number;
      pendingSessions: Array<{ sessionId: number; disputed: boolean; payableAt: string | null }>;
      payable: number;
      inFlight: number;
      paid: number;
      payoutMethod: string | null;
      payouts: Array<{
        status: string;
        amount: number;
        receipt: string | null;
        failureReason: string | null;
      }>;
    };
  }

  async function preferOwnMpesa(mentor: UserRow) {
    const res = await call(mentor, 'POST', '/updatePaymentMethod', {
      method: 'MPESA',
      preferred: true,
      mpesaPhoneNumber: `0${mentor.phoneNumber!.slice(3)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function payoutsOf(mentorId: number) {
    return ctx.database.db.select().from(mentorPayouts).where(eq(mentorPayouts.mentorId, mentorId));
  }

  it('keeps earnings pending for the hold, then makes them payable', async () => {
    const booked = await endedSession(2);
    await earnings.settleEndedSessions();
    const [session] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, booked.id));
    // Each pending session says when it becomes payable: 48 hours after its end.
    expect(await earningsOf(booked.advisor)).toMatchObject({
      pending: 2320,
      payable: 0,
      pendingSessions: [
        {
          sessionId: booked.id,
          reference: booked.reference,
          amount: 2320,
          endedAt: session!.endsAt.toISOString(),
          payableAt: new Date(session!.endsAt.getTime() + 48 * hour).toISOString(),
          disputed: false,
        },
      ],
    });

    await moveSession(ctx, booked.id, new Date(Date.now() - 50 * hour));
    await earnings.settleEndedSessions();
    expect(await earningsOf(booked.advisor)).toMatchObject({
      pending: 0,
      payable: 2320,
      pendingSessions: [],
    });
    await expectLedgerConsistent(ctx.database.db);
  });

  it('lets a paying mentee dispute within the hold, which holds the earnings until an admin releases them', async () => {
    const booked = await endedSession(2);
    const stranger = await createUser(ctx.database.db, { phoneNumber: '254711999001' });

    // Only someone who paid, with a reason.
    expect((await call(stranger, 'POST', `/sessions/${booked.id}/dispute`, { reason: 'x' })).statusCode).toBe(
      403,
    );
    const blank = await call(booked.host, 'POST', `/sessions/${booked.id}/dispute`, { reason: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().message).toBe(payoutMessages.disputeReasonMissing);
    expect(
      (await call(booked.advisor, 'POST', `/sessions/${booked.id}/dispute`, { reason: 'x' })).statusCode,
    ).toBe(403);

    const opened = await call(booked.host, 'POST', `/sessions/${booked.id}/dispute`, {
      reason: 'The mentor left after ten minutes',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      message: payoutMessages.disputeOpened,
      data: { dispute: { status: 'OPEN' }, canDispute: false },
    });
    const again = await call(booked.host, 'POST', `/sessions/${booked.id}/dispute`, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    // The mentor sees the session's earnings held by the dispute, with no date to be paid.
    expect(await earningsOf(booked.advisor)).toMatchObject({
      pending: 2320,
      pendingSessions: [{ sessionId: booked.id, amount: 2320, disputed: true, payableAt: null }],
    });

    // Past the hold, still held.
    await moveSession(ctx, booked.id, new Date(Date.now() - 50 * hour));
    await earnings.settleEndedSessions();
    expect(await earningsOf(booked.advisor)).toMatchObject({ pending: 2320, payable: 0 });

    const list = await adminCall<Array<{ id: number; session: { id: number }; status: string }>>(
      ctx,
      admin,
      'GET',
      'disputes',
    );
    const dispute = list.find((row) => row.session.id === booked.id)!;
    expect(dispute.status).toBe('OPEN');
    const decided = await adminCall<{ status: string }>(ctx, admin, 'POST', `disputes/${dispute.id}/decide`, {
      decision: 'RELEASE',
    });
    expect(decided.status).toBe('RELEASED');
    expect(await earningsOf(booked.advisor)).toMatchObject({ pending: 0, payable: 2320 });
    // Decided once.
    const twice = await callAs(ctx.app, admin, 'POST', `disputes/${dispute.id}/decide`, {
      decision: 'REFUND',
    });
    expect(twice.statusCode).toBe(409);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('refunds the mentee when an admin upholds the dispute, and never pays the mentor', async () => {
    const booked = await endedSession(1);
    expect(
      (await call(booked.host, 'POST', `/sessions/${booked.id}/dispute`, { reason: 'Nobody came' }))
        .statusCode,
    ).toBe(200);
    const list = await adminCall<Array<{ id: number; session: { id: number } }>>(
      ctx,
      admin,
      'GET',
      'disputes',
    );
    const dispute = list.find((row) => row.session.id === booked.id)!;
    await adminCall(ctx, admin, 'POST', `disputes/${dispute.id}/decide`, {
      decision: 'REFUND',
      note: 'Checked',
    });
    expect(await balanceOf(ctx, booked.host)).toBe(booked.amount);
    await moveSession(ctx, booked.id, new Date(Date.now() - 50 * hour));
    await earnings.settleEndedSessions();
    expect(await earningsOf(booked.advisor)).toMatchObject({ pending: 0, payable: 0 });
    const [settled] = await ctx.database.db
      .select()
      .from(sessionSettlements)
      .where(eq(sessionSettlements.sessionId, booked.id));
    expect(settled).toMatchObject({ paid: 0, earnings: 0 });
    await expectLedgerConsistent(ctx.database.db);
  });

  /** A session its host paid by an M-PESA push from their own verified number, ended an hour ago, disputed. */
  async function disputedAfterMpesa(): Promise<Booked & { disputeId: number }> {
    const booked = await bookSession(ctx);
    const paid = await payByMpesa(ctx, booked.host, booked.id, booked.host.phoneNumber!);
    expect(paid.statusCode, paid.body).toBe(200);
    await eventually(async () =>
      expect((await getSession(ctx, booked.host, booked.id)).paymentStatus).toBe('PAID'),
    );
    const startsAt = new Date(Date.now() - 2 * hour);
    await moveSession(ctx, booked.id, startsAt);
    await mentorJoined(ctx, booked, new Date(startsAt.getTime() + 60_000));
    await noShowJob(ctx).run();
    const opened = await call(booked.host, 'POST', `/sessions/${booked.id}/dispute`, {
      reason: 'The mentor left after five minutes',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const list = await adminCall<Array<{ id: number; session: { id: number } }>>(
      ctx,
      admin,
      'GET',
      'disputes',
    );
    return { ...booked, disputeId: list.find((row) => row.session.id === booked.id)!.id };
  }

  /** The subject of the e-mail telling a payer that a dispute of their session was upheld. */
  const upheld = /^Refunded: the dispute of your .+ session was upheld$/;

  async function mpesaRefundsOf(user: UserRow, sessionId: number) {
    const res = await call(user, 'GET', `/mpesaRefunds?sessionId=${sessionId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Array<{
      id: number;
      status: string;
      amount: number;
      phoneNumber: string;
      receipt: string | null;
      text: string;
    }>;
  }

  it('sends an upheld dispute back to the M-PESA number that paid, at once and once, for a mentee who chose it', async () => {
    const booked = await disputedAfterMpesa();
    const chose = await ctx.app.inject({
      method: 'PUT',
      url: `${api}/refundPreference`,
      headers: await bearer(ctx.app, booked.host),
      payload: { destination: 'MPESA' },
    });
    expect(chose.statusCode, chose.body).toBe(200);

    // The admin's decision arrives twice (a double click, a retried request): one refund.
    const answers = await Promise.all(
      [1, 2].map(() =>
        callAs(ctx.app, admin, 'POST', `disputes/${booked.disputeId}/decide`, { decision: 'REFUND' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 200)!.json()).toMatchObject({
      message: payoutMessages.disputeRefunded,
      data: { status: 'REFUNDED' },
    });

    // Handed to Daraja as the decision commits (the jobs are off here), and settled by its result.
    const [push] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, booked.id));
    const paid = await eventually(async () => {
      const [refund] = await mpesaRefundsOf(booked.host, booked.id);
      expect(refund?.status).toBe('PAID');
      return refund!;
    });
    expect(paid).toMatchObject({ amount: booked.amount, phoneNumber: booked.host.phoneNumber });
    expect(paid.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(paid.text).toBe(refundMessages.paidToMpesa(booked.amount, booked.host.phoneNumber!, paid.receipt));
    // The whole push comes back: M-PESA reverses its receipt (docs/decisions/016), once.
    const requests = await ctx.database.db
      .select()
      .from(mpesaRequests)
      .where(like(mpesaRequests.reference, `mpesa-refund:${paid.id}:%`));
    expect(requests).toMatchObject([
      {
        kind: 'REVERSAL',
        originalReceipt: push!.providerReference,
        state: 'SUCCEEDED',
        receipt: paid.receipt,
      },
    ]);
    expect(await balanceOf(ctx, booked.host)).toBe(0);

    // Asked again (the left-behind job): nothing is sent twice.
    await wireFeatures(ctx.app).mpesaRefunds.dispatch([paid.id]);
    expect(
      await ctx.database.db
        .select()
        .from(mpesaRequests)
        .where(like(mpesaRequests.reference, `mpesa-refund:${paid.id}:%`)),
    ).toHaveLength(1);

    // The mentee is told by e-mail and by SMS at their verified number: on its way, then arrived.
    await eventually(async () => {
      const subjects = (await mailsTo(ctx.app, booked.host.email)).map((mail) => mail.subject);
      expect(subjects.some((subject) => upheld.test(subject ?? ''))).toBe(true);
      expect(subjects).toContain('Your refund reached M-PESA');
      const texts = (await smsTo(ctx.app, booked.host.phoneNumber!)).map((sms) => sms.body);
      expect(
        texts.some((text) =>
          text.includes(refundMessages.sentToMpesa(booked.amount, booked.host.phoneNumber!)),
        ),
      ).toBe(true);
    });

    // The mentor is never paid for it.
    await moveSession(ctx, booked.id, new Date(Date.now() - 50 * hour));
    await earnings.settleEndedSessions();
    expect(await earningsOf(booked.advisor)).toMatchObject({ pending: 0, payable: 0 });
    await expectLedgerConsistent(ctx.database.db);
    expect(await moneyOutViolations(ctx.database.db)).toEqual(noMoneyOutViolations);
  });

  it('refunds an upheld dispute of an M-PESA payment to the wallet of a mentee who chose the wallet', async () => {
    const booked = await disputedAfterMpesa();
    await adminCall(ctx, admin, 'POST', `disputes/${booked.disputeId}/decide`, { decision: 'REFUND' });
    expect(await balanceOf(ctx, booked.host)).toBe(booked.amount);
    expect(await mpesaRefundsOf(booked.host, booked.id)).toEqual([]);
    await eventually(async () => {
      const mail = (await mailsTo(ctx.app, booked.host.email)).find((one) => upheld.test(one.subject ?? ''));
      expect(mail?.body).toContain('was refunded to your MyProsper wallet');
    });
    await expectLedgerConsistent(ctx.database.db);
    expect(await moneyOutViolations(ctx.database.db)).toEqual(noMoneyOutViolations);
  });

  it("lists a dispute with its session's call presence records: who joined and left when", async () => {
    const booked = await bookSession(ctx);
    await fundWallet(ctx, booked.host, booked.amount);
    expect((await checkout(ctx, booked.host, booked.id)).statusCode).toBe(200);
    const startsAt = new Date(Math.floor((Date.now() - 3 * hour) / 1000) * 1000);
    const at = (minutes: number) => new Date(startsAt.getTime() + minutes * 60_000);
    await moveSession(ctx, booked.id, startsAt);
    // The mentor came a minute late and stayed; the mentee dropped out once and came back.
    await mentorJoined(ctx, booked, at(1));
    for (const [from, to] of [
      [2, 12],
      [20, 30],
    ] as const) {
      await wasInCall(ctx.database.db, {
        sessionId: booked.id,
        userId: booked.host.id,
        role: 'ADVISEE',
        at: at(from),
        leftAt: at(to),
      });
    }
    await noShowJob(ctx).run();
    const opened = await call(booked.host, 'POST', `/sessions/${booked.id}/dispute`, {
      reason: 'The mentor kept dropping out',
    });
    expect(opened.statusCode, opened.body).toBe(200);

    const presence = [
      {
        userId: booked.advisor.id,
        name: booked.advisor.name,
        role: 'ADVISOR',
        secondsInSession: 59 * 60,
        stints: [{ joinedAt: at(1).toISOString(), leftAt: null }],
      },
      {
        userId: booked.host.id,
        name: booked.host.name,
        role: 'ADVISEE',
        secondsInSession: 20 * 60,
        stints: [
          { joinedAt: at(2).toISOString(), leftAt: at(12).toISOString() },
          { joinedAt: at(20).toISOString(), leftAt: at(30).toISOString() },
        ],
      },
    ];
    const list = await adminCall<Array<{ id: number; session: { id: number } }>>(
      ctx,
      admin,
      'GET',
      'disputes',
    );
    const listed = list.find((row) => row.session.id === booked.id)!;
    expect(listed).toMatchObject({
      status: 'OPEN',
      reason: 'The mentor kept dropping out',
      session: { id: booked.id, startsAt: startsAt.toISOString(), endsAt: at(60).toISOString() },
      openedBy: { id: booked.host.id },
      presence,
    });
    // The decision answers the same records.
    const decided = await adminCall(ctx, admin, 'POST', `disputes/${listed.id}/decide`, {
      decision: 'RELEASE',
    });
    expect(decided).toMatchObject({ status: 'RELEASED', presence });
  });

  it('lists a mentee who never joined the call with no records', async () => {
    // The mentor joined; the mentee never did.
    const booked = await endedSession(1);
    expect(
      (await call(booked.host, 'POST', `/sessions/${booked.id}/dispute`, { reason: 'No call' })).statusCode,
    ).toBe(200);
    const list = await adminCall<
      Array<{ session: { id: number }; presence: Array<{ userId: number; stints: unknown[] }> }>
    >(ctx, admin, 'GET', 'disputes');
    const listed = list.find((row) => row.session.id === booked.id)!;
    expect(listed.presence.map((person) => [person.userId, person.stints.length])).toEqual([
      [booked.advisor.id, 1],
      [booked.host.id, 0],
    ]);
  });

  it('refuses a dispute before the end and after the hold', async () => {
    const upcoming = await bookSession(ctx);
    await fundWallet(ctx, upcoming.host, upcoming.amount);
    await checkout(ctx, upcoming.host, upcoming.id);
    const early = await call(upcoming.host, 'POST', `/sessions/${upcoming.id}/dispute`, {
      reason: 'Too soon',
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(payoutMessages.disputeNotEnded);

    const old = await endedSession(49);
    const late = await call(old.host, 'POST', `/sessions/${old.id}/dispute`, { reason: 'Too late' });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(payoutMessages.disputeTooLate(48));
  });

  it('marks an M-PESA number proven only when it is the own verified phone or its code was typed', async () => {
    const mentor = await createAdvisor(ctx.database.db);
    const other = '254722000777';
    const save = (payload: Record<string, unknown>) => call(mentor, 'POST', '/updatePaymentMethod', payload);
    const methods = async () =>
      (await call(mentor, 'GET', `/getPaymentMethods/${mentor.id}`)).json().data as Array<{
        method: string;
        mpesaVerified: boolean;
      }>;

    expect(
      (await save({ method: 'MPESA', preferred: true, mpesaPhoneNumber: '0722000777' })).statusCode,
    ).toBe(200);
    expect((await methods())[0]).toMatchObject({ method: 'MPESA', mpesaVerified: false });
    // A forged proof counts for nothing.
    await save({ method: 'MPESA', mpesaPhoneNumber: '0722000777', phoneProof: 'eyJhbGciOiJIUzI1NiJ9.e30.x' });
    expect((await methods())[0]).toMatchObject({ mpesaVerified: false });

    // The code sent to that number, typed: a proof for it.
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/myprosper/auth/application/phone/sendCode',
      payload: { phoneNumber: '0722000777' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await phoneCodeOf(ctx.app, other);
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/myprosper/auth/application/phone/verify',
      payload: { phoneNumber: '0722000777', code },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const { phoneProof } = verified.json().data as { phoneProof: string };
    // A proof of one number does not prove another.
    await save({ method: 'MPESA', mpesaPhoneNumber: '0722000778', phoneProof });
    expect((await methods())[0]).toMatchObject({ mpesaVerified: false });
    await save({ method: 'MPESA', mpesaPhoneNumber: '0722000777', phoneProof });
    expect((await methods())[0]).toMatchObject({ mpesaVerified: true });

    await preferOwnMpesa(mentor);
    expect((await methods())[0]).toMatchObject({ mpesaVerified: true });
  });

  it('sends one payout per mentor however often the run is started, only to proven M-PESA numbers', async () => {
    const mpesaMentor = await endedSession(50);
    const bankMentor = await endedSession(50);
    const unproven = await endedSession(50);
    await preferOwnMpesa(mpesaMentor.advisor);
    await call(bankMentor.advisor, 'POST', '/updatePaymentMethod', {
      method: 'BANK',
      preferred: true,
      bankName: 'Equity Bank Kenya',
      branch: 'Moi Avenue',
      accountName: 'A Mentor',
      accountNumber: '01234567',
    });
    await call(unproven.advisor, 'POST', '/updatePaymentMethod', {
      method: 'MPESA',
      preferred: true,
      mpesaPhoneNumber: '0733000111',
    });

    const runKey = `press-${Date.now()}`;
    const [first, second] = await Promise.all([
      adminCall<{ id: number }>(ctx, admin, 'POST', 'payoutRuns', { runKey }),
      adminCall<{ id: number }>(ctx, admin, 'POST', 'payoutRuns', { runKey }),
    ]);
    expect(first.id).toBe(second.id);
    // And a run of another key at once finds nothing more to pay.
    await adminCall(ctx, admin, 'POST', 'payoutRuns', {});

    // M-PESA's result settles it: paid, with the receipt, to the mentor's own proven number.
    const [paid] = await eventually(async () => {
      const rows = await payoutsOf(mpesaMentor.advisor.id);
      expect(rows).toEqual([
        expect.objectContaining({
          amount: 2320,
          status: 'PAID',
          phoneNumber: mpesaMentor.advisor.phoneNumber,
        }),
      ]);
      return rows;
    });
    expect(paid!.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(await payoutsOf(bankMentor.advisor.id)).toEqual([]);
    expect(await payoutsOf(unproven.advisor.id)).toEqual([]);
    expect(await earningsOf(mpesaMentor.advisor)).toMatchObject({
      payable: 0,
      inFlight: 0,
      paid: 2320,
      payouts: [expect.objectContaining({ status: 'PAID', amount: 2320, receipt: paid!.receipt })],
    });
    expect(await earningsOf(bankMentor.advisor)).toMatchObject({ payable: 2320, inFlight: 0 });
    // Told by SMS (to the number paid) and by e-mail, with the receipt.
    const text = payoutMessages.paidText(2320, paid!.receipt!);
    await eventually(async () => {
      expect((await smsTo(ctx.app, mpesaMentor.advisor.phoneNumber!)).map((m) => m.body)).toContain(text);
      expect((await mailsTo(ctx.app, mpesaMentor.advisor.email)).map((m) => m.subject)).toContain(
        payoutMessages.paidSubject,
      );
    });
    await expectInFlightMatchesLedger();
    await expectLedgerConsistent(ctx.database.db);
  });

  it('leaves a balance under the minimum for a later run', async () => {
    const mentor = await createAdvisor(ctx.database.db);
    await preferOwnMpesa(mentor);
    await fundWallet(ctx, mentor, 99);
    await adminCall(ctx, admin, 'POST', 'payoutRuns', {});
    expect(await payoutsOf(mentor.id)).toEqual([]);
    expect(await earningsOf(mentor)).toMatchObject({ payable: 99, inFlight: 0 });
    await fundWallet(ctx, mentor, 1);
    await adminCall(ctx, admin, 'POST', 'payoutRuns', {});
    expect(await payoutsOf(mentor.id)).toEqual([expect.objectContaining({ amount: 100 })]);
  });

  /** A mentor owed a session's earnings whose preferred M-PESA number (proven by its code) is `number`. */
  async function mentorPaidAt(number: string) {
    const booked = await endedSession(50);
    const proven = (await withPhoneProof(ctx.app, { phoneNumber: `0${number.slice(3)}` })) as {
      phoneNumber: string;
      phoneProof: string;
    };
    const res = await call(booked.advisor, 'POST', '/updatePaymentMethod', {
      method: 'MPESA',
      preferred: true,
      mpesaPhoneNumber: proven.phoneNumber,
      phoneProof: proven.phoneProof,
    });
    expect(res.statusCode, res.body).toBe(200);
    return booked.advisor;
  }

  it.each([
    [b2c.unregistered, '2040'],
    [b2c.insufficient, '1'],
  ])('puts a payout M-PESA refused (%s) back to payable with the reason', async (number, code) => {
    const mentor = await mentorPaidAt(number);
    await adminCall(ctx, admin, 'POST', 'payoutRuns', {});
    const [failed] = await eventually(async () => {
      const rows = await payoutsOf(mentor.id);
      expect(rows).toEqual([expect.objectContaining({ status: 'FAILED', resultCode: code })]);
      return rows;
    });
    expect(failed!.failureReason).toBeTruthy();
    expect(await earningsOf(mentor)).toMatchObject({
      payable: 2320,
      inFlight: 0,
      paid: 0,
      payouts: [
        expect.objectContaining({ status: 'FAILED', failureReason: failed!.failureReason, receipt: null }),
      ],
    });
    await eventually(async () =>
      expect((await mailsTo(ctx.app, mentor.email)).map((m) => m.subject)).toContain(
        payoutMessages.failedSubject,
      ),
    );
    // The next run sends it again, under a new reference (the number still fails here).
    await adminCall(ctx, admin, 'POST', 'payoutRuns', {});
    await eventually(async () =>
      expect(await payoutsOf(mentor.id)).toEqual([
        expect.objectContaining({ status: 'FAILED' }),
        expect.objectContaining({ status: 'FAILED' }),
      ]),
    );
    expect(await earningsOf(mentor)).toMatchObject({ payable: 2320, inFlight: 0 });
    await expectInFlightMatchesLedger();
    await expectLedgerConsistent(ctx.database.db);
  });

  it('pays once when the result comes twice, or late after a timeout', async () => {
    const twice = await mentorPaidAt(b2c.twice);
    const late = await mentorPaidAt(b2c.late);
    await adminCall(ctx, admin, 'POST', 'payoutRuns', {});
    for (const mentor of [twice, late]) {
      await eventually(async () =>
        expect(await payoutsOf(mentor.id)).toEqual([expect.objectContaining({ status: 'PAID' })]),
      );
    }
    // Whatever else arrives, or is asked, posts nothing more.
    await wireFeatures(ctx.app).disbursements.checkOpenRequests();
    for (const mentor of [twice, late]) {
      expect(await earningsOf(mentor)).toMatchObject({ payable: 0, inFlight: 0, paid: 2320 });
      const [posted] = (
        await ctx.database.db.execute<{ n: number }>(sql`
          select count(*)::int as n from ledger_transactions
          where idempotency_key like ${`mpesa-payout-paid:payout:%:${mentor.id}`}`)
      ).rows;
      expect(posted?.n).toBe(1);
    }
    await expectInFlightMatchesLedger();
    await expectLedgerConsistent(ctx.database.db);
  });

  it('settles a payout whose result never comes by asking M-PESA (Transaction Status)', async () => {
    const mentor = await mentorPaidAt(b2c.noResult);
    await adminCall(ctx, admin, 'POST', 'payoutRuns', {});
    expect(await earningsOf(mentor)).toMatchObject({ payable: 0, inFlight: 2320 });
    await wireFeatures(ctx.app).disbursements.checkOpenRequests();
    await eventually(async () => expect(await earningsOf(mentor)).toMatchObject({ inFlight: 0 }));
    const [settled] = await payoutsOf(mentor.id);
    expect(['PAID', 'FAILED']).toContain(settled!.status);
    await expectInFlightMatchesLedger();
    await expectLedgerConsistent(ctx.database.db);
  });

  async function expectInFlightMatchesLedger() {
    const [row] = (
      await ctx.database.db.execute<{ ledger: number; rows: number }>(sql`
        select
          (select coalesce(sum(e.amount), 0)::int from ledger_entries e join ledger_accounts a on a.id = e.account_id
            where a.code = 'PAYOUTS_IN_FLIGHT') as ledger,
          (select coalesce(sum(amount), 0)::int from mentor_payouts where status = 'IN_FLIGHT') as rows`)
    ).rows;
    expect(row?.ledger).toBe(row?.rows);
  }
});
