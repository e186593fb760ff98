import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** PostgreSQL text cannot hold U+0000: such input is refused here, before any route reads it. */
export const nulCharacterMessage = 'Text must not contain the NUL character';
/**
 * A lone UTF-16 surrogate (JSON allows "\ud800") is no character at all: it cannot be stored, sent by SMS or
 * e-mail, or put in a link, so it is refused here too rather than failing half-way through an operation.
 */
export const invalidUnicodeMessage = 'Text must be valid Unicode (it holds a broken character)';

type TextFault = 'nul' | 'unicode' | null;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function stringFault(value: string): TextFault {
  if (value.includes('\u0000')) return 'nul';
  if (loneSurrogate.test(value)) return 'unicode';
  return null;
}

function textFault(value: unknown, depth = 0): TextFault {
  if (typeof value === 'string') return stringFault(value);
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const fault = stringFault(key) ?? textFault(item, depth + 1);
    if (fault) return fault;
  }
  return null;
}

/** Refuses (422) a request with a NUL character or a lone surrogate in its path parameters, query or body. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const fault = textFault(request.params) ?? textFault(request.query) ?? textFault(request.body);
    if (fault === 'nul') throw new AppError('INVALID_INPUT', nulCharacterMessage);
    if (fault === 'unicode') throw new AppError('INVALID_INPUT', invalidUnicodeMessage);
  });
}
