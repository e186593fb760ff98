import type { FastifyRequest } from 'fastify';
import { notFound } from './errors.ts';

/**
 * The developer's own machine only: /dev/outbox (every e-mail and SMS sent, reset links among them) and the
 * providers' stand-ins under /sandbox/ answer clients on the loopback interface and nobody else, whatever
 * HOST the server listens on. The address is the socket's own: never X-Forwarded-For, and never request.ip,
 * which a trusted proxy's header could make up. Others get the 404 any unknown route gets.
 */

/** 127.0.0.0/8 and ::1, also as an IPv4 client of a dual-stack socket (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.toLowerCase();
  return bare === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(bare);
}

/** Routes served to this machine only: the outbox pages, the journeys' session clock and every stand-in. */
export function isLocalOnlyRoute(route: string | undefined): boolean {
  if (!route) return false;
  return route.startsWith('/dev/') || route.startsWith('/sandbox/');
}

/**
 * onRequest, on the whole app while SANDBOX is on: a local-only route asked for by another machine answers
 * 404 in the API's envelope, worded as for a route that does not exist. It looks at the route the router
 * found (its pattern, after decoding), so no spelling of the path gets past it.
 */
export async function refuseRemoteToLocalOnly(request: FastifyRequest): Promise<void> {
  if (!isLocalOnlyRoute(request.routeOptions.url)) return;
  if (isLoopbackAddress(request.raw.socket?.remoteAddress)) return;
  throw notFound(`Route ${request.method} ${request.url.split('?')[0]!.slice(0, 200)} not found`);
}
