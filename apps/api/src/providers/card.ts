import { createHmac, randomUUID } from 'node:crypto';
import {
  type CardSignedFieldName,
  cardAmount,
  cardCurrency,
  cardLocale,
  cardRequiredReceiptFields,
  cardSignedDateTime,
  cardSignedFieldNames,
  cardSigningString,
  cardTransactionType,
} from '@myprosper/contract/card';
import type { Env } from '../config/env.ts';
import { isSameText } from '../lib/same-text.ts';

/**
 * CyberSource Secure Acceptance, hosted checkout (reference: payment-providers.md, section 2). Our server
 * builds and signs the request fields; the browser posts them to the hosted page (the card never touches
 * us); the receipt comes back signed the same way, through the browser and server to server. The secret key
 * stays here. There is no maintained npm client for hosted checkout: this is the ~30-line signer the
 * reference recommends.
 */

/** Where the local hosted page is mounted (served by this app while SANDBOX is on). */
export const localCybersourcePath = '/sandbox/cybersource';
/** Our receipt routes (browser) and the merchant POST route (server to server), under the app's origin. */
export const cardReceiptPaths = {
  SESSION: '/myprosper/api/card/receipt/session',
  VOUCHER: '/myprosper/api/card/receipt/voucher',
} as const;
export const cardNotifyPath = '/myprosper/api/card/notify';

/**
 * Whether a set of fields can be signed unambiguously. The signing string joins `name=value` with commas, so a
 * value holding a comma could make one field set read as another (a receipt forged out of a request we
 * signed): every listed name is a plain word, listed once, and no signed value but the list itself has a
 * comma.
 */
export function isUnambiguousCardSet(fields: Readonly<Record<string, string | undefined>>): boolean {
  const names = (fields.signed_field_names ?? '').split(',');
  if (new Set(names).size !== names.length) return false;
  return names.every(
    (name) =>
      /^[A-Za-z0-9_]+$/.test(name) && (name === 'signed_field_names' || !(fields[name] ?? '').includes(',')),
  );
}

/**
 * base64(HMAC-SHA256(secret, signing string)); null when a listed field is missing, or when the set is not
 * unambiguous (isUnambiguousCardSet): such a set is never signed, and never taken as signed.
 */
export function signCardFields(secret: string, fields: Readonly<Record<string, string | undefined>>) {
  const text = cardSigningString(fields);
  if (text === null || !isUnambiguousCardSet(fields)) return null;
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(text, 'utf8').digest('base64');
}

/** The fields carry a signature over their own signed_field_names, made with this secret (constant time). */
export function hasValidCardSignature(
  secret: string,
  fields: Readonly<Record<string, string | undefined>>,
): boolean {
  const expected = signCardFields(secret, fields);
  const given = fields.signature;
  if (expected === null || given === undefined) return false;
  return isSameText(expected, given);
}

/** The names listed as signed in a set of fields. */
export function signedNamesOf(fields: Readonly<Record<string, string | undefined>>): Set<string> {
  return new Set((fields.signed_field_names ?? '').split(',').filter((name) => name !== ''));
}

/**
 * Our request fields a receipt echoes as req_<name>: all we sign but the lists of names. req_signed_date_time
 * may be left out (the receipt's own signed_date_time is what counts); the others must come back.
 */
const echoedRequestFields = cardSignedFieldNames
  .filter((name) => name !== 'signed_field_names' && name !== 'unsigned_field_names')
  .map((name) => `req_${name}`);
const optionalEcho = 'req_signed_date_time';

/**
 * What every receipt for a request of ours must have signed (reference 2.4, 2.5): the list itself and its
 * time, the decision, and the echo of the fields we signed; on ACCEPT also the transaction id and the reason.
 */
function requiredReceiptNames(decision: string | undefined): string[] {
  return [
    'signed_field_names',
    'signed_date_time',
    ...cardRequiredReceiptFields,
    ...echoedRequestFields.filter((name) => name !== optionalEcho),
    ...(decision?.toUpperCase() === 'ACCEPT' ? ['transaction_id', 'reason_code'] : []),
  ];
}

/**
 * What else a receipt may have signed: the outcome's details, the masked card and the authorisation
 * (reference 2.4). A name outside these and the required ones makes the set one we do not expect: refused.
 */
const optionalReceiptNames = [
  optionalEcho,
  'transaction_id',
  'reason_code',
  'message',
  'request_token',
  'payment_token',
  'invalid_fields',
  'auth_amount',
  'auth_code',
  'auth_time',
  'auth_response',
  'auth_trans_ref_no',
  'auth_avs_code',
  'auth_cv_result',
  'card_type_name',
  'req_card_number',
  'req_card_type',
  'req_card_expiry_date',
  'req_payment_method',
];

