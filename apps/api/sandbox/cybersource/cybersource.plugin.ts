import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { cardNotifyPath } from '../../src/providers/card.ts';
import type { HttpFetch } from '../../src/providers/in-process-fetch.ts';
import { autoSubmitScript, cardPage, errorPage, returnPage } from './cybersource-pages.ts';
import {
  buildReceipt,
  type CardOutcome,
  cancelOutcome,
  checkPayRequest,
  cleanCardNumber,
  clockSkewMs,
  type Fields,
  outcomeForCard,
} from './cybersource-rules.ts';

export interface CybersourceSandboxOptions {
  /** How the merchant POST is sent: to this app itself through inject, elsewhere through the network. */
  fetch: HttpFetch;
}

/** A checkout is forgotten half an hour after its card page was shown. */
const keepMs = 30 * 60_000;

/**
 * A local stand-in of CyberSource Secure Acceptance's hosted checkout, mounted at /sandbox/cybersource while
 * SANDBOX is on (payment-providers.md 2.7): POST /pay checks the signed request and shows a card form; the
 * test card decides the outcome (../README.md); the signed receipt goes back through the browser to the
 * receipt (or cancel) page, and server to server to the merchant POST URL. State lives in this process.
 */
export const cybersourceSandbox: FastifyPluginAsync<CybersourceSandboxOptions> = async (app, options) => {
  const env = app.env;
  const config = {
    accessKey: env.CARD_ACCESS_KEY,
    profileId: env.CARD_PROFILE_ID,
    secretKey: env.CARD_SECRET_KEY,
  };
  const merchantPostUrl =
    env.CARD_MERCHANT_POST_URL ?? `${env.PUBLIC_URL.replace(/\/$/, '')}${cardNotifyPath}`;
  const checkouts = new Map<string, { request: Fields; createdAt: number }>();
  const usedUuids = new Map<string, number>();
  const posts = new Set<Promise<void>>();
  /** Where this sandbox is mounted: its own links start here. */
  const base = app.prefix;

  app.addHook('onClose', async () => {
    await Promise.allSettled([...posts]);
  });

  // The hosted page takes form fields; this parser lives only inside the sandbox's scope.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  function forgetOld(now: number): void {
    for (const [token, checkout] of checkouts) if (now - checkout.createdAt > keepMs) checkouts.delete(token);
    for (const [key, at] of usedUuids) if (now - at > clockSkewMs) usedUuids.delete(key);
  }

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

  /** The merchant POST, in the background (the browser's receipt does not wait for it). */
  function postToMerchant(fields: Fields): void {
    const post = (async () => {
      try {
        const response = await options.fetch(merchantPostUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
          signal: AbortSignal.timeout(30_000),
        });
        await response.text();
        if (response.status !== 200) {
          app.log.warn(
            { status: response.status },
            'cybersource sandbox: the merchant POST was not accepted',
          );
        }
      } catch (error) {
        app.log.warn({ err: error }, 'cybersource sandbox: the merchant POST failed');
      }
    })();
    posts.add(post);
    void post.finally(() => posts.delete(post));
  }

  app.post('/pay', { schema: { hide: true } }, async (request, reply) => {
    const fields = (request.body ?? {}) as Fields;
    const now = new Date();
    forgetOld(now.getTime());
    const problem = checkPayRequest(fields, config, now, (key) => usedUuids.has(key));
    if (problem) return html(reply, 400, errorPage(problem.reasonCode, problem.message));
    usedUuids.set(`${fields.access_key}:${fields.transaction_uuid}`, now.getTime());
    const token = randomBytes(24).toString('base64url');
    checkouts.set(token, { request: fields, createdAt: now.getTime() });
    return html(
      reply,
      200,
      cardPage({
        token,
        action: `${base}/pay/complete`,
        reference: fields.reference_number ?? '',
        amount: fields.amount ?? '',
        currency: fields.currency ?? '',
      }),
    );
  });

  app.post('/pay/complete', { schema: { hide: true } }, async (request, reply) => {
    const form = (request.body ?? {}) as Fields;
    const checkout = checkouts.get(form.checkout ?? '');
    if (!checkout)
      return html(reply, 400, errorPage(102, 'This payment page has expired. Please start again.'));
    let outcome: CardOutcome = cancelOutcome;
    let card = null;
    if (form.action !== 'cancel') {
      const number = cleanCardNumber(form.card_number);
      const expiry = /^(0[1-9]|1[0-2])\s*\/\s*(\d{4}|\d{2})$/.exec((form.card_expiry ?? '').trim());
      const cvnOk = /^\d{3,4}$/.test((form.card_cvn ?? '').trim());
      if (!number || !expiry || !cvnOk) {
        return html(
          reply,
          422,
          cardPage({
            token: form.checkout ?? '',
            action: `${base}/pay/complete`,
            reference: checkout.request.reference_number ?? '',
            amount: checkout.request.amount ?? '',
            currency: checkout.request.currency ?? '',
            error: !number
              ? 'Please enter a valid card number'
              : !expiry
                ? 'Please enter the expiry as MM/YYYY'
                : 'Please enter the security code',
          }),
        );
      }
      const year = expiry[2]!.length === 2 ? `20${expiry[2]}` : expiry[2]!;
      card = { number, expiryMonth: expiry[1]!, expiryYear: year };
      outcome = outcomeForCard(number);
    }
    checkouts.delete(form.checkout ?? '');
    const receipt = buildReceipt(
      { request: checkout.request, outcome, card, now: new Date() },
      config.secretKey,
    );
    const target =
      outcome.decision === 'CANCEL'
        ? (checkout.request.override_custom_cancel_page ?? checkout.request.override_custom_receipt_page)
        : checkout.request.override_custom_receipt_page;
    postToMerchant(receipt);
    if (!target) return html(reply, 400, errorPage(102, 'No receipt page is configured for this profile'));
    return html(
      reply,
      200,
      returnPage({
        action: target,
        fields: receipt,
        script: `${base}/autosubmit.js`,
        decision: outcome.decision,
      }),
    );
  });

  app.get('/autosubmit.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(autoSubmitScript),
  );
};
