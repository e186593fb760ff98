import { randomBytes, randomInt } from 'node:crypto';
import { darajaTimestamp } from '../../src/providers/mpesa.ts';
import { type DarajaFailure, darajaFailure, isUnderAny, newReceiptNumber } from './daraja-rules.ts';

/**
 * What the sandbox's "Result" family answers (mpesa-b2c-c2b-whatsapp.md §1.1–1.5 and the checklist §1.9),
 * decided without I/O: field checks of B2C, Reversal, Transaction Status and Account Balance, the B2C outcome
 * chosen by the receiving phone, the sandbox's own M-PESA ledger (receipts, Utility balance), and the Result
 * bodies. ../README.md lists the test numbers.
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

/** One M-PESA transaction the sandbox knows: an STK or C2B payment in, a B2C out, a reversal. */
export interface SandboxTransaction {
  kind: 'STK' | 'C2B' | 'B2C' | 'REVERSAL';
  /** The receipt (a failed B2C has a receipt-shaped id too, like Daraja's). */
  receipt: string;
  amount: number;
  /** The customer's MSISDN. */
  party: string;
  /** Ours (B2C) or Daraja's (v1 APIs). */
  originatorConversationId: string | null;
  conversationId: string | null;
  status: 'Completed' | 'Failed';
  resultCode: string;
  resultDesc: string;
  initiatedAt: Date;
  finalisedAt: Date;
  /** A reversal's original receipt; an original's reversal receipt. */
  original: string | null;
  reversedBy: string | null;
}

/**
 * The sandbox's M-PESA books: every transaction by receipt and by originator id, and the B2C shortcode's
 * Utility account (what B2C pays from), with charges, so Account Balance and Transaction Status agree with
 * what was paid. The STK sandbox records the payments it completes here, so reversals know them; a C2B
 * stand-in records its paybill payments through `record` too.
 */
export class SandboxLedger {
  private readonly byReceipt = new Map<string, SandboxTransaction>();
  private readonly byOriginator = new Map<string, SandboxTransaction>();
  /** Every B2C OriginatorConversationID ever received, processed or not (duplicates are refused). */
  private readonly originators = new Set<string>();
  utility: number;
  working = 700_000;
  charges = 0;
  /** Paybill collections (STK, C2B) less reversals. */
  settlement = 0;

  constructor(utility: number) {
    this.utility = utility;
  }

  /** Takes an originator id; false when it was used before. */
  claimOriginator(id: string): boolean {
    if (this.originators.has(id)) return false;
    this.originators.add(id);
    return true;
  }

  private newReceipt(): string {
    let receipt = newReceiptNumber();
    while (this.byReceipt.has(receipt)) receipt = newReceiptNumber();
    return receipt;
  }

  record(transaction: Omit<SandboxTransaction, 'receipt'> & { receipt?: string }): SandboxTransaction {
    const full: SandboxTransaction = { ...transaction, receipt: transaction.receipt ?? this.newReceipt() };
    this.byReceipt.set(full.receipt, full);
    if (full.originatorConversationId) this.byOriginator.set(full.originatorConversationId, full);
    if ((full.kind === 'STK' || full.kind === 'C2B') && full.status === 'Completed')
      this.settlement += full.amount;
    return full;
  }

  find(receipt: string | null, originatorId: string | null): SandboxTransaction | null {
    if (receipt) return this.byReceipt.get(receipt) ?? null;
    if (originatorId) return this.byOriginator.get(originatorId) ?? null;
    return null;
  }

  /** The B2C charge of one payment (the sandbox's own tariff). */
  static chargeOf(amount: number): number {
    return amount <= 1_000 ? 15 : 22;
  }

  /** Decides and books one B2C payment: its outcome (insufficient Utility when it would go below zero). */
  payB2c(request: B2cRequest, outcome: B2cOutcome, conversationId: string, now: Date): SandboxTransaction {
    const charge = SandboxLedger.chargeOf(request.amount);
    let decided = outcome;
    if (decided.resultCode === 0 && this.utility < request.amount + charge) decided = insufficientFunds;
    const completed = decided.resultCode === 0;
    if (completed) {
      this.utility -= request.amount + charge;
      this.charges -= charge;
    }
    return this.record({
      kind: 'B2C',
      amount: request.amount,
      party: request.phone,
      originatorConversationId: request.originatorConversationId,
      conversationId,
      status: completed ? 'Completed' : 'Failed',
      resultCode: String(decided.resultCode),
      resultDesc: decided.resultDesc,
      initiatedAt: now,
      finalisedAt: now,
      original: null,
      reversedBy: null,
    });
  }

