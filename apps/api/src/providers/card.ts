import { createHmac, randomUUID } from 'node:crypto';
import {
  type CardSignedFieldName,
  cardAmount,
  cardCurrency,
  cardLocale,
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

/** base64(HMAC-SHA256(secret, signing string)); null when a listed field is missing. */
export function signCardFields(secret: string, fields: Readonly<Record<string, string | undefined>>) {
  const text = cardSigningString(fields);
  if (text === null) return null;
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
  /** The hosted page the browser posts to. `origin` is where the browser reached us (local page only). */
  payUrl(origin: string): string;
  /** The local hosted page of this app answers (no CARD_PAY_URL). */
  isLocal: boolean;
  accessKey: string;
  profileId: string;
  /** Every request field, signed. */
  requestFields(input: CardRequestInput): Record<string, string>;
  /** The receipt is signed with our secret over its own signed_field_names. */
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
    payUrl: (origin) => env.CARD_PAY_URL ?? `${origin.replace(/\/$/, '')}${localCybersourcePath}/pay`,
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
    verify: (fields) => hasValidCardSignature(secret, fields),
  };
}
