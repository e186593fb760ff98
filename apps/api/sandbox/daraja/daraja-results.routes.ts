import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { HttpFetch } from '../../src/providers/in-process-fetch.ts';
import {
  alreadyReversed,
  b2cResultBody,
  balanceResultBody,
  initiatorFailureBody,
  notFound,
  reversalResultBody,
  statusResultBody,
  timeoutBody,
} from './daraja-results-bodies.ts';
import {
  b2cOutcomeFor,
  checkB2c,
  checkBalance,
  checkReversal,
  checkStatus,
  duplicateOriginator,
  initiatorInvalid,
  newConversationId,
  newOriginatorId,
  type ResultsConfig,
} from './daraja-results-rules.ts';
import { type DarajaFailure, invalidToken, sameSecret } from './daraja-rules.ts';
import type { SandboxLedger } from './sandbox-ledger.ts';

/** The sandbox's private key; its certificate (sandbox-initiator-cert.pem) is what clients encrypt with. */
export const sandboxPrivateKeyPath = fileURLToPath(new URL('./sandbox-initiator-key.pem', import.meta.url));

/**
 * Decrypts a SecurityCredential with the sandbox's key. Node 20 refuses privateDecrypt with PKCS#1 v1.5
 * padding (CVE-2023-46809), so openssl does it (§1.7 #8). Null when it does not decrypt.
 */
export function decryptCredential(
  credential: string,
  keyPath = sandboxPrivateKeyPath,
): Promise<string | null> {
  const cipher = Buffer.from(credential, 'base64');
  if (cipher.length === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const child = spawn(
      'openssl',
      ['pkeyutl', '-decrypt', '-inkey', keyPath, '-pkeyopt', 'rsa_padding_mode:pkcs1'],
      {
        stdio: ['pipe', 'pipe', 'ignore'],
      },
    );
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code === 0 ? Buffer.concat(chunks).toString('utf8') : null));
    child.stdin.on('error', () => resolve(null));
    child.stdin.end(cipher);
  });
}

export interface ResultFamilyOptions {
  fetch: HttpFetch;
  ledger: SandboxLedger;
  config: ResultsConfig;
  initiator: { name: string; password: string };
  delayMs: number;
  hasValidToken(header: string | undefined): boolean;
  later(ms: number, work: () => Promise<void>): void;
}

/**
 * B2C v3, Reversal, Transaction Status and Account Balance, inside the Daraja sandbox plugin (so they share its
 * tokens and its M-PESA ledger with the STK push): checks, a synchronous ack, and the Result posted after the
 * delay (or a queue timeout, twice, late, never: by B2C test number, ../README.md).
 */
