import { messages } from '@myprosper/contract/messages';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';

/** The signed-in caller of a route guarded by requireUser or requireRole. */
export function callerOf(request: FastifyRequest): CurrentUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', messages.unauthorized);
  return request.user;
}
