import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { Env } from '../config/env.ts';
import type { HttpFetch } from './in-process-fetch.ts';
import { type DarajaClient, DarajaError, mpesaBaseUrl } from './mpesa.ts';

/**
 * Daraja's C2B (Paybill) side (reference part 2, 1.6): the addresses M-PESA posts validations and
 * confirmations to, and registering them. The token comes from the STK client (DarajaClient.accessToken).
 */

type C2bEnv = Pick<
  Env,
  | 'MPESA_BASE_URL'
  | 'PUBLIC_URL'
  | 'MPESA_CALLBACK_BASE_URL'
  | 'MPESA_CONSUMER_SECRET'
  | 'MPESA_SHORTCODE'
  | 'MPESA_C2B_PATH_TOKEN'
  | 'MPESA_C2B_REGISTER_VERSION'
  | 'MPESA_C2B_RESPONSE_TYPE'
>;

/** Safaricom refuses C2B URLs containing these, in any case (so no random token may either). */
const bannedWords = /m-?pesa|safaricom|exe|exec|cmd|sql|query/i;

/**
 * The secret path segment of the C2B URLs: MPESA_C2B_PATH_TOKEN, or one derived from the consumer secret
 * (stable across restarts and instances, unguessable without the secret), free of Safaricom's banned words.
 */
export function c2bPathToken(env: Pick<C2bEnv, 'MPESA_C2B_PATH_TOKEN' | 'MPESA_CONSUMER_SECRET'>): string {
  if (env.MPESA_C2B_PATH_TOKEN) return env.MPESA_C2B_PATH_TOKEN;
  for (let round = 0; ; round++) {
    const token = createHmac('sha256', env.MPESA_CONSUMER_SECRET)
      .update(`myprosper c2b urls ${round}`)
      .digest('hex')
      .slice(0, 32);
    if (!bannedWords.test(token)) return token;
  }
}

export function c2bUrls(env: C2bEnv): { confirmationUrl: string; validationUrl: string } {
  const base = (env.MPESA_CALLBACK_BASE_URL ?? env.PUBLIC_URL).replace(/\/$/, '');
  const root = `${base}/myprosper/api/paybill/c2b/${c2bPathToken(env)}`;
  return { confirmationUrl: `${root}/confirm`, validationUrl: `${root}/validate` };
}

const registerReply = z.object({
  ResponseCode: z.coerce.string(),
  ResponseDescription: z.string().default(''),
});
const errorReply = z.object({ errorCode: z.string(), errorMessage: z.string().default('') });

/**
 * Registers our validation and confirmation URLs for the paybill. Answers 'REGISTERED', or 'ALREADY' when
 * Daraja says they are registered already (production allows one registration); throws DarajaError otherwise.
 */
export async function registerC2bUrls(
  daraja: DarajaClient,
  fetchImpl: HttpFetch,
  env: C2bEnv,
): Promise<'REGISTERED' | 'ALREADY'> {
  const token = await daraja.accessToken();
  const url = `${mpesaBaseUrl(env).replace(/\/$/, '')}/mpesa/c2b/${env.MPESA_C2B_REGISTER_VERSION}/registerurl`;
  const urls = c2bUrls(env);
  let response: Awaited<ReturnType<HttpFetch>>;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({
        ShortCode: env.MPESA_SHORTCODE,
        ResponseType: env.MPESA_C2B_RESPONSE_TYPE,
        ConfirmationURL: urls.confirmationUrl,
        ValidationURL: urls.validationUrl,
      }),
      signal: AbortSignal.timeout(15_000),
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
  const ok = registerReply.safeParse(json);
  if (response.status === 200 && ok.success && ok.data.ResponseCode === '0') return 'REGISTERED';
  const failure = errorReply.safeParse(json);
  if (failure.success && /already registered/i.test(failure.data.errorMessage)) return 'ALREADY';
  const what = failure.success
    ? `${failure.data.errorCode} ${failure.data.errorMessage}`
    : `HTTP ${response.status} ${text.slice(0, 200)}`;
  throw new DarajaError(
    `Daraja refused the C2B URLs: ${what}`,
    response.status,
    failure.success ? failure.data.errorCode : null,
  );
}
