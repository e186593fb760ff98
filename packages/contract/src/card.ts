import { z } from 'zod';
import { envelope } from './common.ts';

/**
 * Card payments through CyberSource Secure Acceptance (hosted checkout): the field names the server signs,
 * the signing string of the provider's algorithm, the shapes of our signing endpoint, and what people read
 * when they come back from the hosted page. The HMAC itself is computed on the server only: the secret key
 * never reaches the browser (see DESIGN.md).
 */

/** The request fields we sign, in this order (reference 2.2): every merchant-set field is signed. */
export const cardSignedFieldNames = [
  'access_key',
  'profile_id',
  'transaction_uuid',
  'signed_field_names',
  'unsigned_field_names',
  'signed_date_time',
  'locale',
  'transaction_type',
  'reference_number',
  'amount',
  'currency',
  'customer_ip_address',
  'override_custom_receipt_page',
  'override_custom_cancel_page',
] as const;
export type CardSignedFieldName = (typeof cardSignedFieldNames)[number];

/** Signed fields every request must carry (reference 2.2). */
export const cardRequiredRequestFields = [
  'access_key',
  'amount',
  'currency',
  'locale',
  'profile_id',
  'reference_number',
  'signed_date_time',
  'signed_field_names',
  'transaction_type',
  'transaction_uuid',
] as const;

/** Fields a receipt must have signed before we act on it (reference 2.5: trust only signed fields). */
export const cardRequiredReceiptFields = [
  'decision',
  'req_access_key',
  'req_profile_id',
  'req_transaction_uuid',
  'req_reference_number',
  'req_amount',
  'req_currency',
] as const;

/** Never signed, and never sent to us: the card itself stays with the provider. */
export const cardNeverSigned = ['card_number', 'card_cvn', 'signature'] as const;

export const cardLocale = 'en';
export const cardTransactionType = 'sale';
export const cardCurrency = 'KES';

/**
 * The string the signature is computed over (reference 2.3): for each name of `signed_field_names`, in that
 * order, `name=value` with the exact value (no URL-encoding), joined by commas. A listed field that is
 * missing makes it unsignable (null).
 */
export function cardSigningString(fields: Readonly<Record<string, string | undefined>>): string | null {
  const names = fields.signed_field_names;
  if (names === undefined || names === '') return null;
  const parts: string[] = [];
  for (const name of names.split(',')) {
    const value = fields[name];
    if (value === undefined) return null;
    parts.push(`${name}=${value}`);
  }
  return parts.join(',');
}

/** UTC `yyyy-MM-dd'T'HH:mm:ss'Z'` (reference 2.2), e.g. 2026-01-15T09:30:00Z. */
export function cardSignedDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** Integer KES as the provider's decimal amount: 2900 -> '2900.00'. */
export function cardAmount(kes: number): string {
  if (!Number.isSafeInteger(kes) || kes <= 0) throw new RangeError(`amount must be a positive integer`);
  return `${kes}.00`;
}

/** The provider's decimal amount as integer KES, or null when it is not a whole, positive amount. */
export function parseCardAmount(text: string | undefined): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text ?? '');
  if (!match) return null;
  if (match[2] !== undefined && Number(match[2]) !== 0) return null;
  const value = Number(match[1]);
  return value > 0 && Number.isSafeInteger(value) ? value : null;
}

export const cardDecisions = ['ACCEPT', 'REVIEW', 'DECLINE', 'ERROR', 'CANCEL'] as const;
export type CardDecision = (typeof cardDecisions)[number];

/** Test cards of the local hosted page (apps/api/sandbox/README.md). */
export const cardTestNumbers = {
  accept: '4111111111111111',
  decline: '4000000000000002',
} as const;

// ---- Our endpoints ----

export const cardPurposes = ['SESSION', 'VOUCHER'] as const;
export const cardPurpose = z.enum(cardPurposes);
export type CardPurpose = z.infer<typeof cardPurpose>;

/**
 * POST /myprosper/api/generateCardHttpSignature: what to pay by card. SESSION: the session id (the caller's
 * share is charged); VOUCHER: the voucher's reference number (the answer of createVoucher) or its id.
 */
export const generateCardSignatureRequest = z.object({
  purpose: cardPurpose,
  id: z.union([z.number().int().positive().max(2_147_483_647), z.string().trim().min(1).max(40)]),
});
export type GenerateCardSignatureRequest = z.input<typeof generateCardSignatureRequest>;

/** The hidden form the browser posts (auto-submitted) to the hosted page: every field already signed. */
export const cardCheckout = z.object({
  payUrl: z.string(),
  fields: z.record(z.string(), z.string()),
});
export type CardCheckout = z.infer<typeof cardCheckout>;
export const generateCardSignatureResponse = envelope(cardCheckout);

/** What the browser is told after the hosted page (the `outcome` of the page it is sent back to). */
export const cardOutcomes = ['paid', 'declined', 'cancelled', 'review', 'failed'] as const;
export const cardOutcome = z.enum(cardOutcomes);
export type CardOutcome = z.infer<typeof cardOutcome>;

export const cardMessages = {
  paid: 'Payment successful',
  declined: 'Your card was declined',
  cancelled: 'The card payment was cancelled',
  review: 'Your card payment is being reviewed. We will let you know once it is confirmed.',
  failed: 'The card payment could not be completed. Please try again.',
  partial: 'Only part of the amount was approved, so the money was kept in your wallet.',
  badSignature: 'The card payment answer could not be verified',
  notOurs: 'This card payment answer is not for this merchant',
  unknownPayment: 'This card payment was not found',
  mismatch: 'The card payment answer does not match the payment asked for',
  unavailable: 'Card payments are not available right now. Please try another way to pay.',
  nothingToPay: 'There is nothing left to pay for this session',
  voucherNotFound: 'This voucher was not found',
  voucherAlreadyPaid: 'This voucher has already been paid for',
} as const;

/** The message shown for an outcome (toast or banner). */
export function cardOutcomeMessage(outcome: CardOutcome): string {
  return cardMessages[outcome];
}
