import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { HttpFetch } from '../../src/providers/in-process-fetch.ts';
import { darajaPassword, darajaTimestamp } from '../../src/providers/mpesa.ts';
import { registerC2bSandbox } from './c2b.routes.ts';
import { registerResultFamily } from './daraja-results.routes.ts';
import {
  acceptedMessage,
  callbackBody,
  checkPush,
  customerSmsText,
  darajaFailure,
  invalidToken,
  isValidTimestamp,
  newCheckoutRequestId,
  newMerchantRequestId,
  newReceiptNumber,
  outcomeFor,
  type PushRecord,
  queryReply,
  sameSecret,
  stillProcessing,
  wrongCredentials,
} from './daraja-rules.ts';
import { SandboxLedger } from './sandbox-ledger.ts';

export interface DarajaSandboxOptions {
  /** How callbacks are posted: to this app itself through inject, elsewhere through the network. */
  fetch: HttpFetch;
  /**
   * Where the customer's M-PESA confirmation SMS goes (the code they quote to support): the dev outbox. M-PESA
   * itself sends it; the app never does.
   */
  customerSms?: (to: string, text: string) => Promise<void>;
}

const tokenSeconds = 3599;
/** Pushes are forgotten a day after they were made. */
const keepMs = 86_400_000;

/**
 * A local stand-in of Safaricom Daraja (M-PESA Express), mounted at /sandbox/daraja while SANDBOX is on. It
 * speaks Daraja's wire format: OAuth client credentials, the STK push with its field checks, the callback
 * posted after MPESA_SANDBOX_DELAY_MS with the outcome chosen by the paying phone (../README.md), and the
 * STK push query answering from its own state. Its state lives in this process (a development stand-in).
 */
