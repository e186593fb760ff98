import { randomBytes, randomInt } from 'node:crypto';
import { darajaTimestamp } from '../../src/providers/mpesa.ts';
import { type DarajaFailure, darajaFailure, isUnderAny } from './daraja-rules.ts';

/**
 * What the sandbox's "Result" family answers (mpesa-b2c-c2b-whatsapp.md §1.1–1.5 and the checklist §1.9),
 * decided without I/O: field checks of B2C, Reversal, Transaction Status and Account Balance, and the B2C
 * outcome chosen by the receiving phone. The sandbox's own M-PESA ledger is sandbox-ledger.ts, the Result
 * bodies daraja-results-bodies.ts. ../README.md lists the test numbers.
 */

const badField = (field: string) => darajaFailure(400, '400.002.02', `Bad Request - Invalid ${field}`);
export const duplicateOriginator = () =>
  darajaFailure(500, '500.002.1001', 'Duplicate OriginatorConversationID');

/** How a B2C request ends, and what is posted where. */
export interface B2cOutcome {
  resultCode: number | string;
  resultDesc: string;
  /**
   * result: the Result once; twice: the Result twice; none: nothing (only Transaction Status tells);
   * timeout: the queue timeout only, the payment never made; late: the queue timeout, then the Result.
   */
  delivery: 'result' | 'twice' | 'none' | 'timeout' | 'late';
  /** ResultParameter as a single object and every code a string (seen in real payloads). */
  quirks?: boolean;
}

const paid: B2cOutcome = {
  resultCode: 0,
  resultDesc: 'The service request is processed successfully.',
  delivery: 'result',
};

export const insufficientFunds: B2cOutcome = {
  resultCode: 1,
  resultDesc: 'The balance is insufficient for the transaction.',
  delivery: 'result',
};

export const initiatorInvalid: B2cOutcome = {
  resultCode: 2001,
  resultDesc: 'The initiator information is invalid.',
  delivery: 'result',
};

/** B2C test numbers (PartyB) and what they do; every other number is paid. See ../README.md. */
export const b2cTestNumbers: Readonly<Record<string, B2cOutcome>> = {
  '254711000001': insufficientFunds,
  '254711002001': initiatorInvalid,
  '254711002040': {
    resultCode: 2040,
    resultDesc:
      "Credit Party customer type (Unregistered or Registered Customer) can't be supported by the service.",
    delivery: 'result',
  },
  '254711008006': { resultCode: 8006, resultDesc: 'The security credential is locked.', delivery: 'result' },
  '254711000003': {
    resultCode: 'SFC_IC0003',
    resultDesc: 'The operator does not exist.',
    delivery: 'result',
  },
  '254711000408': {
    resultCode: 'QUEUE_TIMEOUT',
    resultDesc: 'The request expired in the queue.',
    delivery: 'timeout',
  },
  '254711000409': { ...paid, delivery: 'late' },
  '254711000002': { ...paid, delivery: 'twice' },
  '254711000000': { ...paid, delivery: 'none' },
  '254711000007': { ...paid, quirks: true },
};

export function b2cOutcomeFor(msisdn: string): B2cOutcome {
  return b2cTestNumbers[msisdn] ?? paid;
}

export interface ResultsConfig {
  b2cShortCode: string;
  /** Our paybill: the ReceiverParty of reversals. */
  shortCode: string;
  reversalIdentifierType: string;
  callbackBases: readonly string[];
}

type Checked<T> = { ok: true; value: T } | { ok: false; failure: DarajaFailure };

const msisdn = /^254[17]\d{8}$/;
const originatorPattern = /^[A-Za-z0-9_-]{1,40}$/;

