import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { darajaPassword, darajaTimestamp } from '../../src/providers/mpesa.ts';

/**
 * What Daraja answers, decided without any I/O (payment-providers.md 1.2-1.6 and the simulator checklist
 * 1.9): field checks of the STK push, the outcome chosen by the paying phone, ids of Daraja's shapes, and the
 * callback and query bodies.
 */

/** Daraja's error envelope: HTTP status, errorCode, errorMessage. */
export interface DarajaFailure {
  status: number;
  body: { requestId: string; errorCode: string; errorMessage: string };
}

export function darajaFailure(status: number, errorCode: string, errorMessage: string): DarajaFailure {
  return { status, body: { requestId: newRequestId(), errorCode, errorMessage } };
}

export const invalidToken = () => darajaFailure(404, '404.001.03', 'Invalid Access Token');
export const wrongCredentials = () => darajaFailure(500, '500.001.1001', 'Wrong credentials');
export const stillProcessing = () => darajaFailure(500, '500.001.1001', 'The transaction is being processed');
const badField = (field: string) => darajaFailure(400, '400.002.02', `Bad Request - Invalid ${field}`);

function newRequestId(): string {
  return `${randomInt(10_000, 99_999)}-${randomInt(10_000_000, 99_999_999)}-1`;
}

/** How a push ends and whether (and how often) its callback is sent. */
export interface Outcome {
  resultCode: number;
  resultDesc: string;
  callbacks: 0 | 1 | 2;
}

const success: Outcome = {
  resultCode: 0,
  resultDesc: 'The service request is processed successfully.',
  callbacks: 1,
};

/** Test phone numbers (PhoneNumber, 2547…) and what they do; every other number pays. See ../README.md. */
export const testNumbers: Readonly<Record<string, Outcome>> = {
  '254700000001': {
    resultCode: 1,
    resultDesc: 'The balance is insufficient for the transaction.',
    callbacks: 1,
  },
  '254700001032': { resultCode: 1032, resultDesc: 'Request cancelled by user', callbacks: 1 },
  '254700001037': { resultCode: 1037, resultDesc: 'DS timeout user cannot be reached', callbacks: 1 },
  '254700002001': { resultCode: 2001, resultDesc: 'The initiator information is invalid.', callbacks: 1 },
  '254700001019': { resultCode: 1019, resultDesc: 'Transaction has expired', callbacks: 1 },
  '254700000002': { ...success, callbacks: 2 },
  '254700000003': { ...success, callbacks: 0 },
  '254700000004': { resultCode: 1032, resultDesc: 'Request cancelled by user', callbacks: 0 },
};

export function outcomeFor(phoneNumber: string): Outcome {
  return testNumbers[phoneNumber] ?? success;
}

/** Equal strings, compared in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A Timestamp Daraja takes: YYYYMMDDHHmmss, a real date, not far from now (Kenyan time). */
export function isValidTimestamp(value: unknown, now: Date): boolean {
  if (typeof value !== 'string' || !/^\d{14}$/.test(value)) return false;
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((at, i) => Number(value.slice(at, at + (i ? 2 : 4))));
  const asUtc = Date.UTC(y!, mo! - 1, d!, h! - 3, mi!, s!);
  const back = new Date(asUtc);
  if (darajaTimestamp(back) !== value) return false;
  return Math.abs(asUtc - now.getTime()) <= 3_600_000;
}

export interface PushConfig {
  shortCode: string;
  passkey: string;
  /**
   * The only addresses callbacks may go to (PUBLIC_URL, and MPESA_CALLBACK_BASE_URL when set): a CallBackURL
   * under none of them is refused, so the stand-in never POSTs to an address a caller chose.
   */
  callbackBases: readonly string[];
}

export interface CheckedPush {
  amount: number;
  phoneNumber: string;
  callbackUrl: string;
  accountReference: string;
}

const msisdn = /^254[17]\d{8}$/;
const shortCodePattern = /^\d{5,7}$/;

