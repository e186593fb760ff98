import type { FastifyInstance } from 'fastify';
import type { HttpFetch } from '../../src/providers/in-process-fetch.ts';
import { darajaTimestamp } from '../../src/providers/mpesa.ts';
import {
  alreadyRegistered,
  type C2bRegistration,
  type C2bTransaction,
  checkRegistration,
  isAccepted,
  newC2bTransaction,
  notificationBody,
  pullDate,
  pullReply,
  pullWindowMs,
  registrationReply,
} from './c2b-rules.ts';
import { type DarajaFailure, darajaFailure, invalidToken } from './daraja-rules.ts';

export interface C2bSandboxDeps {
  fetch: HttpFetch;
  hasValidToken(header: string | undefined): boolean;
  shortCode: string;
  callbackBases: readonly string[];
  /** Books a completed payment in the stand-in's M-PESA ledger (Transaction Status and Reversal find it). */
  record(payment: C2bTransaction): void;
}

/** What the rest of the stand-in may read: every C2B payment made (Transaction Status finds them by receipt). */
export interface C2bSandboxState {
  transactions: Map<string, C2bTransaction>;
}

/** M-PESA waits this long for a ValidationURL, then applies the registered ResponseType. */
const validationTimeoutMs = 8_000;

/**
 * Daraja's C2B, mounted with the rest of the stand-in (/sandbox/daraja): register URL v1 and v2, simulate
 * v1 and v2, Pull Transactions, and a control endpoint (POST /c2b/pay) where a test plays the customer:
 * "pay paybill X, account Y, amount Z from phone P", with the confirmation sent once, twice or never, and
 * validation on or off. Modes: POST /c2b/mode { production } (https only, one registration per shortcode).
 */
