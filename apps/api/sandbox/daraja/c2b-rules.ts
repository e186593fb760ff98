import { randomBytes } from 'node:crypto';
import { type DarajaFailure, darajaFailure, isUnderAny, newReceiptNumber } from './daraja-rules.ts';

/**
 * Daraja's C2B (Paybill) as the stand-in plays it, decided without I/O (reference part 2, 1.6 and the
 * simulator checklist 1.9): registering the validation and confirmation URLs, the body M-PESA posts to them,
 * and the Pull Transactions reply.
 */

export type ResponseType = 'Completed' | 'Cancelled';

export interface C2bRegistration {
  shortCode: string;
  responseType: ResponseType;
  confirmationUrl: string;
  validationUrl: string;
}

/** Words Safaricom refuses anywhere in a C2B URL, whatever their case. */
const bannedWords = /m-?pesa|safaricom|exe|exec|cmd|sql|query/i;

const badField = (field: string) => darajaFailure(400, '400.002.02', `Bad Request - Invalid ${field}`);

export interface RegistrationRules {
  shortCodes: readonly string[];
  /** Production refuses http and a second registration; the sandbox allows both (it overwrites). */
  production: boolean;
  /** Where the stand-in may post at all (this app's own addresses). */
  callbackBases: readonly string[];
}

/** The register URL body, checked in Daraja's order; the first bad field is reported. */
export function checkRegistration(
  body: Record<string, unknown>,
  rules: RegistrationRules,
): { ok: true; registration: C2bRegistration } | { ok: false; failure: DarajaFailure } {
  const text = (key: string) => {
    const value = body[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  };
  const shortCode = text('ShortCode');
  if (!shortCode || !rules.shortCodes.includes(shortCode))
    return { ok: false, failure: badField('ShortCode') };
  const responseType = text('ResponseType');
  // Sentence case only: 'completed' and 'COMPLETED' are refused.
  if (responseType !== 'Completed' && responseType !== 'Cancelled') {
    return { ok: false, failure: badField('ResponseType') };
  }
  for (const [field, value] of [
    ['ConfirmationURL', text('ConfirmationURL')],
    ['ValidationURL', text('ValidationURL')],
  ] as const) {
    if (!value || !isAcceptableUrl(value, rules)) return { ok: false, failure: badField(field) };
  }
  return {
    ok: true,
    registration: {
      shortCode,
      responseType,
      confirmationUrl: text('ConfirmationURL')!,
      validationUrl: text('ValidationURL')!,
    },
  };
}

function isAcceptableUrl(value: string, rules: RegistrationRules): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && (rules.production || url.protocol !== 'http:')) return false;
  if (bannedWords.test(value)) return false;
  return isUnderAny(value, rules.callbackBases);
}

export function alreadyRegistered(): DarajaFailure {
  return darajaFailure(500, '500.003.1001', 'Urls are already registered');
}

/** The register reply, with Safaricom's own spelling 'OriginatorCoversationID'. */
export function registrationReply() {
  return {
    OriginatorCoversationID: `${randomBytes(4).toString('hex')}-${randomBytes(4).toString('hex')}-1`,
    ResponseCode: '0',
    ResponseDescription: 'Success',
  };
}

/** '254708374149' as M-PESA shows it to businesses now: '2547 ***** 149'. */
export function maskMsisdn(msisdn: string): string {
  return `${msisdn.slice(0, 4)} ***** ${msisdn.slice(-3)}`;
}

/** A payment a customer made to a paybill or till, as the stand-in keeps it. */
export interface C2bTransaction {
  transId: string;
  /** YYYYMMDDHHmmss, Kenyan time. */
  transTime: string;
  createdAt: number;
  shortCode: string;
  commandId: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  amount: number;
  msisdn: string;
  billRefNumber: string;
  firstName: string;
  /** Whether the money moved: validation may refuse it. */
  completed: boolean;
  /** Rising balance of the paybill after it. */
  orgBalance: number;
}

export function newC2bTransaction(
  fields: Omit<C2bTransaction, 'transId' | 'completed' | 'orgBalance'>,
): C2bTransaction {
  return { ...fields, transId: newReceiptNumber(), completed: false, orgBalance: 0 };
}

/**
 * The body posted to the ValidationURL and the ConfirmationURL: every value a string, the MSISDN masked,
 * OrgAccountBalance blank in validation.
 */
export function notificationBody(payment: C2bTransaction, stage: 'validation' | 'confirmation') {
  return {
    TransactionType: payment.commandId === 'CustomerPayBillOnline' ? 'Pay Bill' : 'Buy Goods',
    TransID: payment.transId,
    TransTime: payment.transTime,
    TransAmount: `${payment.amount}.00`,
    BusinessShortCode: payment.shortCode,
    BillRefNumber: payment.commandId === 'CustomerPayBillOnline' ? payment.billRefNumber : '',
    InvoiceNumber: '',
    OrgAccountBalance: stage === 'validation' ? '' : `${payment.orgBalance}.00`,
    ThirdPartyTransID: '',
    MSISDN: maskMsisdn(payment.msisdn),
    FirstName: payment.firstName,
    MiddleName: '',
    LastName: '',
  };
}

/** What our ValidationURL answered: accept ('0') or a C2B000xx rejection. */
export function isAccepted(answer: unknown): boolean {
  if (!answer || typeof answer !== 'object') return false;
  return String((answer as Record<string, unknown>).ResultCode) === '0';
}

/** 'yyyy-MM-dd HH:mm:ss' (Kenyan time) as Pull Transactions takes it, in epoch ms; null when malformed. */
export function pullDate(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map(Number);
  return Date.UTC(y!, mo! - 1, d!, h! - 3, mi!, s!);
}

/** 'yyyy-MM-dd HH:mm:ss' in Kenyan time, from YYYYMMDDHHmmss. */
function trxDate(transTime: string): string {
  const t = transTime;
  return `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)} ${t.slice(8, 10)}:${t.slice(10, 12)}:${t.slice(12, 14)}`;
}

/** The Pull Transactions reply: completed C2B payments of the shortcode in the window (at most 48 hours). */
export function pullReply(payments: readonly C2bTransaction[], offset: number) {
  const page = payments.slice(offset, offset + 1000);
  return {
    ResponseRefID: `${randomBytes(4).toString('hex')}-${randomBytes(6).toString('hex')}`,
    ResponseCode: '1000',
    ResponseMessage: 'Success',
    Response: [
      page.map((payment) => ({
        transactionId: payment.transId,
        trxDate: trxDate(payment.transTime),
        msisdn: maskMsisdn(payment.msisdn),
        sender: 'MPESA',
        transactiontype: 'c2b-pay-bill-debit',
        billreference: payment.billRefNumber,
        amount: String(payment.amount),
        organizationname: payment.firstName,
      })),
    ],
  };
}

export const pullWindowMs = 48 * 3_600_000;