/** The request fields of an STK push, in Daraja's order of checks: the first bad one is reported. */
export function checkPush(
  body: Record<string, unknown>,
  config: PushConfig,
  now: Date,
): { ok: true; push: CheckedPush } | { ok: false; failure: DarajaFailure } {
  const text = (key: string) => {
    const value = body[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  };
  const shortCode = text('BusinessShortCode');
  if (!shortCode || !shortCodePattern.test(shortCode) || shortCode !== config.shortCode) {
    return { ok: false, failure: badField('BusinessShortCode') };
  }
  const timestamp = body.Timestamp;
  if (!isValidTimestamp(timestamp, now)) return { ok: false, failure: badField('Timestamp') };
  const password = text('Password') ?? '';
  if (!sameSecret(password, darajaPassword(shortCode, config.passkey, timestamp as string))) {
    return { ok: false, failure: wrongCredentials() };
  }
  const type = text('TransactionType');
  if (type !== 'CustomerPayBillOnline' && type !== 'CustomerBuyGoodsOnline') {
    return { ok: false, failure: badField('TransactionType') };
  }
  const amount = body.Amount;
  const amountValue = typeof amount === 'string' && /^\d+$/.test(amount) ? Number(amount) : amount;
  if (
    typeof amountValue !== 'number' ||
    !Number.isInteger(amountValue) ||
    amountValue < 1 ||
    amountValue > 250_000
  ) {
    return { ok: false, failure: badField('Amount') };
  }
  const partyA = text('PartyA');
  if (!partyA || !msisdn.test(partyA)) return { ok: false, failure: badField('PartyA') };
  if (text('PartyB') !== config.shortCode) return { ok: false, failure: badField('PartyB') };
  const phone = text('PhoneNumber');
  if (!phone || !msisdn.test(phone)) return { ok: false, failure: badField('PhoneNumber') };
  const callbackUrl = text('CallBackURL');
  if (!callbackUrl || !isHttpUrl(callbackUrl) || !isUnderAny(callbackUrl, config.callbackBases)) {
    return { ok: false, failure: badField('CallBackURL') };
  }
  const reference = text('AccountReference');
  if (!reference || reference.length > 12) return { ok: false, failure: badField('AccountReference') };
  const description = text('TransactionDesc');
  if (!description || description.length > 13) return { ok: false, failure: badField('TransactionDesc') };
  return {
    ok: true,
    push: { amount: amountValue, phoneNumber: phone, callbackUrl, accountReference: reference },
  };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The URL is on one of the bases' origins (scheme, host and port) and under its path, with no user or
 * password: http://localhost:3000/myprosper/… is under http://localhost:3000, http://169.254.169.254/… and
 * http://localhost:3000@evil.test/… are not.
 */
export function isUnderAny(value: string, bases: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  return bases.some((text) => {
    const base = new URL(text);
    const path = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
    return url.origin === base.origin && (url.pathname === base.pathname || url.pathname.startsWith(path));
  });
}

/** 'ws_CO_' + ddMMyyyyHHmmssSSS (Kenyan time) + the MSISDN's 9 national digits. */
export function newCheckoutRequestId(now: Date, phoneNumber: string): string {
  const stamp = darajaTimestamp(now); // YYYYMMDDHHmmss
  const ms = String(now.getUTCMilliseconds()).padStart(3, '0');
  const ddMMyyyy = `${stamp.slice(6, 8)}${stamp.slice(4, 6)}${stamp.slice(0, 4)}`;
  return `ws_CO_${ddMMyyyy}${stamp.slice(8)}${ms}${phoneNumber.slice(3)}`;
}

export function newMerchantRequestId(): string {
  return `${randomInt(10_000, 99_999)}-${randomInt(10_000_000, 99_999_999)}-${randomInt(1, 9)}`;
}

/** An M-PESA receipt: ten capital letters and digits. */
export function newReceiptNumber(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(10);
  let receipt = '';
  for (const byte of bytes) receipt += alphabet[byte % alphabet.length];
  return receipt;
}

export interface PushRecord extends CheckedPush {
  merchantRequestId: string;
  checkoutRequestId: string;
  outcome: Outcome;
  receipt: string | null;
  /** The M-PESA time of the payment, YYYYMMDDHHmmss. */
  transactionDate: string;
  resolved: boolean;
  createdAt: number;
}

/**
 * The SMS M-PESA sends the paying customer when a push completes, in M-PESA's own words: the receipt (the code
 * customers quote to support), the amount, who got it and for which account, and when (Kenyan time).
 */
export function customerSmsText(push: Pick<PushRecord, 'receipt' | 'amount' | 'accountReference'>, at: Date) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Nairobi',
    day: 'numeric',
    month: 'numeric',
    year: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const amount = push.amount.toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const when = `${part('day')}/${part('month')}/${part('year')} at ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
  return `${push.receipt} Confirmed. Ksh${amount} sent to MyProsper Sandbox for account ${push.accountReference} on ${when}.`;
}

/** The callback body of the reference (1.4): numbers where M-PESA sends numbers. */
export function callbackBody(push: PushRecord) {
  const stkCallback: Record<string, unknown> = {
    MerchantRequestID: push.merchantRequestId,
    CheckoutRequestID: push.checkoutRequestId,
    ResultCode: push.outcome.resultCode,
    ResultDesc: push.outcome.resultDesc,
  };
  if (push.outcome.resultCode === 0) {
    stkCallback.CallbackMetadata = {
      Item: [
        { Name: 'Amount', Value: push.amount },
        { Name: 'MpesaReceiptNumber', Value: push.receipt },
        { Name: 'Balance' },
        { Name: 'TransactionDate', Value: Number(push.transactionDate) },
        { Name: 'PhoneNumber', Value: Number(push.phoneNumber) },
      ],
    };
  }
  return { Body: { stkCallback } };
}

/** The final query reply (1.6): every value a string, ResultCode included. */
export function queryReply(push: PushRecord) {
  return {
    ResponseCode: '0',
    ResponseDescription: 'The service request has been accepted successfully',
    MerchantRequestID: push.merchantRequestId,
    CheckoutRequestID: push.checkoutRequestId,
    ResultCode: String(push.outcome.resultCode),
    ResultDesc: push.outcome.resultDesc,
  };
}

export const acceptedMessage = 'Success. Request accepted for processing';