export const darajaSandbox: FastifyPluginAsync<DarajaSandboxOptions> = async (app, options) => {
  const env = app.env;
  const tokens = new Map<string, number>();
  const pushes = new Map<string, PushRecord>();
  const timers = new Set<NodeJS.Timeout>();
  const config = {
    shortCode: env.MPESA_SHORTCODE,
    passkey: env.MPESA_PASSKEY,
    // Callbacks go to this app's own addresses only, never to one a caller names (a request forger's dream).
    callbackBases: [env.PUBLIC_URL, ...(env.MPESA_CALLBACK_BASE_URL ? [env.MPESA_CALLBACK_BASE_URL] : [])],
  };

  // The sandbox's M-PESA books: completed pushes are recorded here so reversals and status checks know them.
  const ledger = new SandboxLedger(env.MPESA_SANDBOX_UTILITY_BALANCE);

  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });

  function later(ms: number, work: () => Promise<void>): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work().catch((error: unknown) => app.log.warn({ err: error }, 'daraja sandbox: callback failed'));
    }, ms);
    timers.add(timer);
  }

  function forgetOld(now: number): void {
    for (const [id, push] of pushes) if (now - push.createdAt > keepMs) pushes.delete(id);
    for (const [token, expiresAt] of tokens) if (expiresAt < now) tokens.delete(token);
  }

  function hasValidToken(header: string | undefined): boolean {
    const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
    const expiresAt = match?.[1] ? tokens.get(match[1]) : undefined;
    return expiresAt !== undefined && expiresAt > Date.now();
  }

  async function postCallback(push: PushRecord): Promise<void> {
    const response = await options.fetch(push.callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(callbackBody(push)),
      signal: AbortSignal.timeout(30_000),
    });
    await response.text();
    if (response.status !== 200) {
      app.log.warn({ status: response.status }, 'daraja sandbox: the callback was not accepted');
    }
  }

  app.get('/oauth/v1/generate', { schema: { hide: true } }, async (request, reply) => {
    const grant = (request.query as Record<string, string | undefined>).grant_type;
    if (grant !== 'client_credentials') {
      const failure = darajaFailure(400, '400.008.02', 'Invalid grant type passed');
      return reply.status(failure.status).send(failure.body);
    }
    const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const given = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
    if (!sameSecret(given, `${env.MPESA_CONSUMER_KEY}:${env.MPESA_CONSUMER_SECRET}`)) {
      const failure = darajaFailure(400, '400.008.01', 'Invalid Authentication passed');
      return reply.status(failure.status).send(failure.body);
    }
    const now = Date.now();
    forgetOld(now);
    const token = randomBytes(21).toString('base64url');
    tokens.set(token, now + tokenSeconds * 1000);
    return { access_token: token, expires_in: String(tokenSeconds) };
  });

  app.post('/mpesa/stkpush/v1/processrequest', { schema: { hide: true } }, async (request, reply) => {
    if (!hasValidToken(request.headers.authorization)) {
      const failure = invalidToken();
      return reply.status(failure.status).send(failure.body);
    }
    const now = new Date();
    const checked = checkPush((request.body ?? {}) as Record<string, unknown>, config, now);
    if (!checked.ok) return reply.status(checked.failure.status).send(checked.failure.body);

    let checkoutRequestId = newCheckoutRequestId(now, checked.push.phoneNumber);
    for (let bump = 1; pushes.has(checkoutRequestId); bump++) {
      checkoutRequestId = newCheckoutRequestId(new Date(now.getTime() + bump), checked.push.phoneNumber);
    }
    const outcome = outcomeFor(checked.push.phoneNumber);
    const push: PushRecord = {
      ...checked.push,
      merchantRequestId: newMerchantRequestId(),
      checkoutRequestId,
      outcome,
      receipt: outcome.resultCode === 0 ? newReceiptNumber() : null,
      transactionDate: darajaTimestamp(now),
      resolved: false,
      createdAt: now.getTime(),
    };
    pushes.set(checkoutRequestId, push);

    later(env.MPESA_SANDBOX_DELAY_MS, async () => {
      push.transactionDate = darajaTimestamp(new Date());
      push.resolved = true;
      if (push.receipt) {
        const at = new Date();
        ledger.record({
          kind: 'STK',
          receipt: push.receipt,
          amount: push.amount,
          party: push.phoneNumber,
          originatorConversationId: null,
          conversationId: push.checkoutRequestId,
          status: 'Completed',
          resultCode: '0',
          resultDesc: outcome.resultDesc,
          initiatedAt: new Date(push.createdAt),
          finalisedAt: at,
          original: null,
          reversedBy: null,
        });
        try {
          await options.customerSms?.(push.phoneNumber, customerSmsText(push, at));
        } catch (error) {
          app.log.warn({ err: error }, 'daraja sandbox: the customer SMS was not kept');
        }
      }
      for (let sent = 0; sent < outcome.callbacks; sent++) await postCallback(push);
    });

    return {
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: acceptedMessage,
      CustomerMessage: acceptedMessage,
    };
  });

  registerResultFamily(app, {
    fetch: options.fetch,
    ledger,
    config: {
      b2cShortCode: env.MPESA_B2C_SHORTCODE,
      shortCode: env.MPESA_SHORTCODE,
      reversalIdentifierType: env.MPESA_REVERSAL_IDENTIFIER_TYPE,
      callbackBases: config.callbackBases,
    },
    initiator: { name: env.MPESA_INITIATOR_NAME, password: env.MPESA_INITIATOR_PASSWORD },
    delayMs: env.MPESA_SANDBOX_DELAY_MS,
    hasValidToken,
    later,
  });

  app.post('/mpesa/stkpushquery/v1/query', { schema: { hide: true } }, async (request, reply) => {
    if (!hasValidToken(request.headers.authorization)) {
      const failure = invalidToken();
      return reply.status(failure.status).send(failure.body);
    }
    const body = (request.body ?? {}) as Record<string, unknown>;
    const send = (failure: ReturnType<typeof darajaFailure>) =>
      reply.status(failure.status).send(failure.body);
    if (String(body.BusinessShortCode ?? '') !== config.shortCode) {
      return send(darajaFailure(400, '400.002.02', 'Bad Request - Invalid BusinessShortCode'));
    }
    if (!isValidTimestamp(body.Timestamp, new Date())) {
      return send(darajaFailure(400, '400.002.02', 'Bad Request - Invalid Timestamp'));
    }
    const expected = darajaPassword(config.shortCode, config.passkey, String(body.Timestamp));
    if (!sameSecret(String(body.Password ?? ''), expected)) return send(wrongCredentials());
    const push = pushes.get(String(body.CheckoutRequestID ?? ''));
    if (!push) return send(darajaFailure(400, '400.002.02', 'Bad Request - Invalid CheckoutRequestID'));
    if (!push.resolved) return send(stillProcessing());
    return queryReply(push);
  });

  registerC2bSandbox(app, {
    fetch: options.fetch,
    hasValidToken,
    ...config,
    record: (payment) => {
      const at = new Date(payment.createdAt);
      ledger.record({
        kind: 'C2B',
        receipt: payment.transId,
        amount: payment.amount,
        party: payment.msisdn,
        originatorConversationId: null,
        conversationId: null,
        status: 'Completed',
        resultCode: '0',
        resultDesc: 'The service request is processed successfully.',
        initiatedAt: at,
        finalisedAt: at,
        original: null,
        reversedBy: null,
      });
    },
  });
};