/** Fields a receipt may carry unsigned (reference 2.4: `utf8`), besides the signature. Nothing we read. */
const unsignedReceiptExtras = new Set(['signature', 'utf8']);

/**
 * A receipt carries exactly the field set we expect signed: every required name, only names we know, none
 * twice, `signed_field_names` among them; and no field we would read arrives unsigned. Our own request
 * fields (access_key, amount, override_custom_receipt_page, …) are not receipt names, so nothing we signed
 * for the hosted page can pass for a receipt.
 */
export function hasExpectedReceiptFields(fields: Readonly<Record<string, string | undefined>>): boolean {
  const listed = (fields.signed_field_names ?? '').split(',');
  const signed = new Set(listed);
  if (signed.size !== listed.length) return false;
  const required = requiredReceiptNames(fields.decision);
  const known = new Set([...required, ...optionalReceiptNames]);
  if (!required.every((name) => signed.has(name))) return false;
  if (![...signed].every((name) => known.has(name))) return false;
  return Object.keys(fields).every(
    (name) => signed.has(name) || unsignedReceiptExtras.has(name) || !known.has(name),
  );
}

/** A transaction uuid: unique per request, at most 40 characters (reference 2.2). */
export function newTransactionUuid(): string {
  return randomUUID().replaceAll('-', '');
}

export interface CardRequestInput {
  transactionUuid: string;
  referenceNumber: string;
  /** Integer KES. */
  amount: number;
  customerIpAddress: string;
  receiptUrl: string;
  cancelUrl: string;
  now: Date;
}

export interface CardGateway {
  /**
   * The hosted page the browser posts to: CARD_PAY_URL, or the local page at PUBLIC_URL (never the Host a
   * request named: nothing taken from a request is signed or sent people to).
   */
  payUrl: string;
  /** The local hosted page of this app answers (no CARD_PAY_URL). */
  isLocal: boolean;
  accessKey: string;
  profileId: string;
  /** Every request field, signed. */
  requestFields(input: CardRequestInput): Record<string, string>;
  /**
   * The receipt is signed with our secret over its own signed_field_names, and that set is exactly the one a
   * receipt for our request has (hasExpectedReceiptFields).
   */
  verify(fields: Readonly<Record<string, string | undefined>>): boolean;
}

type CardEnv = Pick<
  Env,
  'CARD_PAY_URL' | 'CARD_ACCESS_KEY' | 'CARD_PROFILE_ID' | 'CARD_SECRET_KEY' | 'SANDBOX' | 'PUBLIC_URL'
>;

/** The defaults of the local hosted page: never good enough for CyberSource itself. */
const sandboxSecret = 'myprosper-sandbox-card-secret';

/**
 * The configured gateway: CyberSource at CARD_PAY_URL, or the local hosted page while SANDBOX is on; null
 * when neither (card payments are then unavailable).
 */
export function createCardGateway(env: CardEnv): CardGateway | null {
  if (!env.CARD_PAY_URL && !env.SANDBOX) return null;
  if (env.CARD_PAY_URL && env.CARD_SECRET_KEY === sandboxSecret) {
    throw new Error('CARD_PAY_URL is set: CARD_SECRET_KEY, CARD_ACCESS_KEY and CARD_PROFILE_ID must be too');
  }
  const secret = env.CARD_SECRET_KEY;
  return {
    isLocal: !env.CARD_PAY_URL,
    accessKey: env.CARD_ACCESS_KEY,
    profileId: env.CARD_PROFILE_ID,
    payUrl: env.CARD_PAY_URL ?? `${env.PUBLIC_URL.replace(/\/$/, '')}${localCybersourcePath}/pay`,
    requestFields(input) {
      const values: Record<CardSignedFieldName, string> = {
        access_key: env.CARD_ACCESS_KEY,
        profile_id: env.CARD_PROFILE_ID,
        transaction_uuid: input.transactionUuid,
        signed_field_names: cardSignedFieldNames.join(','),
        unsigned_field_names: '',
        signed_date_time: cardSignedDateTime(input.now),
        locale: cardLocale,
        transaction_type: cardTransactionType,
        reference_number: input.referenceNumber,
        amount: cardAmount(input.amount),
        currency: cardCurrency,
        customer_ip_address: input.customerIpAddress,
        override_custom_receipt_page: input.receiptUrl,
        override_custom_cancel_page: input.cancelUrl,
      };
      const signature = signCardFields(secret, values);
      if (signature === null) throw new Error('card request fields could not be signed');
      return { ...values, signature };
    },
    verify: (fields) => hasValidCardSignature(secret, fields) && hasExpectedReceiptFields(fields),
  };
}
