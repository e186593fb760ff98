import { messages } from '@myprosper/contract/messages';
import { isSuccessStatus } from '@myprosper/contract/status';
import type { z } from 'zod';
import { takeEarlyRequest } from './early-requests.ts';
import { storage, storageKeys } from './storage.ts';

/** Every failure of a call, in one shape: what to show, and what happened. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
    /** true when no answer came at all (offline, DNS, refused). */
    readonly isNetworkError = false,
    /** true when the message is the server's own, not a fallback of the client. */
    readonly hasServerMessage = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();

/** The shell subscribes once: a 401 on a signed-in call raises the session-expired dialog. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Raises the session-expired state for a 401 answered outside apiRequest (an upload sent with XMLHttpRequest). */
export function reportUnauthorized(error: ApiError): void {
  for (const listener of unauthorizedListeners) listener(error);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Don't raise the session-expired dialog on 401 (log-in itself, token check). */
  skipUnauthorized?: boolean;
  /**
   * false: a 401 is the answer itself, not an expired bearer token to refresh (log-in: a wrong password; the
   * token check: it checks the token in its body).
   */
  refreshOnExpiry?: boolean;
  signal?: AbortSignal;
}

/** POST /myprosper/auth/refresh: the refresh token travels in its HttpOnly cookie, sent to this path only. */
const refreshPath = '/myprosper/auth/refresh';
/** The Web Lock the tabs of this site take in turn to refresh. */
const refreshLockName = 'myprosper-refresh';

let refreshing: Promise<string | null> | null = null;

/**
 * A new bearer token in place of `staleToken`, from the refresh cookie; null when the sign-in is over (the
 * caller then treats its 401 as today: the session-expired dialog, then the log-in page). Single flight: the
 * calls of this page that failed together share one refresh; tabs take turns (a refresh token works once, and
 * a second use would end the sign-in), and a tab that finds a token newer than its stale one uses it. A network
 * failure is thrown as one, so being offline never signs anybody out.
 */
export function refreshAccessToken(staleToken: string): Promise<string | null> {
  refreshing ??= inRefreshLock(() => exchangeRefreshToken(staleToken)).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function inRefreshLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(refreshLockName, run) as Promise<T>) : run();
}

async function exchangeRefreshToken(staleToken: string): Promise<string | null> {
  const current = storage.get(storageKeys.token);
  // Signed out meanwhile (here or in another tab), or another call or tab already has a new token.
  if (current !== staleToken) return current;
  let response: Response;
  try {
    response = await fetch(refreshPath, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: '{}',
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(messages.noInternet, 0, true);
  }
  // 401: the sign-in is over. Anything else (too many requests, a server failure) fails this call only.
  if (response.status === 401) return null;
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(
      envelope?.message || messages.genericError,
      response.status,
      false,
      Boolean(envelope?.message),
    );
  }
  const { refreshResponse } = await import('@myprosper/contract/auth').catch(() => {
    throw new ApiError(messages.noInternet, 0, true);
  });
  const parsed = refreshResponse.safeParse(await response.json().catch(() => null));
  if (!parsed.success) return null;
  // A sign-out while the answer was on its way wins: the new token is not kept.
  if (storage.get(storageKeys.token) !== staleToken) return storage.get(storageKeys.token);
  storage.set(storageKeys.token, parsed.data.jwttoken);
  return parsed.data.jwttoken;
}

/**
 * Sends a call with the stored bearer token and, when it answers 401 to a token, once more with a refreshed
 * one (see refreshAccessToken). For calls made outside apiRequest too (an upload with progress, a download).
 * Answers the last response and the token it carried.
 */
export async function sendWithSession<R extends { status: number }>(
  send: (token: string | null) => Promise<R>,
  options: { refreshOnExpiry?: boolean } = {},
): Promise<{ response: R; token: string | null }> {
  const token = storage.get(storageKeys.token);
  const response = await send(token);
  if (response.status !== 401 || !token || options.refreshOnExpiry === false) return { response, token };
  const fresh = await refreshAccessToken(token);
  if (!fresh) return { response, token };
  return { response: await send(fresh), token: fresh };
}

/** A contract schema, or a loader of one (see lazySchema). */
export type ResponseSchema<T extends z.ZodType> = T | (() => Promise<T>);

type SchemaNames<M> = { [K in keyof M]: M[K] extends z.ZodType ? K : never }[keyof M];

/**
 * A schema of a contract module that loads beside the request instead of before the page: the shell and the
 * public catalogue pages keep zod out of their first download.
 * `lazySchema(() => import('@myprosper/contract/catalogue'), 'faqsResponse')`.
 */
export function lazySchema<M, K extends SchemaNames<M>>(
  load: () => Promise<M>,
  name: K,
): () => Promise<M[K]> {
  return async () => (await load())[name];
}

async function loadSchema<T extends z.ZodType>(schema: ResponseSchema<T>): Promise<T> {
  if (typeof schema !== 'function') return schema;
  try {
    return await (schema as () => Promise<T>)();
  } catch {
    // The app's code could not be fetched: the same as no answer at all.
    throw new ApiError(messages.noInternet, 0, true);
  }
}

/**
 * Calls the API and returns its whole answer (the envelope, or the spec's own shape where a route has one),
 * parsed by the contract schema. A body statusCode outside
 * 200-299 is an error carrying the server's message, as the spec's client reads it.
 */
export async function apiRequest<T extends z.ZodType>(
  path: string,
  schema: ResponseSchema<T>,
  options: RequestOptions = {},
): Promise<z.infer<T>> {
  const schemaReady = loadSchema(schema);
  // Awaited below; until then a failure must not count as unhandled.
  schemaReady.catch(() => undefined);
  let body: BodyInit | undefined;
  const contentType: Record<string, string> = {};
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    contentType['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const send = async (token: string | null) => {
    const headers: Record<string, string> = { accept: 'application/json', ...contentType };
    if (token) headers.authorization = `Bearer ${token}`;
    // The first page's data may be on its way already (boot.ts): that answer is read instead of asking again.
    const early =
      (options.method ?? 'GET') === 'GET' && body === undefined
        ? takeEarlyRequest(path, headers.authorization)
        : undefined;
    try {
      return await (early ??
        fetch(path, { method: options.method ?? 'GET', headers, body, signal: options.signal }));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(messages.noInternet, 0, true);
    }
  };
  const { response, token } = await sendWithSession(send, { refreshOnExpiry: options.refreshOnExpiry });
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    json = null;
  }
  const envelope = (json ?? {}) as { statusCode?: number; message?: string };
  const statusCode = typeof envelope.statusCode === 'number' ? envelope.statusCode : response.status;
  if (!response.ok || !isSuccessStatus(statusCode)) {
    const error = new ApiError(
      envelope.message || messages.genericError,
      response.ok ? statusCode : response.status,
      false,
      Boolean(envelope.message),
    );
    if (response.status === 401 && token && !options.skipUnauthorized) reportUnauthorized(error);
    throw error;
  }
  return (await schemaReady).parse(json);
}