export function registerC2bSandbox(app: FastifyInstance, deps: C2bSandboxDeps): C2bSandboxState {
  const registrations = new Map<string, C2bRegistration>();
  const state: C2bSandboxState = { transactions: new Map() };
  const mode = { production: false };
  let orgBalance = 0;

  const send = (reply: { status(code: number): { send(body: unknown): unknown } }, failure: DarajaFailure) =>
    reply.status(failure.status).send(failure.body);

  async function post(url: string, body: unknown, timeoutMs: number): Promise<unknown> {
    const response = await deps.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    if (response.status !== 200) {
      app.log.warn({ status: response.status, url }, 'daraja sandbox: a C2B call was not accepted');
      return null;
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  }

  /**
   * The customer pays: validation first (when asked for and URLs are registered; no answer in 8 s means the
   * registered default), then the money moves and the confirmation is posted `confirmations` times.
   */
  async function pay(
    payment: C2bTransaction,
    options: { validation: boolean; confirmations: number },
  ): Promise<{ accepted: boolean; validation: unknown }> {
    const registration = registrations.get(payment.shortCode);
    let validation: unknown = null;
    if (registration && options.validation) {
      try {
        validation = await post(
          registration.validationUrl,
          notificationBody(payment, 'validation'),
          validationTimeoutMs,
        );
      } catch (error) {
        app.log.warn({ err: error }, 'daraja sandbox: validation did not answer');
        validation = null;
      }
      const accepted =
        validation === null ? registration.responseType === 'Completed' : isAccepted(validation);
      if (!accepted) return { accepted: false, validation };
    }
    orgBalance += payment.amount;
    payment.completed = true;
    payment.orgBalance = orgBalance;
    state.transactions.set(payment.transId, payment);
    deps.record(payment);
    if (registration) {
      for (let sent = 0; sent < options.confirmations; sent++) {
        try {
          await post(registration.confirmationUrl, notificationBody(payment, 'confirmation'), 30_000);
        } catch (error) {
          app.log.warn({ err: error }, 'daraja sandbox: the confirmation was not delivered');
        }
      }
    }
    return { accepted: true, validation };
  }

  for (const version of ['v1', 'v2']) {
    app.post(`/mpesa/c2b/${version}/registerurl`, { schema: { hide: true } }, async (request, reply) => {
      if (!deps.hasValidToken(request.headers.authorization)) return send(reply, invalidToken());
      const checked = checkRegistration((request.body ?? {}) as Record<string, unknown>, {
        shortCodes: [deps.shortCode],
        production: mode.production,
        callbackBases: deps.callbackBases,
      });
      if (!checked.ok) return send(reply, checked.failure);
      if (mode.production && registrations.has(checked.registration.shortCode)) {
        return send(reply, alreadyRegistered());
      }
      registrations.set(checked.registration.shortCode, checked.registration);
      return registrationReply();
    });

    app.post(`/mpesa/c2b/${version}/simulate`, { schema: { hide: true } }, async (request, reply) => {
      if (!deps.hasValidToken(request.headers.authorization)) return send(reply, invalidToken());
      const body = (request.body ?? {}) as Record<string, unknown>;
      const shortCode = String(body.ShortCode ?? '');
      if (shortCode !== deps.shortCode) {
        return send(reply, darajaFailure(400, '400.002.02', 'Bad Request - Invalid ShortCode'));
      }
      const commandId = body.CommandID;
      if (commandId !== 'CustomerPayBillOnline' && commandId !== 'CustomerBuyGoodsOnline') {
        return send(reply, darajaFailure(400, '400.002.02', 'Bad Request - Invalid CommandID'));
      }
      const amount = Number(body.Amount);
      if (!Number.isInteger(amount) || amount < 1 || amount > 250_000) {
        return send(reply, darajaFailure(400, '400.002.02', 'Bad Request - Invalid Amount'));
      }
      const msisdn = String(body.Msisdn ?? '');
      if (!/^254[17]\d{8}$/.test(msisdn)) {
        return send(reply, darajaFailure(400, '400.002.02', 'Bad Request - Invalid Msisdn'));
      }
      const now = new Date();
      await pay(
        newC2bTransaction({
          transTime: darajaTimestamp(now),
          createdAt: now.getTime(),
          shortCode,
          commandId,
          amount,
          msisdn,
          billRefNumber: typeof body.BillRefNumber === 'string' ? body.BillRefNumber : '',
          firstName: 'JOHN',
        }),
        { validation: true, confirmations: 1 },
      );
      return {
        OriginatorCoversationID: registrationReply().OriginatorCoversationID,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      };
    });
  }

  app.post('/pulltransactions/v1/register', { schema: { hide: true } }, async (request, reply) => {
    if (!deps.hasValidToken(request.headers.authorization)) return send(reply, invalidToken());
    return {
      ResponseRefID: registrationReply().OriginatorCoversationID,
      ResponseStatus: '1000',
      ResponseDescription: 'Success',
    };
  });

  app.post('/pulltransactions/v1/query', { schema: { hide: true } }, async (request, reply) => {
    if (!deps.hasValidToken(request.headers.authorization)) return send(reply, invalidToken());
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (String(body.ShortCode ?? '') !== deps.shortCode) {
      return send(reply, darajaFailure(400, '400.002.02', 'Bad Request - Invalid ShortCode'));
    }
    const start = pullDate(body.StartDate);
    const end = pullDate(body.EndDate);
    if (start === null)
      return send(reply, darajaFailure(400, '400.002.02', 'Bad Request - Invalid StartDate'));
    if (end === null || end < start) {
      return send(reply, darajaFailure(400, '400.002.02', 'Bad Request - Invalid EndDate'));
    }
    const offset = Number(body.OffSetValue ?? 0);
    if (!Number.isInteger(offset) || offset < 0) {
      return send(reply, darajaFailure(400, '400.002.02', 'Bad Request - Invalid OffSetValue'));
    }
    // Only the last 48 hours are kept for pulling, whatever window is asked.
    const from = Math.max(start, Date.now() - pullWindowMs);
    const found = [...state.transactions.values()]
      .filter(
        (p) => p.completed && p.shortCode === deps.shortCode && p.createdAt >= from && p.createdAt <= end,
      )
      .sort((a, b) => a.createdAt - b.createdAt);
    return pullReply(found, offset);
  });

  // ---- Control endpoints (the stand-in only) ----

  app.post('/c2b/mode', { schema: { hide: true } }, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    mode.production = body.production === true;
    if (body.forget === true) registrations.clear();
    return { production: mode.production };
  });

  app.post('/c2b/pay', { schema: { hide: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const amount = Number(body.amount);
    const phone = String(body.phone ?? '254708374149');
    const shortCode = String(body.shortCode ?? deps.shortCode);
    const confirmations = Number(body.confirmations ?? 1);
    if (!Number.isInteger(amount) || amount < 1 || amount > 250_000) {
      return reply.status(400).send({ message: 'amount: a whole number of shillings, 1 to 250,000' });
    }
    if (!/^254[17]\d{8}$/.test(phone)) return reply.status(400).send({ message: 'phone: 2547XXXXXXXX' });
    if (![0, 1, 2].includes(confirmations)) {
      return reply.status(400).send({ message: 'confirmations: 0, 1 or 2' });
    }
    const now = new Date();
    const payment = newC2bTransaction({
      transTime: darajaTimestamp(now),
      createdAt: now.getTime(),
      shortCode,
      commandId: body.till === true ? 'CustomerBuyGoodsOnline' : 'CustomerPayBillOnline',
      amount,
      msisdn: phone,
      billRefNumber: typeof body.account === 'string' ? body.account : '',
      firstName: typeof body.firstName === 'string' ? body.firstName : 'JOHN',
    });
    const outcome = await pay(payment, { validation: body.validation !== false, confirmations });
    return {
      TransID: payment.transId,
      accepted: outcome.accepted,
      validation: outcome.validation,
      registered: registrations.has(shortCode),
    };
  });

  return state;
}
