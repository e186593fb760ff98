import { type AdminSessionDetails, adminMoneyMessages } from '@myprosper/contract/admin-money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { payoutMethods } from '../../db/schema/profiles.ts';
import { createAdmin, type UserRow } from '../../db/seed/factories.ts';
import {
  type Booked,
  balanceOf,
  bookSession,
  checkout,
  createPaymentsTestApp,
  earningsService,
  expectLedgerConsistent,
  fundWallet,
  mentorJoined,
  moveSession,
  noShowJob,
  transactionsOf,
} from '../payments/payments.test-helpers.ts';
import { messagesTo } from '../vouchers/vouchers.test-helpers.ts';
import { adminCall, auditRowsOf, callAs } from './admin.test-helpers.ts';

/** An admin's correction of a mentor no-show, and what it does to the money. */
describe('admin: a mentor no-show decided or undone, with its money', () => {
  let ctx: TestContext;
  let admin: UserRow;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp();
    admin = await createAdmin(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** A session paid from the wallet, held two hours ago with its mentor there, and the mentor paid for it. */
  async function settledSession(): Promise<Booked> {
    const booked = await bookSession(ctx);
    await fundWallet(ctx, booked.host, 2900);
    expect((await checkout(ctx, booked.host, booked.id)).statusCode).toBe(200);
    const startsAt = new Date(Date.now() - 2 * 3_600_000);
    await moveSession(ctx, booked.id, startsAt);
    await mentorJoined(ctx, booked, new Date(startsAt.getTime() + 60_000));
    await noShowJob(ctx).run();
    await earningsService(ctx).settleEndedSessions();
    expect(await balanceOf(ctx, booked.advisor)).toBe(2320);
    return booked;
  }

  function setMentor(booked: Booked, noShow: boolean) {
    return callAs(ctx.app, admin, 'PUT', `sessions/${booked.id}/no-shows`, {
      people: [{ userId: booked.advisor.id, noShow }],
    });
  }

  it('refunds the mentee and takes the earnings back, with its audit row in the same transaction', async () => {
    const booked = await settledSession();

    const res = await setMentor(booked, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ mentorNoShow: true });
    expect(await balanceOf(ctx, booked.host)).toBe(2900);
    expect(await balanceOf(ctx, booked.advisor)).toBe(0);
    expect(await transactionsOf(ctx, booked.advisor, 'DEBIT')).toEqual([
      expect.objectContaining({
        amount: 2320,
        transactionType: 'DEBIT',
        description: `Earnings taken back: you did not come to session ${booked.reference}`,
      }),
    ]);
    const details = await adminCall<AdminSessionDetails>(ctx, admin, 'GET', `sessions/${booked.id}`);
    expect(details).toMatchObject({ escrow: 0, settlement: { paid: 0, earnings: 0, commission: 0 } });
    const [mail] = await messagesTo(ctx, booked.host.email, 'EMAIL');
    expect(mail?.body).toContain('KES 2,900 was refunded to your MyProsper wallet');
    expect(await auditRowsOf(ctx, 'session', booked.id)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'OVERRIDE_NO_SHOW',
        before: expect.objectContaining({ mentorNoShow: false }),
        after: expect.objectContaining({ mentorNoShow: true }),
      }),
    ]);

    // Said again, nothing is refunded twice; undone, it is refused: the money is back with the mentee.
    expect((await setMentor(booked, true)).statusCode).toBe(200);
    expect(await balanceOf(ctx, booked.host)).toBe(2900);
    const undo = await setMentor(booked, false);
    expect(undo.statusCode).toBe(422);
    expect(undo.json().message).toBe(adminMoneyMessages.noShowAlreadyRefunded);
    expect((await auditRowsOf(ctx, 'session', booked.id)).map((row) => row.after)).toEqual([
      expect.objectContaining({ mentorNoShow: true }),
      expect.objectContaining({ mentorNoShow: true }),
    ]);
    const after = await adminCall<AdminSessionDetails>(ctx, admin, 'GET', `sessions/${booked.id}`);
    expect(after.call?.mentorNoShow).toBe(true);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('refuses to mark a mentor absent before the session has begun', async () => {
    const booked = await bookSession(ctx);
    await fundWallet(ctx, booked.host, 2900);
    expect((await checkout(ctx, booked.host, booked.id)).statusCode).toBe(200);
    const res = await setMentor(booked, true);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(adminMoneyMessages.noShowTooEarly(ctx.app.env.PRESENCE_MINUTES));
    expect(await balanceOf(ctx, booked.host)).toBe(0);
    expect(await auditRowsOf(ctx, 'session', booked.id)).toEqual([]);
  });

  it('changes nothing, audit included, when the mentor was paid out already', async () => {
    const booked = await settledSession();
    await ctx.database.db.insert(payoutMethods).values({
      userId: booked.advisor.id,
      method: 'MPESA',
      preferred: true,
      mpesaPhoneNumber: '254712000222',
    });
    const payout = await callAs(ctx.app, admin, 'POST', 'payouts', {
      mentorId: booked.advisor.id,
      amount: 2320,
      reference: `PAYOUT-${booked.id}`,
    });
    expect(payout.statusCode, payout.body).toBe(200);
    const auditBefore = await auditRowsOf(ctx, 'session', booked.id);

    const res = await setMentor(booked, true);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(adminMoneyMessages.noShowPaidOut);
    expect(await auditRowsOf(ctx, 'session', booked.id)).toEqual(auditBefore);
    expect(await balanceOf(ctx, booked.host)).toBe(0);
    const details = await adminCall<AdminSessionDetails>(ctx, admin, 'GET', `sessions/${booked.id}`);
    expect(details.call).toMatchObject({ mentorNoShow: false, overriddenAt: null });
    expect(details.settlement).toMatchObject({ paid: 2900, earnings: 2320 });
    await expectLedgerConsistent(ctx.database.db);
  });
});
