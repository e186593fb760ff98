import { constants, publicEncrypt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Env } from '../config/env.ts';
import { type DarajaClient, DarajaError, darajaText } from './mpesa.ts';

/**
 * Safaricom Daraja's asynchronous "Result" family (mpesa-b2c-c2b-whatsapp.md §1.1–1.5): B2C payment (v3),
 * Reversal, Transaction Status and Account Balance. Each call is only acknowledged ("queued"); the outcome is
 * POSTed later to the request's ResultURL, or to its QueueTimeOutURL when it expired in Safaricom's queue.
 * The same OAuth token as the STK push (DarajaClient). `parseDarajaResult` reads every quirk of those POSTs.
 */

/**
 * The local sandbox's test certificate, used when MPESA_CERT_PATH is unset and MPESA_BASE_URL too: beside the
 * built bundle (apps/api/build.mjs copies it there), or in the sandbox's folder when run from the sources.
 */
export const sandboxCertificatePath = [
  new URL('./sandbox-initiator-cert.pem', import.meta.url),
  new URL('../../sandbox/daraja/sandbox-initiator-cert.pem', import.meta.url),
]
  .map((url) => fileURLToPath(url))
  .find((path) => existsSync(path)) as string;

/** base64(RSA-encrypt(password)) with the certificate's public key and PKCS#1 v1.5 padding (never OAEP). */
export function securityCredential(certificatePem: string, initiatorPassword: string): string {
  return publicEncrypt(
    { key: certificatePem, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(initiatorPassword, 'utf8'),
  ).toString('base64');
}

/** Daraja's synchronous answer: the request was queued (ResponseCode "0"), and its two ids. */
export interface ResultAck {
  originatorConversationId: string;
  conversationId: string;
  responseDescription: string;
}

export interface ResultUrls {
  resultUrl: string;
  timeoutUrl: string;
}

export interface B2cPaymentInput extends ResultUrls {
  /** Ours, unique per payment, ≤ 25 characters of [A-Za-z0-9_-]. */
  originatorConversationId: string;
  /** 2547XXXXXXXX or 2541XXXXXXXX. */
  phone: string;
  /** Whole KES, 10 to 250,000. */
  amount: number;
  /** 2 to 100 characters. */
  remarks: string;
  occasion?: string;
}

export interface ReversalInput extends ResultUrls {
  /** The M-PESA receipt of the C2B or STK payment to give back. */
  receipt: string;
  amount: number;
  remarks: string;
}

export interface TransactionStatusInput extends ResultUrls {
  /** The receipt, or (for our B2C requests) the OriginatorConversationID we sent; at least one. */
  receipt?: string;
  originatorConversationId?: string;
  /** The shortcode the transaction belongs to: the B2C one unless said (a paybill payment: MPESA_SHORTCODE). */
  partyA?: string;
  remarks?: string;
}

export interface DarajaResultsOptions {
  initiatorName: string;
  initiatorPassword: string;
  /** Read when first needed (the certificate's PEM). */
  certificate: () => string;
  b2cShortCode: string;
  /** Our paybill (STK, C2B): the ReceiverParty of reversals. */
  shortCode: string;
  reversalIdentifierType: '11' | '4';
  b2cCommand: 'BusinessPayment' | 'SalaryPayment' | 'PromotionPayment';
}

const ackReply = z.object({
  OriginatorConversationID: z.coerce.string(),
  ConversationID: z.coerce.string(),
  ResponseCode: z.coerce.string(),
  ResponseDescription: z.string().default(''),
});

/**
 * Whether a refused call certainly queued nothing: a 400 (a bad field), an expired token, a rate limit. A
 * call with no answer, a 500 internal error, or 500.002.1001 (the originator id was already used: an earlier
 * attempt got through) may have been queued: only Transaction Status can tell.
 */
export function isDefiniteRefusal(error: unknown): boolean {
  if (!(error instanceof DarajaError) || error.httpStatus === null) return false;
  if (error.httpStatus >= 400 && error.httpStatus < 500) return true;
  return error.errorCode === '500.003.02' || error.errorCode === '500.003.03';
}

export class DarajaResultsClient {
  private credential: string | null = null;

  constructor(
    private readonly daraja: DarajaClient,
    private readonly options: DarajaResultsOptions,
  ) {}

  /** Computed once and reused (the docs allow it); the padding is random, so it differs per process. */
  private securityCredential(): string {
    this.credential ??= securityCredential(this.options.certificate(), this.options.initiatorPassword);
    return this.credential;
  }

  private async send(what: string, path: string, body: Record<string, unknown>): Promise<ResultAck> {
    const reply = await this.daraja.authorised(path, body);
    const parsed = ackReply.safeParse(reply.json);
    if (reply.status !== 200 || !parsed.success || parsed.data.ResponseCode !== '0') {
      throw this.daraja.failure(`Daraja refused the ${what}`, reply);
    }
    return {
      originatorConversationId: parsed.data.OriginatorConversationID,
      conversationId: parsed.data.ConversationID,
      responseDescription: parsed.data.ResponseDescription,
    };
  }

  /** B2C v3: pays a phone from the B2C shortcode's Utility account. */
  async b2cPayment(input: B2cPaymentInput): Promise<ResultAck> {
    if (!Number.isSafeInteger(input.amount) || input.amount < 10 || input.amount > 250_000) {
      throw new RangeError(`a B2C payment is a whole 10 to 250,000 KES, got ${input.amount}`);
    }
    if (!/^[A-Za-z0-9_-]{1,25}$/.test(input.originatorConversationId)) {
      throw new RangeError(`bad OriginatorConversationID ${input.originatorConversationId}`);
    }
    return this.send('B2C payment', '/mpesa/b2c/v3/paymentrequest', {
      OriginatorConversationID: input.originatorConversationId,
      InitiatorName: this.options.initiatorName,
      SecurityCredential: this.securityCredential(),
      CommandID: this.options.b2cCommand,
      Amount: input.amount,
      PartyA: this.options.b2cShortCode,
      PartyB: input.phone,
      Remarks: remarks(input.remarks),
      QueueTimeOutURL: input.timeoutUrl,
      ResultURL: input.resultUrl,
      ...(input.occasion ? { Occassion: darajaText(input.occasion, 100) } : {}),
    });
  }

  /** Gives a C2B/STK payment back to its payer (whole amount; "R000001 already reversed" counts as done). */
  async reversal(input: ReversalInput): Promise<ResultAck> {
    return this.send('reversal', '/mpesa/reversal/v1/request', {
      Initiator: this.options.initiatorName,
      SecurityCredential: this.securityCredential(),
      CommandID: 'TransactionReversal',
      TransactionID: input.receipt,
      Amount: input.amount,
      ReceiverParty: this.options.shortCode,
      // Sic: Safaricom's spelling is the one accepted.
      RecieverIdentifierType: this.options.reversalIdentifierType,
      ResultURL: input.resultUrl,
      QueueTimeOutURL: input.timeoutUrl,
      Remarks: remarks(input.remarks),
    });
  }

  /** Where a transaction stands, by receipt or by our B2C OriginatorConversationID. */
  async transactionStatus(input: TransactionStatusInput): Promise<ResultAck> {
    if (!input.receipt && !input.originatorConversationId) {
      throw new RangeError('a Transaction Status needs a receipt or an OriginatorConversationID');
    }
    return this.send('Transaction Status', '/mpesa/transactionstatus/v1/query', {
      Initiator: this.options.initiatorName,
      SecurityCredential: this.securityCredential(),
      CommandID: 'TransactionStatusQuery',
      ...(input.receipt ? { TransactionID: input.receipt } : {}),
      ...(input.originatorConversationId ? { OriginalConversationID: input.originatorConversationId } : {}),
      PartyA: input.partyA ?? this.options.b2cShortCode,
      IdentifierType: '4',
      ResultURL: input.resultUrl,
      QueueTimeOutURL: input.timeoutUrl,
      Remarks: remarks(input.remarks ?? 'Status check'),
    });
  }

  /** The B2C shortcode's accounts (Utility, Working, Charges Paid), posted to the ResultURL. */
  async accountBalance(input: ResultUrls & { partyA?: string }): Promise<ResultAck> {
    return this.send('Account Balance', '/mpesa/accountbalance/v1/query', {
      Initiator: this.options.initiatorName,
      SecurityCredential: this.securityCredential(),
      CommandID: 'AccountBalance',
      PartyA: input.partyA ?? this.options.b2cShortCode,
      IdentifierType: '4',
      Remarks: 'Balance check',
      QueueTimeOutURL: input.timeoutUrl,
      ResultURL: input.resultUrl,
    });
  }
}

/** Remarks: 2 to 100 characters of letters, digits and spaces. */
function remarks(text: string): string {
  const fitted = darajaText(text, 100);
  return fitted.length >= 2 ? fitted : 'MyProsper';
}

export type ResultValue = string | number | null;

/** A Result (or queue-timeout) POST in one shape, whatever quirks it came with. */
export interface DarajaResult {
  resultType: number;
  /** Always a string: 0 and "0" are both "0"; reversal codes are alphanumeric ("R000002"). */
  resultCode: string;
  resultDesc: string;
  originatorConversationId: string | null;
  conversationId: string | null;
  /** As sent; not a receipt unless the result succeeded (failures and queries carry placeholders). */
  transactionId: string | null;
  /** ResultParameter by key (an array or a single object); a missing Value is null. */
  parameters: Record<string, ResultValue>;
  succeeded: boolean;
  /** The M-PESA receipt, from a success only: TransactionReceipt (B2C) or ReceiptNo (status). */
  receipt: string | null;
  /** TransactionAmount (B2C) or Amount (reversal, status), as a number; null when absent or not a number. */
  amount: number | null;
}

const resultEnvelope = z.object({
  Result: z
    .object({
      ResultType: z.union([z.number(), z.string()]).optional(),
      ResultCode: z.union([z.number(), z.string()]),
      ResultDesc: z.union([z.string(), z.number()]).optional(),
      OriginatorConversationID: z.union([z.string(), z.number()]).nullish(),
      ConversationID: z.union([z.string(), z.number()]).nullish(),
      TransactionID: z.union([z.string(), z.number()]).nullish(),
      ResultParameters: z.unknown().optional(),
    })
    .passthrough(),
});

const receiptPattern = /^[A-Z0-9]{10}$/;

/** Reads a Result POST; null when it is not one (no Result, no ResultCode). */
export function parseDarajaResult(body: unknown): DarajaResult | null {
  const parsed = resultEnvelope.safeParse(body);
  if (!parsed.success) return null;
  const result = parsed.data.Result;
  const parameters = resultParameters(result.ResultParameters);
  const resultCode = String(result.ResultCode).trim();
  const succeeded = resultCode === '0';
  const text = (value: unknown) => (value === undefined || value === null ? null : String(value));
  const receiptValue = text(parameters.TransactionReceipt ?? parameters.ReceiptNo ?? null);
  const amountValue = parameters.TransactionAmount ?? parameters.Amount ?? null;
  const amount = amountValue === null || amountValue === '' ? Number.NaN : Number(amountValue);
  return {
    resultType: Number(result.ResultType ?? 0) || 0,
    resultCode,
    resultDesc: String(result.ResultDesc ?? ''),
    originatorConversationId: text(result.OriginatorConversationID),
    conversationId: text(result.ConversationID),
    transactionId: text(result.TransactionID),
    parameters,
    succeeded,
    receipt: succeeded && receiptValue && receiptPattern.test(receiptValue) ? receiptValue : null,
    amount: Number.isFinite(amount) ? amount : null,
  };
}

function resultParameters(value: unknown): Record<string, ResultValue> {
  if (!value || typeof value !== 'object') return {};
  const list = (value as { ResultParameter?: unknown }).ResultParameter;
  const items = Array.isArray(list) ? list : list && typeof list === 'object' ? [list] : [];
  const out: Record<string, ResultValue> = {};
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    const { Key, Value } = item as { Key?: unknown; Value?: unknown };
    if (typeof Key !== 'string') continue;
    // The docs' status sample lists a key twice: the first one wins.
    if (Key in out) continue;
    out[Key] = typeof Value === 'number' || typeof Value === 'string' ? Value : null;
  }
  return out;
}