export function registerResultFamily(app: FastifyInstance, options: ResultFamilyOptions): void {
  const { ledger, config, delayMs } = options;

  async function post(url: string, body: unknown): Promise<void> {
    const response = await options.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    await response.text();
    if (response.status !== 200) {
      app.log.warn({ status: response.status }, 'daraja sandbox: a result was not accepted');
    }
  }

  function postLater(url: string, body: () => unknown, times = 1, extraDelay = 0): void {
    options.later(delayMs + extraDelay, async () => {
      for (let sent = 0; sent < times; sent++) await post(url, body());
    });
  }

  async function initiatorChecks(name: string, credential: string): Promise<boolean> {
    if (!sameSecret(name, options.initiator.name)) return false;
    const password = await decryptCredential(credential);
    return password !== null && sameSecret(password, options.initiator.password);
  }

  const refuse = (
    reply: { status(code: number): { send(body: unknown): unknown } },
    failure: DarajaFailure,
  ) => reply.status(failure.status).send(failure.body);

  const ack = (originatorConversationId: string, conversationId: string) => ({
    OriginatorConversationID: originatorConversationId,
    ConversationID: conversationId,
    ResponseCode: '0',
    ResponseDescription: 'Accept the service request successfully.',
  });

  app.post('/mpesa/b2c/v3/paymentrequest', { schema: { hide: true } }, async (request, reply) => {
    if (!options.hasValidToken(request.headers.authorization)) return refuse(reply, invalidToken());
    const checked = checkB2c((request.body ?? {}) as Record<string, unknown>, config);
    if (!checked.ok) return refuse(reply, checked.failure);
    const b2c = checked.value;
    if (!ledger.claimOriginator(b2c.originatorConversationId)) return refuse(reply, duplicateOriginator());
    const now = new Date();
    const conversationId = newConversationId(now);
    const ids = { originatorConversationId: b2c.originatorConversationId, conversationId };
    if (!(await initiatorChecks(b2c.initiatorName, b2c.securityCredential))) {
      ledger.payB2c(b2c, initiatorInvalid, conversationId, now);
      postLater(b2c.resultUrl, () => initiatorFailureBody(ids));
      return ack(b2c.originatorConversationId, conversationId);
    }
    const outcome = b2cOutcomeFor(b2c.phone);
    if (outcome.delivery === 'timeout') {
      // Expired in the queue: never processed, so Transaction Status does not know it.
      postLater(b2c.timeoutUrl, () => timeoutBody(b2c.originatorConversationId, conversationId));
      return ack(b2c.originatorConversationId, conversationId);
    }
    const transaction = ledger.payB2c(b2c, outcome, conversationId, now);
    const body = () => b2cResultBody(transaction, ledger, outcome.quirks);
    if (outcome.delivery === 'result') postLater(b2c.resultUrl, body);
    if (outcome.delivery === 'twice') postLater(b2c.resultUrl, body, 2);
    if (outcome.delivery === 'late') {
      postLater(b2c.timeoutUrl, () => timeoutBody(b2c.originatorConversationId, conversationId));
      postLater(b2c.resultUrl, body, 1, delayMs + 50);
    }
    return ack(b2c.originatorConversationId, conversationId);
  });

  app.post('/mpesa/reversal/v1/request', { schema: { hide: true } }, async (request, reply) => {
    if (!options.hasValidToken(request.headers.authorization)) return refuse(reply, invalidToken());
    const checked = checkReversal((request.body ?? {}) as Record<string, unknown>, config);
    if (!checked.ok) return refuse(reply, checked.failure);
    const reversal = checked.value;
    const now = new Date();
    const ids = { originatorConversationId: newOriginatorId(), conversationId: newConversationId(now) };
    if (!(await initiatorChecks(reversal.initiatorName, reversal.securityCredential))) {
      postLater(reversal.resultUrl, () => initiatorFailureBody(ids));
      return ack(ids.originatorConversationId, ids.conversationId);
    }
    const original = ledger.find(reversal.receipt, null);
    let body: unknown;
    if (
      !original ||
      (original.kind !== 'STK' && original.kind !== 'C2B') ||
      original.status !== 'Completed'
    ) {
      body = reversalResultBody({ ok: false, code: notFound.code, desc: notFound.desc }, ids);
    } else if (original.reversedBy) {
      body = reversalResultBody({ ok: false, code: alreadyReversed.code, desc: alreadyReversed.desc }, ids);
    } else if (reversal.amount !== original.amount) {
      body = reversalResultBody(
        { ok: false, code: 25, desc: 'Invalid request parameters: only whole reversals.' },
        ids,
      );
    } else {
      const made = ledger.record({
        kind: 'REVERSAL',
        amount: original.amount,
        party: original.party,
        ...ids,
        status: 'Completed',
        resultCode: '0',
        resultDesc: 'The service request is processed successfully.',
        initiatedAt: now,
        finalisedAt: now,
        original: original.receipt,
        reversedBy: null,
      });
      original.reversedBy = made.receipt;
      ledger.settlement -= original.amount;
      body = reversalResultBody({ ok: true, reversal: made, original, ledger }, ids);
    }
    postLater(reversal.resultUrl, () => body);
    return ack(ids.originatorConversationId, ids.conversationId);
  });

  app.post('/mpesa/transactionstatus/v1/query', { schema: { hide: true } }, async (request, reply) => {
    if (!options.hasValidToken(request.headers.authorization)) return refuse(reply, invalidToken());
    const checked = checkStatus((request.body ?? {}) as Record<string, unknown>, config);
    if (!checked.ok) return refuse(reply, checked.failure);
    const status = checked.value;
    const ids = {
      originatorConversationId: newOriginatorId(),
      conversationId: newConversationId(new Date()),
    };
    if (!(await initiatorChecks(status.initiatorName, status.securityCredential))) {
      postLater(status.resultUrl, () => initiatorFailureBody(ids));
      return ack(ids.originatorConversationId, ids.conversationId);
    }
    // Answered from the books when the result is posted, so it tells what happened up to then.
    postLater(status.resultUrl, () =>
      statusResultBody(ledger.find(status.receipt, status.originatorConversationId), ids),
    );
    return ack(ids.originatorConversationId, ids.conversationId);
  });

  app.post('/mpesa/accountbalance/v1/query', { schema: { hide: true } }, async (request, reply) => {
    if (!options.hasValidToken(request.headers.authorization)) return refuse(reply, invalidToken());
    const checked = checkBalance((request.body ?? {}) as Record<string, unknown>, config);
    if (!checked.ok) return refuse(reply, checked.failure);
    const balance = checked.value;
    const ids = {
      originatorConversationId: newOriginatorId(),
      conversationId: newConversationId(new Date()),
    };
    if (!(await initiatorChecks(balance.initiatorName, balance.securityCredential))) {
      postLater(balance.resultUrl, () => initiatorFailureBody(ids));
      return ack(ids.originatorConversationId, ids.conversationId);
    }
    postLater(balance.resultUrl, () => balanceResultBody(ledger, new Date(), ids));
    return ack(ids.originatorConversationId, ids.conversationId);
  });
}
