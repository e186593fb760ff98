import type { AdminSearchResult, ReceiptLookup } from '@myprosper/contract/admin-search';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { wireFeatures } from '../../app.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { outboxMessages } from '../../db/schema/messaging.ts';
import { payments } from '../../db/schema/payments.ts';
import { createAdmin, type UserRow } from '../../db/seed/factories.ts';
import { cardForm, payOnHostedPage, postReceipt, testCards } from '../payments/card.test-helpers.ts';
import {
  bookSession,
  createPaymentsTestApp,
  eventually,
  getSession,
  payByMpesa,
  paymentRow,
} from '../payments/payments.test-helpers.ts';
import { buyByCard, newGift } from '../vouchers/vouchers.test-helpers.ts';
import { adminCall, callAs } from './admin.test-helpers.ts';

/**
 * Issue 25: whatever a customer tells an operator (the M-PESA code of their SMS, a card reference, their phone
 * as they say it, their e-mail or name, a reference) finds the payment, the session, the person and the voucher.
 */
describe('admin: one search for people, sessions, payments and vouchers', () => {
  let ctx: TestContext;
  let admin: UserRow;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp({ JOBS_ENABLED: 'false' });
    admin = await createAdmin(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const search = (query: string) =>
    adminCall<AdminSearchResult>(ctx, admin, 'GET', `search?query=${encodeURIComponent(query)}`);

  /** The M-PESA SMS the sandbox sent this number for its newest payment: the code customers quote. */
  async function smsCodeOf(phone: string): Promise<string> {
    return eventually(async () => {
      const [sms] = await ctx.database.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.recipient, phone), eq(outboxMessages.channel, 'SMS')))
        .orderBy(desc(outboxMessages.id));
      const code = /^([A-Z0-9]{10}) Confirmed\. Ksh/.exec(sms?.body ?? '')?.[1];
      if (!code) throw new Error(`no M-PESA SMS to ${phone}`);
      return code;
    });
  }

  /** A session its host paid by M-PESA from their own number. */
  async function paidFromOwnPhone() {
    const booked = await bookSession(ctx, { hoursAhead: 72 });
    const phone = booked.host.phoneNumber!;
    const res = await payByMpesa(ctx, booked.host, booked.id, phone);
    expect(res.statusCode, res.body).toBe(200);
    await eventually(async () =>
      expect((await getSession(ctx, booked.host, booked.id)).paymentStatus).toBe('PAID'),
    );
    return { booked, phone, payment: await paymentRow(ctx.database.db, res.json().data.id) };
  }

  it("finds the payment, its session and its payer by the code of the customer's SMS", async () => {
    const { booked, phone, payment } = await paidFromOwnPhone();
    const code = await smsCodeOf(phone);
    expect(payment.providerReference).toBe(code);
    for (const typed of [code, code.toLowerCase(), ` ${code} `]) {
      const found = await search(typed);
      expect(found.payments.items.map((p) => p.id)).toEqual([payment.id]);
      expect(found.sessions.items.map((s) => s.id)).toEqual([booked.id]);
      expect(found.receipt).toEqual({ receipt: code, status: 'FOUND', paymentId: payment.id, detail: null });
    }
  });

  it('finds a person, their sessions and payments by their phone in any form people say it', async () => {
    const { booked, phone, payment } = await paidFromOwnPhone();
    const local = `0${phone.slice(3)}`;
    for (const typed of [
      local,
      `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`,
      `+254 ${phone.slice(3, 6)}-${phone.slice(6, 9)}-${phone.slice(9)}`,
      phone,
      phone.slice(3),
    ]) {
      const found = await search(typed);
      expect(found.phone, typed).toBe(phone);
      expect(
        found.people.items.map((p) => p.id),
        typed,
      ).toContain(booked.host.id);
      expect(
        found.sessions.items.map((s) => s.id),
        typed,
      ).toContain(booked.id);
      expect(
        found.payments.items.map((p) => p.id),
        typed,
      ).toContain(payment.id);
    }
    const byEmail = await search(booked.host.email.toUpperCase());
    expect(byEmail.people.items.map((p) => p.id)).toEqual([booked.host.id]);
    expect(byEmail.payments.items.map((p) => p.id)).toEqual([payment.id]);
    const byName = await search(booked.advisor.name);
    expect(byName.people.items.map((p) => p.id)).toContain(booked.advisor.id);
  });

  it("finds a card payment by the card provider's transaction id and by its checkout id", async () => {
    const booked = await bookSession(ctx, { hoursAhead: 72 });
    const form = await cardForm(ctx, booked.host, 'SESSION', booked.id);
    const hosted = await payOnHostedPage(ctx, form, testCards.accept);
    expect((await postReceipt(ctx, hosted.action, hosted.fields)).statusCode).toBe(303);
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, booked.id));
    expect(payment?.providerReference).toMatch(/^\d{22}$/);
    for (const typed of [payment!.providerReference!, form.fields.transaction_uuid!]) {
      const found = await search(typed);
      expect(found.payments.items.map((p) => p.id)).toEqual([payment!.id]);
      expect(found.sessions.items.map((s) => s.id)).toEqual([booked.id]);
      expect(found.receipt).toBeNull();
    }
  });

  it('finds a voucher by its reference, its buyer, its recipient and the card reference of its purchase', async () => {
    const gift = await newGift(ctx);
    const voucher = await buyByCard(ctx, gift);
    const [bought] = await ctx.database.db
      .select({ payment: payments })
      .from(payments)
      .where(eq(payments.payerId, gift.buyer.id));
    for (const typed of [
      voucher.reference,
      gift.buyer.email,
      gift.recipientEmail,
      `0${gift.recipientPhone.slice(3)}`,
      bought!.payment.providerReference!,
    ]) {
      const found = await search(typed);
      expect(
        found.vouchers.items.map((v) => v.reference),
        typed,
      ).toEqual([voucher.reference]);
    }
    // The voucher's reference finds the payment that bought it too.
    expect((await search(voucher.reference)).payments.items.map((p) => p.id)).toEqual([bought!.payment.id]);
  });

  it("a push the STK query settled has no receipt until M-PESA is asked about the customer's code", async () => {
    const booked = await bookSession(ctx, { hoursAhead: 72 });
    // This number's callback never comes; the minute job's STK query settles it, and that query has no receipt.
    const phone = '254700000003';
    const res = await payByMpesa(ctx, booked.host, booked.id, phone);
    expect(res.statusCode, res.body).toBe(200);
    const code = await smsCodeOf(phone);
    await eventually(async () => {
      await wireFeatures(ctx.app).mpesa.reconcile(new Date(Date.now() + 10 * 60_000));
      expect((await paymentRow(ctx.database.db, res.json().data.id)).status).toBe('SUCCEEDED');
    });
    const settled = await paymentRow(ctx.database.db, res.json().data.id);
    expect(settled.providerReference).toBeNull();

    const before = await search(code);
    expect(before.payments.total).toBe(0);
    expect(before.receipt).toEqual({ receipt: code, status: 'NONE', paymentId: null, detail: null });
    const asked = await callAs(ctx.app, admin, 'POST', 'payments/receipt-lookups', {
      receipt: code.toLowerCase(),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const answered = await eventually(async () => {
      const state = await adminCall<ReceiptLookup>(ctx, admin, 'GET', `payments/receipt-lookups/${code}`);
      expect(state.status).toBe('FOUND');
      return state;
    });
    expect(answered.paymentId).toBe(settled.id);
    expect((await paymentRow(ctx.database.db, settled.id)).providerReference).toBe(code);
    const after = await search(code);
    expect(after.payments.items.map((p) => p.id)).toEqual([settled.id]);
    expect(after.sessions.items.map((s) => s.id)).toEqual([booked.id]);
    const audited = await ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'LOOK_UP_MPESA_RECEIPT'));
    expect(audited).toMatchObject([{ actorId: admin.id, entity: 'receipt', after: { receipt: code } }]);
  });

  it('says so when M-PESA does not know a code, and refuses what is not one', async () => {
    const asked = await callAs(ctx.app, admin, 'POST', 'payments/receipt-lookups', { receipt: 'ZZ99ZZ99ZZ' });
    expect(asked.statusCode).toBe(200);
    await eventually(async () =>
      expect(
        (await adminCall<ReceiptLookup>(ctx, admin, 'GET', 'payments/receipt-lookups/ZZ99ZZ99ZZ')).status,
      ).toBe('NOT_FOUND'),
    );
    const wrong = await callAs(ctx.app, admin, 'POST', 'payments/receipt-lookups', { receipt: 'ABC' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toMatch(/^receipt: /);
    const empty = await callAs(ctx.app, admin, 'GET', 'search?query=%20');
    expect(empty.statusCode).toBe(422);
  });
});