  /** The AccountBalance string of §1.5. */
  balanceText(): string {
    const line = (name: string, amount: number) => {
      const value = amount.toFixed(2);
      return `${name}|KES|${value}|${value}|0.00|0.00`;
    };
    return [
      line('Working Account', this.working),
      line('Utility Account', this.utility),
      line('Charges Paid Account', this.charges),
      line('Organization Settlement Account', this.settlement),
    ].join('&');
  }
}

/** dd.MM.yyyy HH:mm:ss in Kenyan time, as B2C results write TransactionCompletedDateTime. */
export function b2cCompletedTime(date: Date): string {
  const stamp = darajaTimestamp(date);
  return `${stamp.slice(6, 8)}.${stamp.slice(4, 6)}.${stamp.slice(0, 4)} ${stamp.slice(8, 10)}:${stamp.slice(10, 12)}:${stamp.slice(12, 14)}`;
}

type Parameter = { Key: string; Value?: string | number };

function envelope(fields: {
  resultCode: number | string;
  resultDesc: string;
  originatorConversationId: string;
  conversationId: string;
  transactionId: string;
  parameters: Parameter[] | null;
  quirks?: boolean;
}) {
  const quirks = fields.quirks === true;
  const result: Record<string, unknown> = {
    ResultType: quirks ? '0' : 0,
    ResultCode: quirks ? String(fields.resultCode) : fields.resultCode,
    ResultDesc: fields.resultDesc,
    OriginatorConversationID: fields.originatorConversationId,
    ConversationID: fields.conversationId,
    TransactionID: fields.transactionId,
  };
  if (fields.parameters) {
    result.ResultParameters = {
      ResultParameter: quirks && fields.parameters.length > 0 ? fields.parameters[0] : fields.parameters,
    };
  }
  result.ReferenceData = {
    ReferenceItem: {
      Key: 'QueueTimeoutURL',
      Value: 'https://internalsandbox.safaricom.co.ke/mpesa/b2cresults/v1/submit',
    },
  };
  return { Result: result };
}

/**
 * A B2C Result. Success: the parameters of §1.2 (numbers as numbers); in quirks mode only the receipt, as a
 * single object, and the codes as strings. Failure: no parameters, a receipt-shaped TransactionID all the same.
 */
