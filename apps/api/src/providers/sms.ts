import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Env } from '../config/env.ts';
import { messageOutcomes } from '../lib/metrics.ts';
import { selfAwareFetch } from './in-process-fetch.ts';
import type { SentMessages } from './sent-messages.ts';

/**
 * Africa's Talking SMS (reference: payment-providers.md, section 3): POST {base}/version1/messaging, form
 * fields username/to/message[/from], header apiKey, Accept: application/json. Success is HTTP 201 with one
 * outcome per recipient, so a 201 can still carry failed recipients.
 */

/** The key the local sandbox accepts when no AT_API_KEY is set. */
export const localSandboxApiKey = 'myprosper-local-sandbox-key';
/** Where the local sandbox is mounted (served by this app while SANDBOX is on). */
export const localSandboxPath = '/sandbox/africastalking';

const liveBaseUrl = 'https://api.africastalking.com';
const sandboxBaseUrl = 'https://api.sandbox.africastalking.com';
/** Statuses that mean the message was taken: Processed, Sent, Queued. */
const sentCodes = new Set([100, 101, 102]);
/** Failures worth trying again later: InvalidSenderId, InsufficientBalance and the gateway's own errors. */
const retryableCodes = new Set([402, 405, 500, 501, 502]);

/** The part of fetch the client uses: global fetch, or the app itself (in-process sandbox). */
export type FetchLike = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal?: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

export interface SmsRecipientResult {
  /** As AT answers it: +254712345678 */
  number: string;
  status: string;
  statusCode: number;
  messageId: string | null;
  cost: string;
  isSent: boolean;
  /** A failure that may pass later (balance, gateway). */
  isRetryable: boolean;
}

export interface SmsSendResult {
  /** AT's summary: 'Sent to 1/1 Total Cost: KES 0.8000' */
  summary: string;
  recipients: SmsRecipientResult[];
}

/** The request failed as a whole: bad credentials (401), a malformed request, an unreachable host. */
export class SmsError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

const responseSchema = z.object({
  SMSMessageData: z.object({
    Message: z.string(),
    Recipients: z.array(
      z.object({
        number: z.string(),
        status: z.string(),
        statusCode: z.coerce.number().int(),
        messageId: z.string().optional(),
        cost: z.string().optional(),
      }),
    ),
  }),
});

/** +254712345678 from 254712345678 or +254712345678 (AT wants international numbers). */
export function toInternationalNumber(phone: string): string {
  const trimmed = phone.trim().replace(/\s+/g, '');
  return trimmed.startsWith('+') ? trimmed : `+${trimmed}`;
}

export interface AfricasTalkingOptions {
  baseUrl: string;
  username: string;
  apiKey: string;
  senderId?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

/** A thin client of AT's messaging endpoint with a configurable base URL (the SDK hard-codes its hosts). */
export class AfricasTalkingClient {
  private readonly fetch: FetchLike;

  constructor(private readonly options: AfricasTalkingOptions) {
    this.fetch = options.fetch ?? fetch;
  }

