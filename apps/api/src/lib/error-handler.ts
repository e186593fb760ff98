import { messages } from '@myprosper/contract/messages';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, TooManyError } from './errors.ts';

/** One place turns every failure into the envelope; 5xx answers never carry internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyError) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .status(error.statusCode)
        .send({ statusCode: error.statusCode, message: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
      // zod's 'expected string, received undefined' is a missing field, said plainly.
      const text = /received undefined$/.test(first?.message ?? '')
        ? 'is required'
        : (first?.message ?? 'Invalid input');
      // The spec's own texts are shown as they are; a generic rule names its field.
      const isSpecText = (Object.values(messages) as string[]).includes(text);
      const message = field && !isSpecText ? `${field}${text === 'is required' ? ' ' : ': '}${text}` : text;
      return reply.status(422).send({ statusCode: 422, message, code: 'INVALID_INPUT' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ statusCode: 429, message: messages.tooManyRequests, code: 'TOO_MANY_REQUESTS' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (malformed JSON, wrong content type, body too large): their message is safe.
      const code =
        status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
      return reply.status(status).send({ statusCode: status, message: error.message, code });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send({
        statusCode: 503,
        message: 'The service is briefly unavailable. Please try again.',
        code: 'UNAVAILABLE',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ statusCode: 500, message: messages.serverError, code: 'INTERNAL' });
  });
}

/** PostgreSQL gone, restarting or refusing connections: the driver's error, or one wrapping it as its cause. */
function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error ('Failed query: …') and keeps it as the cause.
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: string }).code;
    if (
      code === 'ECONNREFUSED' ||
      code === 'ECONNRESET' ||
      // admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down)
      code === '57P01' ||
      code === '57P02' ||
      code === '57P03' ||
      (current instanceof Error &&
        /Connection terminated|timeout exceeded when trying to connect|not queryable/i.test(current.message))
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Fastify's own refusals before a route is found (a path part over the length limit, a malformed percent
 * sign), in the envelope and without echoing the address back.
 */
export function frameworkErrorAnswer(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const statusCode = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const message = statusCode === 414 ? 'A part of the address is too long' : 'The address is not valid';
  void reply.status(statusCode).send({ statusCode, message, code: 'BAD_REQUEST' });
}
