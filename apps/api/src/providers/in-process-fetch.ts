import type { FastifyInstance } from 'fastify';

/** The part of fetch the provider clients use. */
export type HttpFetch = (
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

/**
 * Requests to this app's own PUBLIC_URL go through app.inject (no socket, so they work in tests and behind
 * any proxy); every other URL through the network.
 */
export function selfAwareFetch(app: FastifyInstance, publicUrl: string): HttpFetch {
  const ownOrigin = new URL(publicUrl).origin;
  return async (url, init) => {
    const target = new URL(url);
    if (target.origin !== ownOrigin) return fetch(url, init);
    const response = await app.inject({
      method: init.method,
      url: `${target.pathname}${target.search}`,
      headers: init.headers,
      payload: init.body,
    });
    return { status: response.statusCode, text: async () => response.body };
  };
}