  async send(to: string | readonly string[], message: string): Promise<SmsSendResult> {
    const numbers = (typeof to === 'string' ? [to] : [...to]).map(toInternationalNumber);
    const form = new URLSearchParams({ username: this.options.username, to: numbers.join(','), message });
    if (this.options.senderId) form.set('from', this.options.senderId);
    const url = `${this.options.baseUrl.replace(/\/$/, '')}/version1/messaging`;
    let response: Awaited<ReturnType<FetchLike>>;
    try {
      response = await this.fetch(url, {
        method: 'POST',
        headers: {
          apiKey: this.options.apiKey,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new SmsError(`Africa's Talking could not be reached: ${(error as Error).message}`, null);
    }
    const text = await response.text();
    if (response.status !== 201) {
      throw new SmsError(
        `Africa's Talking answered ${response.status}: ${text.slice(0, 200)}`,
        response.status,
      );
    }
    let parsed: z.infer<typeof responseSchema>;
    try {
      parsed = responseSchema.parse(JSON.parse(text));
    } catch {
      throw new SmsError(
        `Africa's Talking answered an unexpected body: ${text.slice(0, 200)}`,
        response.status,
      );
    }
    return {
      summary: parsed.SMSMessageData.Message,
      recipients: parsed.SMSMessageData.Recipients.map((r) => ({
        number: r.number,
        status: r.status,
        statusCode: r.statusCode,
        messageId: r.messageId && r.messageId !== 'None' ? r.messageId : null,
        cost: r.cost ?? '0',
        isSent: sentCodes.has(r.statusCode),
        isRetryable: retryableCodes.has(r.statusCode),
      })),
    };
  }
}

export interface SmsMessage {
  /** 2547XXXXXXXX (or any international number) */
  to: string;
  text: string;
}

/** What features use: one text to one phone, and that recipient's outcome (failures included). */
export interface SmsSender {
  send(message: SmsMessage): Promise<SmsRecipientResult>;
}

/**
 * With AT_API_KEY: Africa's Talking itself (AT_BASE_URL, or its live or sandbox host by username); every sent
 * SMS is recorded in `sent` (outbox_messages). Without it, while SANDBOX is on: the local sandbox over the same
 * wire format (it records what it receives). Otherwise the SMS is only kept in the outbox (`sent`).
 */
export function createSmsSender(env: Env, sent: SentMessages, localFetch: FetchLike): SmsSender {
  if (env.AT_API_KEY) {
    const client = new AfricasTalkingClient({
      baseUrl: env.AT_BASE_URL ?? (env.AT_USERNAME === 'sandbox' ? sandboxBaseUrl : liveBaseUrl),
      username: env.AT_USERNAME,
      apiKey: env.AT_API_KEY,
      senderId: env.AT_SENDER_ID,
    });
    return {
      async send(message) {
        const result = await sendOne(client, message);
        if (result.isSent) {
          await sent.record({
            channel: 'SMS',
            recipient: message.to,
            body: message.text,
            transport: 'africastalking',
            providerRef: result.messageId,
          });
        }
        return result;
      },
    };
  }
  if (env.SANDBOX) {
    const client = new AfricasTalkingClient({
      baseUrl: env.AT_BASE_URL ?? `http://localhost${localSandboxPath}`,
      username: env.AT_USERNAME,
      apiKey: localSandboxApiKey,
      senderId: env.AT_SENDER_ID,
      fetch: env.AT_BASE_URL ? fetch : localFetch,
    });
    return { send: (message) => sendOne(client, message) };
  }
  return {
    async send(message) {
      await sent.record({ channel: 'SMS', recipient: message.to, body: message.text, transport: 'outbox' });
      messageOutcomes.inc({ channel: 'sms', outcome: 'sent' });
      const number = toInternationalNumber(message.to);
      return {
        number,
        status: 'Success',
        statusCode: 101,
        messageId: null,
        cost: '0',
        isSent: true,
        isRetryable: false,
      };
    },
  };
}

async function sendOne(client: AfricasTalkingClient, message: SmsMessage): Promise<SmsRecipientResult> {
  let outcome: SmsRecipientResult | undefined;
  try {
    const result = await client.send(message.to, message.text);
    outcome = result.recipients[0];
    if (!outcome) throw new SmsError(`Africa's Talking named no recipient: ${result.summary}`, 201);
    return outcome;
  } finally {
    messageOutcomes.inc({ channel: 'sms', outcome: outcome?.isSent ? 'sent' : 'failed' });
  }
}

/** Requests to this app itself without a port (the in-process sandbox): same wire format, no socket. */
declare module 'fastify' {
  interface FastifyInstance {
    /** SMS through Africa's Talking (or its local sandbox). */
    sms: SmsSender;
  }
}

/** Decorates app.sms (tests may pass their own sender); `sent` records what it sends. */
export const smsPlugin = fp(
  async (app, options: { sender?: SmsSender; sent: SentMessages }) => {
    app.decorate(
      'sms',
      options.sender ?? createSmsSender(app.env, options.sent, selfAwareFetch(app, 'http://localhost')),
    );
  },
  { name: 'sms' },
);