function textOf(body: Record<string, unknown>, key: string): string | null {
  const value = body[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

function wholeAmount(value: unknown, min: number, max: number): number | null {
  const number = typeof value === 'string' && /^\d+(\.0+)?$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) return null;
  return number;
}

function checkUrls(body: Record<string, unknown>, config: ResultsConfig) {
  for (const key of ['QueueTimeOutURL', 'ResultURL'] as const) {
    const url = textOf(body, key);
    if (!url || !isUnderAny(url, config.callbackBases)) return { ok: false as const, failure: badField(key) };
  }
  return { ok: true as const };
}

function checkRemarks(body: Record<string, unknown>) {
  const remarks = textOf(body, 'Remarks');
  return remarks !== null && remarks.length >= 2 && remarks.length <= 100;
}

export interface B2cRequest {
  originatorConversationId: string;
  initiatorName: string;
  securityCredential: string;
  amount: number;
  phone: string;
  resultUrl: string;
  timeoutUrl: string;
}

/** The B2C v3 fields, exact spellings, in order: the first bad one is reported (400.002.02). */
export function checkB2c(body: Record<string, unknown>, config: ResultsConfig): Checked<B2cRequest> {
  const originator = textOf(body, 'OriginatorConversationID');
  if (!originator || !originatorPattern.test(originator)) {
    return { ok: false, failure: badField('OriginatorConversationID') };
  }
  const initiator = textOf(body, 'InitiatorName');
  if (!initiator) return { ok: false, failure: badField('InitiatorName') };
  const credential = textOf(body, 'SecurityCredential');
  if (!credential) return { ok: false, failure: badField('SecurityCredential') };
  const command = textOf(body, 'CommandID');
  if (command !== 'BusinessPayment' && command !== 'SalaryPayment' && command !== 'PromotionPayment') {
    return { ok: false, failure: badField('CommandID') };
  }
  const amount = wholeAmount(body.Amount, 10, 250_000);
  if (amount === null) return { ok: false, failure: badField('Amount') };
  if (textOf(body, 'PartyA') !== config.b2cShortCode) return { ok: false, failure: badField('PartyA') };
  const phone = textOf(body, 'PartyB');
  if (!phone || !msisdn.test(phone)) return { ok: false, failure: badField('PartyB') };
  if (!checkRemarks(body)) return { ok: false, failure: badField('Remarks') };
  const urls = checkUrls(body, config);
  if (!urls.ok) return urls;
  for (const key of ['Occassion', 'Occasion']) {
    const occasion = textOf(body, key);
    if (key in body && (occasion === null || occasion.length < 1 || occasion.length > 100)) {
      return { ok: false, failure: badField(key) };
    }
  }
  return {
    ok: true,
    value: {
      originatorConversationId: originator,
      initiatorName: initiator,
      securityCredential: credential,
      amount,
      phone,
      resultUrl: textOf(body, 'ResultURL')!,
      timeoutUrl: textOf(body, 'QueueTimeOutURL')!,
    },
  };
}

export interface ReversalRequest {
  initiatorName: string;
  securityCredential: string;
  receipt: string;
  amount: number;
  resultUrl: string;
  timeoutUrl: string;
}

/** Reversal: `RecieverIdentifierType` (sic) is required; the correct spelling is refused, as Daraja does. */
export function checkReversal(
  body: Record<string, unknown>,
  config: ResultsConfig,
): Checked<ReversalRequest> {
  const initiator = textOf(body, 'Initiator');
  if (!initiator) return { ok: false, failure: badField('Initiator') };
  const credential = textOf(body, 'SecurityCredential');
  if (!credential) return { ok: false, failure: badField('SecurityCredential') };
  if (textOf(body, 'CommandID') !== 'TransactionReversal')
    return { ok: false, failure: badField('CommandID') };
  const receipt = textOf(body, 'TransactionID');
  if (!receipt || !/^[A-Z0-9]{10}$/.test(receipt)) return { ok: false, failure: badField('TransactionID') };
  const amount = wholeAmount(body.Amount, 1, 250_000);
  if (amount === null) return { ok: false, failure: badField('Amount') };
  if (textOf(body, 'ReceiverParty') !== config.shortCode)
    return { ok: false, failure: badField('ReceiverParty') };
  if ('ReceiverIdentifierType' in body) return { ok: false, failure: badField('RecieverIdentifierType') };
  if (textOf(body, 'RecieverIdentifierType') !== config.reversalIdentifierType) {
    return { ok: false, failure: badField('RecieverIdentifierType') };
  }
  if (!checkRemarks(body)) return { ok: false, failure: badField('Remarks') };
  const urls = checkUrls(body, config);
  if (!urls.ok) return urls;
  return {
    ok: true,
    value: {
      initiatorName: initiator,
      securityCredential: credential,
      receipt,
      amount,
      resultUrl: textOf(body, 'ResultURL')!,
      timeoutUrl: textOf(body, 'QueueTimeOutURL')!,
    },
  };
}

export interface StatusRequest {
  initiatorName: string;
  securityCredential: string;
  receipt: string | null;
  originatorConversationId: string | null;
  resultUrl: string;
  timeoutUrl: string;
}

/** Transaction Status: by TransactionID (a receipt) or OriginalConversationID (a B2C originator id). */
export function checkStatus(body: Record<string, unknown>, config: ResultsConfig): Checked<StatusRequest> {
  const initiator = textOf(body, 'Initiator');
  if (!initiator) return { ok: false, failure: badField('Initiator') };
  const credential = textOf(body, 'SecurityCredential');
  if (!credential) return { ok: false, failure: badField('SecurityCredential') };
  if (textOf(body, 'CommandID') !== 'TransactionStatusQuery')
    return { ok: false, failure: badField('CommandID') };
  const receipt = textOf(body, 'TransactionID');
  const originator = textOf(body, 'OriginalConversationID');
  if (!receipt && !originator) return { ok: false, failure: badField('TransactionID') };
  const partyA = textOf(body, 'PartyA');
  if (partyA !== config.b2cShortCode && partyA !== config.shortCode)
    return { ok: false, failure: badField('PartyA') };
  if (!['1', '2', '4'].includes(textOf(body, 'IdentifierType') ?? '')) {
    return { ok: false, failure: badField('IdentifierType') };
  }
  const remarks = textOf(body, 'Remarks');
  if (remarks === null || remarks.length > 100) return { ok: false, failure: badField('Remarks') };
  const urls = checkUrls(body, config);
  if (!urls.ok) return urls;
  return {
    ok: true,
    value: {
      initiatorName: initiator,
      securityCredential: credential,
      receipt,
      originatorConversationId: originator,
      resultUrl: textOf(body, 'ResultURL')!,
      timeoutUrl: textOf(body, 'QueueTimeOutURL')!,
    },
  };
}

export interface BalanceRequest {
  initiatorName: string;
  securityCredential: string;
  resultUrl: string;
  timeoutUrl: string;
}

export function checkBalance(body: Record<string, unknown>, config: ResultsConfig): Checked<BalanceRequest> {
  const initiator = textOf(body, 'Initiator');
  if (!initiator) return { ok: false, failure: badField('Initiator') };
  const credential = textOf(body, 'SecurityCredential');
  if (!credential) return { ok: false, failure: badField('SecurityCredential') };
  if (textOf(body, 'CommandID') !== 'AccountBalance') return { ok: false, failure: badField('CommandID') };
  const partyA = textOf(body, 'PartyA');
  if (partyA !== config.b2cShortCode && partyA !== config.shortCode)
    return { ok: false, failure: badField('PartyA') };
  if (textOf(body, 'IdentifierType') !== '4') return { ok: false, failure: badField('IdentifierType') };
  if (!checkRemarks(body)) return { ok: false, failure: badField('Remarks') };
  const urls = checkUrls(body, config);
  if (!urls.ok) return urls;
  return {
    ok: true,
    value: {
      initiatorName: initiator,
      securityCredential: credential,
      resultUrl: textOf(body, 'ResultURL')!,
      timeoutUrl: textOf(body, 'QueueTimeOutURL')!,
    },
  };
}

/** Daraja's ConversationID: 'AG_' + yyyyMMdd + '_' + hex. */
export function newConversationId(now: Date): string {
  return `AG_${darajaTimestamp(now).slice(0, 8)}_${randomBytes(10).toString('hex')}`;
}

/** An originator id Daraja makes for the v1 APIs, e.g. '29115-34620561-1'. */
export function newOriginatorId(): string {
  return `${randomInt(10_000, 99_999)}-${randomInt(10_000_000, 99_999_999)}-${randomInt(1, 9)}`;
}