export function b2cResultBody(transaction: SandboxTransaction, ledger: SandboxLedger, quirks = false) {
  const success = transaction.status === 'Completed';
  return envelope({
    resultCode: success
      ? 0
      : /^\d+$/.test(transaction.resultCode)
        ? Number(transaction.resultCode)
        : transaction.resultCode,
    resultDesc: transaction.resultDesc,
    originatorConversationId: transaction.originatorConversationId ?? '',
    conversationId: transaction.conversationId ?? '',
    transactionId: transaction.receipt,
    quirks,
    parameters: success
      ? [
          ...(quirks
            ? [{ Key: 'TransactionReceipt', Value: transaction.receipt }]
            : [
                { Key: 'TransactionAmount', Value: transaction.amount },
                { Key: 'TransactionReceipt', Value: transaction.receipt },
                { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
                { Key: 'B2CChargesPaidAccountAvailableFunds', Value: ledger.charges },
                { Key: 'ReceiverPartyPublicName', Value: `${transaction.party} - SANDBOX CUSTOMER` },
                { Key: 'TransactionCompletedDateTime', Value: b2cCompletedTime(transaction.finalisedAt) },
                { Key: 'B2CUtilityAccountAvailableFunds', Value: ledger.utility },
                { Key: 'B2CWorkingAccountAvailableFunds', Value: ledger.working },
              ]),
        ]
      : null,
  });
}

/** What is posted to QueueTimeOutURL (undocumented; the same envelope, as integrations parse it). */
export function timeoutBody(originatorConversationId: string, conversationId: string) {
  return envelope({
    resultCode: 'QUEUE_TIMEOUT',
    resultDesc: 'The request expired in the queue.',
    originatorConversationId,
    conversationId,
    transactionId: 'OA90000000',
    parameters: null,
  });
}

export const notFound = { code: 'R000002', desc: 'The OriginalTransactionID is invalid.' };
export const alreadyReversed = { code: 'R000001', desc: 'The transaction has already been reversed.' };

/** A Transaction Status Result: the transaction's status keys (§1.4), or R000002 for one never made. */
export function statusResultBody(
  found: SandboxTransaction | null,
  ids: { originatorConversationId: string; conversationId: string },
) {
  if (!found) {
    return envelope({
      resultCode: notFound.code,
      resultDesc: notFound.desc,
      ...ids,
      transactionId: 'MBN0000000',
      parameters: null,
    });
  }
  const time = darajaTimestamp(found.finalisedAt);
  const party = (number: string) => `${number} - SANDBOX CUSTOMER`;
  const outbound = found.kind === 'B2C';
  return envelope({
    resultCode: 0,
    resultDesc: 'The service request has been accepted successfully.',
    ...ids,
    transactionId: 'MBN0000000',
    parameters: [
      { Key: 'DebitPartyName', Value: outbound ? '600992 - MyProsper Sandbox' : party(found.party) },
      { Key: 'CreditPartyName', Value: outbound ? party(found.party) : '174379 - MyProsper Sandbox' },
      { Key: 'OriginatorConversationID', Value: found.originatorConversationId ?? '' },
      { Key: 'InitiatedTime', Value: Number(darajaTimestamp(found.initiatedAt)) },
      { Key: 'DebitAccountType', Value: outbound ? 'Utility Account' : 'Customer Account' },
      {
        Key: 'DebitPartyCharges',
        Value:
          outbound && found.status === 'Completed'
            ? `Fee For B2C Payment|KES|${SandboxLedger.chargeOf(found.amount)}.00`
            : '',
      },
      { Key: 'TransactionReason' },
      { Key: 'ReasonType', Value: outbound ? 'Business Payment to Customer via API' : 'Pay Bill Online' },
      { Key: 'TransactionStatus', Value: found.reversedBy ? 'Reversed' : found.status },
      { Key: 'FinalisedTime', Value: Number(time) },
      { Key: 'Amount', Value: found.amount },
      { Key: 'ConversationID', Value: found.conversationId ?? '' },
      { Key: 'ReceiptNo', Value: found.receipt },
    ],
  });
}

/** A Reversal Result: §1.3's keys on success; R000002 unknown receipt, R000001 a second reversal. */
export function reversalResultBody(
  outcome:
    | { ok: true; reversal: SandboxTransaction; original: SandboxTransaction; ledger: SandboxLedger }
    | { ok: false; code: string | number; desc: string },
  ids: { originatorConversationId: string; conversationId: string },
) {
  if (!outcome.ok) {
    return envelope({
      resultCode: outcome.code,
      resultDesc: outcome.desc,
      ...ids,
      transactionId: 'SKE0000000',
      parameters: null,
    });
  }
  const { reversal, original, ledger } = outcome;
  return envelope({
    resultCode: 0,
    resultDesc: 'The service request is processed successfully.',
    ...ids,
    transactionId: reversal.receipt,
    parameters: [
      {
        Key: 'DebitAccountBalance',
        Value: `Utility Account|KES|${ledger.settlement.toFixed(2)}|${ledger.settlement.toFixed(2)}|0.00|0.00`,
      },
      { Key: 'Amount', Value: reversal.amount },
      { Key: 'TransCompletedTime', Value: Number(darajaTimestamp(reversal.finalisedAt)) },
      { Key: 'OriginalTransactionID', Value: original.receipt },
      { Key: 'Charge', Value: 0 },
      { Key: 'CreditPartyPublicName', Value: `${original.party} - SANDBOX CUSTOMER` },
      { Key: 'DebitPartyPublicName', Value: '174379 - MyProsper Sandbox' },
    ],
  });
}

/** An Account Balance Result. */
export function balanceResultBody(
  ledger: SandboxLedger,
  now: Date,
  ids: { originatorConversationId: string; conversationId: string },
) {
  return envelope({
    resultCode: 0,
    resultDesc: 'The service request is processed successfully.',
    ...ids,
    transactionId: 'OA90000000',
    parameters: [
      { Key: 'AccountBalance', Value: ledger.balanceText() },
      { Key: 'BOCompletedTime', Value: Number(darajaTimestamp(now)) },
    ],
  });
}

/** A Result with 2001 for a request whose initiator or credential did not check out (no HTTP error). */
export function initiatorFailureBody(ids: { originatorConversationId: string; conversationId: string }) {
  return envelope({
    resultCode: initiatorInvalid.resultCode,
    resultDesc: initiatorInvalid.resultDesc,
    ...ids,
    transactionId: newReceiptNumber(),
    parameters: null,
  });
}
