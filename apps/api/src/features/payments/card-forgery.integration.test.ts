import { createHmac } from 'node:crypto';
import { type CardCheckout, cardMessages, cardSigningString } from '@myprosper/contract/card';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { signCardFields } from '../../providers/card.ts';
import { cardForm, cardPayment, postReceipt, signedReceipt, topUpsOf } from './card.test-helpers.ts';
import {
  api,
  type Booked,
  balanceOf,
  bearer,
  bookSession,
  createPaymentsTestApp,
  expectLedgerConsistent,
  getSession,
} from './payments.test-helpers.ts';

/**
 * Issue 19: nothing taken from a request is signed, and no receipt but one of exactly the field set we expect,
 * signed over values without commas, is taken. Each attack is performed and shown to change nothing: the
 * payment stays PENDING, no money moves, the session stays unpaid.
 */
describe('forging card receipts', () => {
  let ctx: TestContext;
  const publicUrl = 'https://myprosper.example';

  beforeAll(async () => {
    ctx = await createPaymentsTestApp({ PUBLIC_URL: publicUrl });
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function ledgerRows(): Promise<number> {
    const [row] = (
      await ctx.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM ledger_entries`)
    ).rows;
    return row!.count;
  }

  /** The attack left the payment, the wallet, the session and the ledger as they were. */
  async function expectNothingChanged(booked: Booked, form: CardCheckout, entriesBefore: number) {
    const payment = await cardPayment(ctx, form.fields.transaction_uuid!);
    expect(payment.status).toBe('PENDING');
    expect(payment.providerReference).toBeNull();
    expect(await topUpsOf(ctx, payment.id)).toBe(0);
    expect(await balanceOf(ctx, booked.host)).toBe(0);
    expect((await getSession(ctx, booked.host, booked.id)).paymentStatus).toBe('UNPAID');
    expect(await ledgerRows()).toBe(entriesBefore);
    await expectLedgerConsistent(ctx.database.db);
  }

  it('signs PUBLIC_URL’s addresses for a checkout asked for with a forged Host header', async () => {
    const booked = await bookSession(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${api}/generateCardHttpSignature`,
      headers: {
        ...(await bearer(ctx.app, booked.host)),
        host: 'attacker.example',
        'x-forwarded-host': 'attacker.example',
        'x-forwarded-proto': 'https',
      },
      payload: { purpose: 'SESSION', id: booked.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const form = res.json().data as CardCheckout;
    expect(form.payUrl).toBe(`${publicUrl}/sandbox/cybersource/pay`);
    expect(form.fields.override_custom_receipt_page).toBe(`${publicUrl}/myprosper/api/card/receipt/session`);
    expect(form.fields.override_custom_cancel_page).toBe(`${publicUrl}/myprosper/api/card/receipt/session`);
    expect(JSON.stringify(form)).not.toContain('attacker');
    expect(form.fields.customer_ip_address).toBe('127.0.0.1');
  });

  it('refuses a receipt with a comma in a signed value, even signed right', async () => {
    const booked = await bookSession(ctx);
    const form = await cardForm(ctx, booked.host, 'SESSION', booked.id);
    const before = await ledgerRows();
    const fields: Record<string, string> = { ...signedReceipt(ctx, form.fields) };
    delete fields.signature;
    // "message=Approved,reason_code=100" reads the same as two fields: the signature cannot tell them apart.
    fields.message = 'Approved,reason_code=100';
    const text = cardSigningString(fields)!;
    const signature = createHmac('sha256', ctx.env.CARD_SECRET_KEY).update(text, 'utf8').digest('base64');

    for (const url of ['/myprosper/api/card/notify', '/myprosper/api/card/receipt/session']) {
      const answer = await postReceipt(ctx, url, { ...fields, signature });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().message).toBe(cardMessages.badSignature);
    }
    await expectNothingChanged(booked, form, before);
  });

  it('refuses a receipt signed over another field set than a receipt of ours has', async () => {
    const booked = await bookSession(ctx);
    const form = await cardForm(ctx, booked.host, 'SESSION', booked.id);
    const before = await ledgerRows();
    const receipt = signedReceipt(ctx, form.fields);
    const resigned = (change: (fields: Record<string, string>) => void) => {
      const fields: Record<string, string> = { ...receipt };
      delete fields.signature;
      change(fields);
      return { ...fields, signature: signCardFields(ctx.env.CARD_SECRET_KEY, fields) ?? 'unsignable' };
    };
    const names = (fields: Record<string, string>) => fields.signed_field_names!.split(',');

    const attempts: Record<string, Record<string, string>> = {
      // The signed form the server handed out for the hosted page, posted back as if it were a receipt.
      'our own signed checkout form': form.fields,
      // Signed over fewer fields: the echo of our receipt page left out.
      'a set without req_override_custom_receipt_page': resigned((fields) => {
        fields.signed_field_names = names(fields)
          .filter((name) => name !== 'req_override_custom_receipt_page')
          .join(',');
      }),
      // signed_field_names must list itself.
      'a set without signed_field_names': resigned((fields) => {
        fields.signed_field_names = names(fields)
          .filter((name) => name !== 'signed_field_names')
          .join(',');
      }),
      // An ACCEPT whose transaction id came unsigned (we would record it as the provider's reference).
      'an ACCEPT with an unsigned transaction_id': resigned((fields) => {
        fields.signed_field_names = names(fields)
          .filter((name) => name !== 'transaction_id')
          .join(',');
      }),
      // A field of our request (not a receipt's) signed in.
      'a set with a request field in it': resigned((fields) => {
        fields.amount = '1.00';
        fields.signed_field_names = `${fields.signed_field_names},amount`;
      }),
      // A name listed twice.
      'a set with a name twice': resigned((fields) => {
        fields.signed_field_names = `${fields.signed_field_names},decision`;
      }),
    };
    for (const [attempt, fields] of Object.entries(attempts)) {
      const answer = await postReceipt(ctx, '/myprosper/api/card/notify', fields);
      expect(answer.statusCode, `${attempt}: ${answer.body}`).toBe(400);
      expect(answer.json().message, attempt).toBe(cardMessages.badSignature);
    }
    await expectNothingChanged(booked, form, before);

    // The receipt itself, as the hosted page signed it, still pays: only the forgeries were refused.
    const paid = await postReceipt(ctx, '/myprosper/api/card/notify', receipt);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await getSession(ctx, booked.host, booked.id)).paymentStatus).toBe('PAID');
    await expectLedgerConsistent(ctx.database.db);
  });
});
