import { messages } from '@myprosper/contract/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Limits beside a route's own `config.rateLimit` (@fastify/rate-limit): each is a hook that answers 429 with
 * the one message for too many attempts once its key has been used `max` times in the window.
 */
export function extraLimit(
  app: FastifyInstance,
  name: string,
  max: number,
  keyOf: (request: FastifyRequest) => string,
  timeWindow = '1 minute',
  message: string = messages.tooManyRequests,
) {
  const check = app.createRateLimit({ max, timeWindow, keyGenerator: (r) => `${name}|${keyOf(r)}` });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw new AppError('TOO_MANY_REQUESTS', message);
    }
  };
}

/** A limit per client address. */
export function limitPerAddress(
  app: FastifyInstance,
  name: string,
  max: number,
  timeWindow = '1 minute',
  message: string = messages.tooManyRequests,
) {
  return extraLimit(app, name, max, (request) => request.ip, timeWindow, message);
}

/**
 * A limit per account (see accountKey) as a hook, for a message of its own (a route's `config` limit,
 * perAccount, answers the one message for too many attempts). Runs after requireUser.
 */
export function limitPerAccount(
  app: FastifyInstance,
  name: string,
  max: number,
  timeWindow = '1 minute',
  message: string = messages.tooManyRequests,
) {
  return extraLimit(app, name, max, accountKey, timeWindow, message);
}

/**
 * The key of a per-account limit: the signed-in user, whichever of their tokens they use (a fresh log-in
 * does not start a fresh count); a visitor's address otherwise. Needs the user resolved first (requireUser
 * runs before the limit's own onRequest hook).
 */
export function accountKey(request: FastifyRequest): string {
  return request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
}

/** A route's `config` for a per-account limit. */
export function perAccount(max: number, timeWindow = '1 minute') {
  return { rateLimit: { max, timeWindow, keyGenerator: accountKey } };
}