/** One account of an Account Balance result: 'Utility Account|KES|228037.00|…' → available 228037. */
export interface AccountBalanceLine {
  account: string;
  currency: string;
  available: number;
}

/** The AccountBalance string: accounts split on '&', fields on '|', the third the available balance. */
export function parseAccountBalance(text: string): AccountBalanceLine[] {
  return text
    .split('&')
    .map((part) => part.split('|'))
    .filter((fields) => fields.length >= 3 && fields[0]!.trim() !== '')
    .map((fields) => ({
      account: fields[0]!.trim(),
      currency: fields[1]!.trim(),
      available: Number(fields[2]),
    }))
    .filter((line) => Number.isFinite(line.available));
}

/** The client the app uses, on the STK client's address and token. */
export function createDarajaResultsClient(
  env: Pick<
    Env,
    | 'MPESA_BASE_URL'
    | 'MPESA_CERT_PATH'
    | 'MPESA_INITIATOR_NAME'
    | 'MPESA_INITIATOR_PASSWORD'
    | 'MPESA_B2C_SHORTCODE'
    | 'MPESA_SHORTCODE'
    | 'MPESA_REVERSAL_IDENTIFIER_TYPE'
    | 'MPESA_B2C_COMMAND'
  >,
  daraja: DarajaClient,
): DarajaResultsClient {
  return new DarajaResultsClient(daraja, {
    initiatorName: env.MPESA_INITIATOR_NAME,
    initiatorPassword: env.MPESA_INITIATOR_PASSWORD,
    certificate: () => {
      if (!env.MPESA_CERT_PATH && env.MPESA_BASE_URL) {
        throw new DarajaError(
          'MPESA_CERT_PATH must name Safaricom’s certificate when MPESA_BASE_URL is set',
          null,
          null,
        );
      }
      return readFileSync(env.MPESA_CERT_PATH ?? sandboxCertificatePath, 'utf8');
    },
    b2cShortCode: env.MPESA_B2C_SHORTCODE,
    shortCode: env.MPESA_SHORTCODE,
    reversalIdentifierType: env.MPESA_REVERSAL_IDENTIFIER_TYPE,
    b2cCommand: env.MPESA_B2C_COMMAND,
  });
}

/** Where Daraja posts one request's result and its queue timeout: the unguessable token names the request. */
export function mpesaResultUrls(
  env: Pick<Env, 'MPESA_CALLBACK_BASE_URL' | 'PUBLIC_URL'>,
  token: string,
): ResultUrls {
  const base = (env.MPESA_CALLBACK_BASE_URL ?? env.PUBLIC_URL).replace(/\/$/, '');
  return {
    resultUrl: `${base}/myprosper/api/mpesa/results/${token}`,
    timeoutUrl: `${base}/myprosper/api/mpesa/timeouts/${token}`,
  };
}
