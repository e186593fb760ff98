import { randomBytes, randomInt } from 'node:crypto';
import {
  type CardDecision,
  cardNeverSigned,
  cardRequiredRequestFields,
  cardSignedDateTime,
} from '@myprosper/contract/card';
import {
  hasValidCardSignature,
  isUnambiguousCardSet,
  signCardFields,
  signedNamesOf,
} from '../../src/providers/card.ts';

/**
 * What Secure Acceptance's hosted page answers, decided without any I/O (payment-providers.md 2.2-2.7):
 * the request's checks, the outcome chosen by the test card, and the signed receipt.
 */

export interface SandboxCardConfig {
  accessKey: string;
  profileId: string;
  secretKey: string;
}

export type Fields = Record<string, string>;

/** A request refused before the card page: the reason code and what the error page says. */
export interface RequestProblem {
  reasonCode: 102 | 104;
  message: string;
}

/** How far signed_date_time may be from the hosted page's clock. */
export const clockSkewMs = 15 * 60_000;

/** Reads a UTC yyyy-MM-ddTHH:mm:ssZ instant, or null. */
export function parseSignedDateTime(text: string | undefined): Date | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) || cardSignedDateTime(date) !== text ? null : date;
}

/**
 * The checks of POST /pay (reference 2.7): the signature over the request's own signed_field_names, every
 * required field present and signed, our access key and profile, a signed_date_time within 15 minutes, and
 * card fields never signed. `seen` says whether this access key and uuid came in the last 15 minutes (104).
 */
export function checkPayRequest(
  fields: Fields,
  config: SandboxCardConfig,
  now: Date,
  seen: (key: string) => boolean,
): RequestProblem | null {
  const invalid = (message: string): RequestProblem => ({ reasonCode: 102, message });
  // A comma in a signed value would let one signed string stand for another field set: never taken.
  if (!isUnambiguousCardSet(fields))
    return invalid('A signed field has a comma in its value, or is listed twice');
  if (!hasValidCardSignature(config.secretKey, fields)) return invalid('The request signature is not valid');
  const signed = signedNamesOf(fields);
  for (const name of cardRequiredRequestFields) {
    if (!signed.has(name) || (fields[name] ?? '') === '')
      return invalid(`Missing or unsigned field: ${name}`);
  }
  for (const name of cardNeverSigned) {
    if (signed.has(name)) return invalid(`The field ${name} must not be signed`);
  }
  if (fields.access_key !== config.accessKey) return invalid('Unknown access_key');
  if (fields.profile_id !== config.profileId) return invalid('Unknown profile_id');
  const signedAt = parseSignedDateTime(fields.signed_date_time);
  if (!signedAt || Math.abs(signedAt.getTime() - now.getTime()) > clockSkewMs) {
    return invalid('signed_date_time is not within 15 minutes of now');
  }
  if (!/^\d+(\.\d{1,2})?$/.test(fields.amount ?? '') || (fields.amount ?? '').length > 15) {
    return invalid('Invalid amount');
  }
  if ((fields.transaction_uuid ?? '').length > 40) return invalid('transaction_uuid is longer than 40');
  if (seen(`${fields.access_key}:${fields.transaction_uuid}`)) {
    return { reasonCode: 104, message: 'This transaction_uuid was already used in the last 15 minutes' };
  }
  return null;
}

/** The outcome of a card, and what the receipt says. */
export interface CardOutcome {
  decision: CardDecision;
  reasonCode: string | null;
  message: string;
}

/** Test cards (../README.md): these pay; 4000000000000002, and every other number, is declined. */
const acceptedCards = new Set(['4111111111111111', '5555555555554444', '378282246310005']);

export function outcomeForCard(cardNumber: string): CardOutcome {
  if (acceptedCards.has(cardNumber)) {
    return { decision: 'ACCEPT', reasonCode: '100', message: 'Request was processed successfully.' };
  }
  return { decision: 'DECLINE', reasonCode: '203', message: 'General decline of the card.' };
}

export const cancelOutcome: CardOutcome = {
  decision: 'CANCEL',
  reasonCode: null,
  message: 'The consumer cancelled the transaction',
};

/** Digits only, 12 to 19 of them, or null. */
export function cleanCardNumber(text: string | undefined): string | null {
  const digits = (text ?? '').replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/** 001 Visa, 002 Mastercard, 003 American Express (reference 2.4). */
function cardType(number: string): { code: string; name: string } {
  if (number.startsWith('4')) return { code: '001', name: 'Visa' };
  if (/^5[1-5]/.test(number)) return { code: '002', name: 'Mastercard' };
  if (/^3[47]/.test(number)) return { code: '003', name: 'American Express' };
  return { code: '000', name: 'Card' };
}

/** CyberSource's request id: 22 digits. */
export function newTransactionId(): string {
  let id = String(randomInt(1, 10));
  for (let i = 1; i < 22; i++) id += String(randomInt(10));
  return id;
}

/** auth_time as the reference shows it: 2026-01-15T093112Z. */
function authTime(date: Date): string {
  return cardSignedDateTime(date).replace(/:/g, '');
}

export interface ReceiptInput {
  request: Fields;
  outcome: CardOutcome;
  /** The card used, when there was one (not on cancel). */
  card: { number: string; expiryMonth: string; expiryYear: string } | null;
  now: Date;
}

/**
 * The signed response set (reference 2.4): decision, reason code and message, the echo of every request
 * field as req_*, the masked card, the authorisation on ACCEPT, signed with the same algorithm; `utf8` is
 * the unsigned extra a real response carries.
 */
export function buildReceipt(input: ReceiptInput, secretKey: string): Fields {
  const { request, outcome, card, now } = input;
  const fields: Fields = {
    transaction_id: newTransactionId(),
    decision: outcome.decision,
    message: outcome.message,
  };
  if (outcome.reasonCode !== null) fields.reason_code = outcome.reasonCode;
  for (const [name, value] of Object.entries(request)) {
    if (name === 'signature' || name === 'signed_field_names' || name === 'unsigned_field_names') continue;
    fields[`req_${name}`] = value;
  }
  if (card) {
    const type = cardType(card.number);
    fields.req_card_number = `${'x'.repeat(card.number.length - 4)}${card.number.slice(-4)}`;
    fields.req_card_type = type.code;
    fields.req_card_expiry_date = `${card.expiryMonth}-${card.expiryYear}`;
    fields.card_type_name = type.name;
  }
  if (outcome.decision === 'ACCEPT') {
    fields.auth_amount = request.amount ?? '';
    fields.auth_code = String(randomInt(100_000, 999_999));
    fields.auth_time = authTime(now);
    fields.auth_response = '00';
    fields.auth_trans_ref_no = String(randomInt(100_000_000, 999_999_999));
  }
  fields.request_token = randomBytes(48).toString('base64');
  fields.signed_date_time = cardSignedDateTime(now);
  fields.signed_field_names = [...Object.keys(fields), 'signed_field_names'].join(',');
  const signature = signCardFields(secretKey, fields);
  if (signature === null) throw new Error('the receipt could not be signed');
  return { ...fields, signature, utf8: '✓' };
}
