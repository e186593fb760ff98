import { paymentMessages } from '@myprosper/contract/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { wireFeatures } from '../../app.ts';
import { messagesTo } from '../vouchers/vouchers.test-helpers.ts';
import { LedgerRepository } from '../wallet/wallet.door.ts';
import { EarningsService } from './earnings.service.ts';
import {
  balanceOf,
  bookSession,
  checkout,
  createPaymentsTestApp,
  expectLedgerConsistent,
  fundWallet,
  moveSession,
  noShowJob,
  transactionsOf,
} from './payments.test-helpers.ts';
import { voucherPaidSession } from './voucher-share.test-helpers.ts';

const minute = 60_000;

describe('a mentor who does not come to a paid session', () => {
  let ctx: TestContext;
  let earnings: EarningsService;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp();
    earnings = new EarningsService(ctx.database.db, 20, ctx.app.log, 0);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('refunds every paid share in full to its payer, once, tells them, and pays the mentor nothing', async () => {
    const booked = await bookSession(ctx, { attendees: 2 });
    const share = Math.ceil(5800 / 3);
    const [payer, unpaid] = booked.others as [(typeof booked.others)[0], (typeof booked.others)[0]];
    for (const person of [booked.host, payer]) {
      await fundWallet(ctx, person, share);
      expect((await checkout(ctx, person, booked.id)).statusCode).toBe(200);
    }
    await moveSession(ctx, booked.id, new Date(Date.now() - 11 * minute));

    // A refund whose transaction fails leaves nothing behind; the job then refunds, however often it runs.
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await wireFeatures(ctx.app).mentorNoShowMoney.refund(tx, booked.id, new Date());
        throw new Error('crashed before commit');
      }),
    ).rejects.toThrow('crashed before commit');
    expect(await balanceOf(ctx, booked.host)).toBe(0);
    const job = noShowJob(ctx);
    await Promise.all([job.run(), job.run()]);
    await job.run();

    expect(await balanceOf(ctx, booked.host)).toBe(share);
    expect(await balanceOf(ctx, payer)).toBe(share);
    expect(await balanceOf(ctx, unpaid)).toBe(0);
    expect(await new LedgerRepository(ctx.database.db).sessionEscrow(booked.id)).toBe(0);
    expect((await transactionsOf(ctx, payer, 'CREDIT'))[0]).toMatchObject({
      amount: share,
      description: `Refund: the mentor did not come to session ${booked.reference}`,
    });
    // Asked again directly, nothing moves.
    const again = await ctx.database.db.transaction((tx) =>
      wireFeatures(ctx.app).mentorNoShowMoney.refund(tx, booked.id, new Date()),
    );
    expect(again.refunded).toBe(0);
    expect(await balanceOf(ctx, booked.host)).toBe(share);

    // (The booking's own notice to the attendee is there too.)
    const mails = (await messagesTo(ctx, payer.email, 'EMAIL')).filter((m) =>
      m.subject?.startsWith('Refunded'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(`Refunded: ${booked.advisor.name} did not come to your `);
    expect(mails[0]?.body).toContain(`reference ${booked.reference}`);
    expect(mails[0]?.body).toContain('KES 1,934 was refunded to your MyProsper wallet');
    const [sms] = await messagesTo(ctx, booked.host.phoneNumber!, 'SMS');
    expect(sms?.body).toContain(`${booked.advisor.name} did not come to your`);
    const unpaidMails = await messagesTo(ctx, unpaid.email, 'EMAIL');
    expect(unpaidMails.filter((m) => m.subject?.startsWith('Refunded'))).toEqual([]);

    // Nobody pays into it any more, and once it has ended its mentor is paid nothing.
    await fundWallet(ctx, unpaid, share);
    const late = await checkout(ctx, unpaid, booked.id);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(paymentMessages.notPayable);
    await moveSession(ctx, booked.id, new Date(Date.now() - 2 * 3_600_000));
    await earnings.settleEndedSessions();
    expect(await balanceOf(ctx, booked.advisor)).toBe(0);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('restores the voucher that paid a share, and says so', async () => {
    const paid = await voucherPaidSession(ctx);
    expect(await paid.voucherStatus()).toBe('REDEEMED');
    await moveSession(ctx, paid.session.id, new Date(Date.now() - 12 * minute));

    await noShowJob(ctx).run();
    expect(await paid.voucherStatus()).toBe('ACTIVE');
    expect(await balanceOf(ctx, paid.recipient)).toBe(0);
    const [mail] = await messagesTo(ctx, paid.recipient.email, 'EMAIL');
    expect(mail?.body).toContain('Your voucher was restored: its code pays for another');
    expect(mail?.body).not.toContain('wallet');
    await expectLedgerConsistent(ctx.database.db);
  });
});
