import { storage, storageKeys } from './storage.ts';

/** The headers apiRequest sends with a GET: JSON, with the signed-in user's token when there is one. */
function getHeaders(): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = storage.get(storageKeys.token);
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

interface EarlyRequest {
  response: Promise<Response>;
  authorization: string | undefined;
  startedAt: number;
}

/** An early answer older than this is not used: the page asks again. */
const maxAgeMs = 15_000;
const started = new Map<string, EarlyRequest>();

/**
 * Sends a GET of the first page's data before the app's code has arrived (boot.ts), with the headers apiRequest
 * would send; apiRequest takes its answer instead of asking again (takeEarlyRequest). `peek`, when given, sees
 * a copy of the answer's body first (unchecked: for hints such as a picture to fetch at once).
 */
export function startEarlyRequest(path: string, peek?: (body: unknown) => void): void {
  if (started.has(path)) return;
  const headers = getHeaders();
  const response = fetch(path, { headers });
  // Read by apiRequest, which reports a failure; never taken, it must not count as unhandled.
  response.catch(() => undefined);
  // Registered before apiRequest can take the answer, so the copy is made before the body is read.
  if (peek)
    response
      .then((answer) => (answer.ok ? answer.clone().json() : undefined))
      .then((body: unknown) => {
        if (body !== undefined) peek(body);
      })
      .catch(() => undefined);
  started.set(path, { response, authorization: headers.authorization, startedAt: performance.now() });
}

/**
 * The answer of the early GET of this path, once: only when it was sent with the same token and lately, so a
 * later visit to the page asks the server again.
 */
export function takeEarlyRequest(
  path: string,
  authorization: string | undefined,
): Promise<Response> | undefined {
  const request = started.get(path);
  if (!request) return undefined;
  started.delete(path);
  const usable = request.authorization === authorization && performance.now() - request.startedAt <= maxAgeMs;
  return usable ? request.response : undefined;
}
