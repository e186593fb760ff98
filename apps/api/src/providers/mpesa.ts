import type { MpesaCallbackBody } from '@myprosper/contract/payments';
import { z } from 'zod';
import type { Env } from '../config/env.ts';
import type { HttpFetch } from './in-process-fetch.ts';

/**
 * Safaricom Daraja, M-PESA Express (reference: payment-providers.md, section 1): OAuth client credentials,
 * STK push, STK push query and the callback's parser. A thin client of our own with a configurable base URL,
 * so the local sandbox (apps/api/sandbox/daraja) and Safaricom answer the same code.
 */

/** Where the local sandbox is mounted (served by this app while SANDBOX is on). */
export const localDarajaPath = '/sandbox/daraja';

/** The part of fetch the client uses: global fetch, or the app itself for its own URLs (the sandbox). */
/** YYYYMMDDHHmmss in Kenyan time (EAT), as Daraja wants its Timestamp. */
export function darajaTimestamp(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Nairobi',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}${part('month')}${part('day')}${part('hour')}${part('minute')}${part('second')}`;
}

/** base64(BusinessShortCode + Passkey + Timestamp): plain concatenation, not an HMAC. */
export function darajaPassword(shortCode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortCode}${passkey}${timestamp}`, 'utf8').toString('base64');
}

/** A call Daraja refused or that never got an answer (httpStatus null). */
export class DarajaError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
    readonly errorCode: string | null,
  ) {
    super(message);
    this.name = 'DarajaError';
  }
}

export interface DarajaOptions {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortCode: string;
  passkey: string;
  fetch?: HttpFetch;
  now?: () => Date;
  timeoutMs?: number;
}

export interface StkPushInput {
  /** Whole KES, at least 1. */
  amount: number;
  /** 2547XXXXXXXX: pays and gets the PIN prompt. */
  phoneNumber: string;
  callbackUrl: string;
  /** Shown in the prompt; at most 12 characters. */
  accountReference: string;
  /** At most 13 characters. */
  description: string;
}

export interface StkPushAccepted {
  merchantRequestId: string;
  checkoutRequestId: string;
  customerMessage: string;
}

export type StkQueryResult =
  | { state: 'PENDING' }
  | { state: 'COMPLETE'; resultCode: number; resultDesc: string };

const tokenReply = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive(),
});
const errorReply = z.object({ errorCode: z.string(), errorMessage: z.string().default('') });
const pushReply = z.object({
  MerchantRequestID: z.string(),
  CheckoutRequestID: z.string(),
  ResponseCode: z.coerce.string(),
  ResponseDescription: z.string().default(''),
  CustomerMessage: z.string().default(''),
});
const queryReply = z.object({
  ResponseCode: z.coerce.string(),
  ResultCode: z.coerce.number().int(),
  ResultDesc: z.string().default(''),
});

/** Daraja's 'still being processed' answers of the query: the error 500.001.1001 and ResultCode 4999. */
const stillProcessing = /being processed|under processing/i;

/** Fit a text into one of Daraja's short fields (letters, digits and spaces). */
export function darajaText(text: string, max: number): string {
  return text
    .replace(/[^A-Za-z0-9 ]/g, '')
    .trim()
    .slice(0, max);
}

export class DarajaClient {
  private readonly fetch: HttpFetch;
  private token: { value: string; refreshAt: number } | null = null;

  constructor(private readonly options: DarajaOptions) {
    this.fetch = options.fetch ?? fetch;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private url(path: string): string {
    return `${this.options.baseUrl.replace(/\/$/, '')}${path}`;
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<{ status: number; json: unknown; text: string }> {
    let response: Awaited<ReturnType<HttpFetch>>;
    try {
      response = await this.fetch(this.url(path), {
        method,
        headers: { accept: 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new DarajaError(`Daraja could not be reached: ${(error as Error).message}`, null, null);
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: response.status, json, text };
  }

  /** A refusal in Daraja's error envelope (or whatever came) as a DarajaError. */
  failure(what: string, reply: { status: number; json: unknown; text: string }): DarajaError {
    const parsed = errorReply.safeParse(reply.json);
    if (parsed.success) {
      return new DarajaError(
        `${what}: ${parsed.data.errorCode} ${parsed.data.errorMessage}`,
        reply.status,
        parsed.data.errorCode,
      );
    }
    return new DarajaError(`${what}: HTTP ${reply.status} ${reply.text.slice(0, 200)}`, reply.status, null);
  }

  /** The OAuth token, fetched again about 60 s before it expires. */
  async accessToken(): Promise<string> {
    const now = this.now().getTime();
    if (this.token && now < this.token.refreshAt) return this.token.value;
    const basic = Buffer.from(`${this.options.consumerKey}:${this.options.consumerSecret}`).toString(
      'base64',
    );
    const reply = await this.call('GET', '/oauth/v1/generate?grant_type=client_credentials', {
      authorization: `Basic ${basic}`,
    });
    const parsed = tokenReply.safeParse(reply.json);
    if (reply.status !== 200 || !parsed.success) throw this.failure('Daraja refused the credentials', reply);
    this.token = {
      value: parsed.data.access_token,
      refreshAt: now + Math.max(0, parsed.data.expires_in - 60) * 1000,
    };
    return this.token.value;
  }

  /**
   * A POST with the bearer token; a token Daraja calls invalid (404.001.03) is fetched again once. Also used
   * by the Result family's client (mpesa-results.ts), which shares this token.
   */
  async authorised(path: string, body: unknown): Promise<{ status: number; json: unknown; text: string }> {
    for (let attempt = 1; ; attempt++) {
      const token = await this.accessToken();
      const reply = await this.call(
        'POST',
        path,
        { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      );
      const code = errorReply.safeParse(reply.json);
      if (attempt === 1 && code.success && code.data.errorCode === '404.001.03') {
        this.token = null;
        continue;
      }
      return reply;
    }
  }

  private credentials() {
    const timestamp = darajaTimestamp(this.now());
    return {
      BusinessShortCode: this.options.shortCode,
      Password: darajaPassword(this.options.shortCode, this.options.passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  /** Sends the PIN prompt. Accepted only means queued: the outcome comes by callback or query. */
  async stkPush(input: StkPushInput): Promise<StkPushAccepted> {
    if (!Number.isSafeInteger(input.amount) || input.amount < 1) {
      throw new RangeError(`an STK push needs a whole amount of at least 1, got ${input.amount}`);
    }
    const reply = await this.authorised('/mpesa/stkpush/v1/processrequest', {
      ...this.credentials(),
      TransactionType: 'CustomerPayBillOnline',
      Amount: input.amount,
      PartyA: input.phoneNumber,
      PartyB: this.options.shortCode,
      PhoneNumber: input.phoneNumber,
      CallBackURL: input.callbackUrl,
      AccountReference: darajaText(input.accountReference, 12) || 'MyProsper',
      TransactionDesc: darajaText(input.description, 13) || 'Payment',
    });
    const parsed = pushReply.safeParse(reply.json);
    if (reply.status !== 200 || !parsed.success || parsed.data.ResponseCode !== '0') {
      throw this.failure('Daraja refused the push', reply);
    }
    return {
      merchantRequestId: parsed.data.MerchantRequestID,
      checkoutRequestId: parsed.data.CheckoutRequestID,
      customerMessage: parsed.data.CustomerMessage,
    };
  }

  /** Where a push stands. Every value of Daraja's reply is a string; this answers numbers. */
  async stkPushQuery(checkoutRequestId: string): Promise<StkQueryResult> {
    const reply = await this.authorised('/mpesa/stkpushquery/v1/query', {
      ...this.credentials(),
      CheckoutRequestID: checkoutRequestId,
    });
    const error = errorReply.safeParse(reply.json);
    if (error.success && stillProcessing.test(error.data.errorMessage)) return { state: 'PENDING' };
    const parsed = queryReply.safeParse(reply.json);
    if (reply.status !== 200 || !parsed.success) throw this.failure('Daraja refused the query', reply);
    if (parsed.data.ResultCode === 4999 || stillProcessing.test(parsed.data.ResultDesc)) {
      return { state: 'PENDING' };
    }
    return { state: 'COMPLETE', resultCode: parsed.data.ResultCode, resultDesc: parsed.data.ResultDesc };
  }
}

export interface StkCallback {
  merchantRequestId: string;
  checkoutRequestId: string;
  resultCode: number;
  resultDesc: string;
  /** Success only: what was paid, the receipt, and the paying phone as M-PESA reports it. */
  amount: number | null;
  receipt: string | null;
  phoneNumber: string | null;
  transactionDate: string | null;
}

/** The callback in one shape: items looked up by name, numbers and strings normalised. */
export function parseStkCallback(body: MpesaCallbackBody): StkCallback {
  const callback = body.Body.stkCallback;
  const items = callback.CallbackMetadata?.Item ?? [];
  const item = (name: string) => items.find((i) => i.Name === name)?.Value;
  const amount = Number(item('Amount'));
  const receipt = item('MpesaReceiptNumber');
  const phone = item('PhoneNumber');
  const date = item('TransactionDate');
  return {
    merchantRequestId: callback.MerchantRequestID,
    checkoutRequestId: callback.CheckoutRequestID,
    resultCode: callback.ResultCode,
    resultDesc: callback.ResultDesc,
    amount: Number.isFinite(amount) && item('Amount') !== undefined ? amount : null,
    receipt: receipt === undefined || receipt === '' ? null : String(receipt),
    phoneNumber: phone === undefined ? null : String(phone),
    transactionDate: date === undefined ? null : String(date),
  };
}

/** The client the app uses: Daraja at MPESA_BASE_URL, or the local sandbox. */
export function createDarajaClient(env: Env, fetchImpl: HttpFetch): DarajaClient {
  return new DarajaClient({
    baseUrl: mpesaBaseUrl(env),
    consumerKey: env.MPESA_CONSUMER_KEY,
    consumerSecret: env.MPESA_CONSUMER_SECRET,
    shortCode: env.MPESA_SHORTCODE,
    passkey: env.MPESA_PASSKEY,
    fetch: fetchImpl,
  });
}

export function mpesaBaseUrl(env: Pick<Env, 'MPESA_BASE_URL' | 'PUBLIC_URL'>): string {
  return env.MPESA_BASE_URL ?? `${env.PUBLIC_URL.replace(/\/$/, '')}${localDarajaPath}`;
}

/** Where Daraja posts the outcome of one push: the unguessable token names the payment. */
export function mpesaCallbackUrl(
  env: Pick<Env, 'MPESA_CALLBACK_BASE_URL' | 'PUBLIC_URL'>,
  token: string,
): string {
  const base = (env.MPESA_CALLBACK_BASE_URL ?? env.PUBLIC_URL).replace(/\/$/, '');
  return `${base}/myprosper/api/mpesa/callback/${token}`;
}
