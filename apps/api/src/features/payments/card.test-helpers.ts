import type { CardCheckout, CardDecision, CardPurpose } from '@myprosper/contract/card';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { buildReceipt, outcomeForCard } from '../../../sandbox/cybersource/cybersource-rules.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { ledgerTransactions, payments } from '../../db/schema/payments.ts';
import type { UserRow } from '../../db/seed/factories.ts';
import { api, bearer } from './payments.test-helpers.ts';

/** Helpers of the card integration tests: the signed form, the local hosted page, receipts. */

export const testCards = { accept: '4111111111111111', decline: '4000000000000002' } as const;

export async function requestCardForm(
  ctx: TestContext,
  user: UserRow,
  purpose: CardPurpose,
  id: number | string,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `${api}/generateCardHttpSignature`,
    headers: { ...(await bearer(ctx.app, user)), host: 'localhost:3000' },
    payload: { purpose, id },
  });
}

export async function cardForm(ctx: TestContext, user: UserRow, purpose: CardPurpose, id: number | string) {
  const res = await requestCardForm(ctx, user, purpose, id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as CardCheckout;
}

export function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

function decodeHtml(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** The hidden fields and action of the first form of a page. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`no form in: ${html.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[decodeHtml(match[1]!)] = decodeHtml(match[2]!);
  }
  return { action: decodeHtml(action), fields };
}

/**
 * What the browser does on the local hosted page: posts the signed form to /pay, fills in the card (or
 * cancels), and answers the receipt page's form (where it posts back to, and the signed fields).
 */
export async function payOnHostedPage(ctx: TestContext, form: CardCheckout, card: string | 'cancel') {
  const payPath = new URL(form.payUrl).pathname;
  const page = await ctx.app.inject({
    method: 'POST',
    url: payPath,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: formBody(form.fields),
  });
  expect(page.statusCode, page.body).toBe(200);
  const cardForm = formOf(page.body);
  const done = await ctx.app.inject({
    method: 'POST',
    url: cardForm.action,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: formBody({
      ...cardForm.fields,
      ...(card === 'cancel'
        ? { action: 'cancel' }
        : { action: 'pay', card_number: card, card_expiry: '12/2030', card_cvn: '123' }),
    }),
  });
  expect(done.statusCode, done.body).toBe(200);
  expect(done.body).toContain('Continue to merchant');
  return formOf(done.body);
}

/** A receipt posted as the browser (or the merchant POST) would. */
export async function postReceipt(ctx: TestContext, url: string, fields: Record<string, string>) {
  return ctx.app.inject({
    method: 'POST',
    url: url.startsWith('http') ? new URL(url).pathname : url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: formBody(fields),
  });
}

/** A receipt for a request, signed with the app's own secret, as the hosted page would sign it. */
export function signedReceipt(
  ctx: TestContext,
  request: Record<string, string>,
  decision: CardDecision = 'ACCEPT',
): Record<string, string> {
  const outcome =
    decision === 'ACCEPT'
      ? outcomeForCard(testCards.accept)
      : decision === 'DECLINE'
        ? outcomeForCard(testCards.decline)
        : { decision, reasonCode: null, message: decision };
  return buildReceipt(
    {
      request,
      outcome,
      card:
        decision === 'CANCEL' ? null : { number: testCards.accept, expiryMonth: '12', expiryYear: '2030' },
      now: new Date(),
    },
    ctx.env.CARD_SECRET_KEY,
  );
}

/** The card payment of a checkout, by its transaction uuid. */
export async function cardPayment(ctx: TestContext, transactionUuid: string) {
  const [row] = await ctx.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'CARD'), eq(payments.checkoutRequestId, transactionUuid)));
  return row!;
}

/** How many ledger transactions a payment made (a card top-up must be exactly one). */
export async function topUpsOf(ctx: TestContext, paymentId: number): Promise<number> {
  const rows = await ctx.database.db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.paymentId, paymentId), eq(ledgerTransactions.kind, 'CARD_TOPUP')));
  return rows.length;
}
