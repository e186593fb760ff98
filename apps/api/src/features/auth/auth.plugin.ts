import type { Role } from '@myprosper/contract/common';
import { messages } from '@myprosper/contract/messages';
import { twoStepMessages } from '@myprosper/contract/two-step';
import { verificationMessages } from '@myprosper/contract/verification';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden } from '../../lib/errors.ts';
import { AuthRepository } from './auth.repository.ts';
import { isTokenCurrent, type TokenService } from './token.service.ts';
import { TwoStepRepository } from './two-step.repository.ts';

export interface CurrentUser {
  id: number;
  role: Role;
  /** The sign-in the bearer token was given to (null for a token that names none). */
  signInId: string | null;
  /** The account's phone number was proven by an SMS code (features/verification). */
  phoneVerified: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** preHandler: a valid token of an active user is required. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler factory: a signed-in user with one of these roles. */
    requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler after requireUser or requireRole: 403 unless the caller has two-step sign-in on. */
    requireTwoStep: (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler after requireUser: 403 with verificationMessages.phoneNotVerified unless the caller's phone was
     * proven by an SMS code (booking, holding a slot, paying, accepting an invitation).
     */
    requireVerifiedPhone: (request: FastifyRequest) => Promise<void>;
    /** preHandler: reads the token when there is one, and ignores a missing or bad one. */
    optionalUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
  }
}

export const sessionExpiredMessage = messages.sessionExpired;

/**
 * Who is calling: checks the bearer token and, in one query, that the user still exists, is active and has not
 * revoked it (log-out everywhere, password change), and that the token's sign-in has not been ended.
 */
export default fp(
  async (app, options: { tokens: TokenService }) => {
    const repository = new AuthRepository(app.db.db);
    app.decorate('tokens', options.tokens);
    app.decorateRequest('user', null);

    async function resolve(request: FastifyRequest): Promise<CurrentUser | 'expired' | 'invalid' | null> {
      const header = request.headers.authorization;
      if (!header) return null;
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) return 'invalid';
      const check = await options.tokens.verify(match[1]);
      if (!check.ok) return check.reason;
      const { claims } = check;
      const state = await repository.findAuthState(claims.userId, claims.signInId ?? null);
      if (!state || !isTokenCurrent(claims, state)) return 'invalid';
      return {
        id: state.id,
        role: state.role,
        signInId: claims.signInId ?? null,
        phoneVerified: state.phoneVerified,
      };
    }

    app.decorate('requireUser', async (request: FastifyRequest) => {
      const user = await resolve(request);
      if (user === null) throw new AppError('UNAUTHORIZED', messages.unauthorized);
      if (user === 'expired' || user === 'invalid')
        throw new AppError('UNAUTHORIZED', messages.sessionExpired);
      request.user = user;
      // Every later log line of this request names who asked.
      request.log = request.log.child({ userId: user.id });
    });

    app.decorate(
      'requireRole',
      (...roles: Role[]) =>
        async (request: FastifyRequest, reply: FastifyReply) => {
          await app.requireUser(request, reply);
          if (!request.user || !roles.includes(request.user.role)) throw forbidden(messages.forbidden);
        },
    );

    const twoStep = new TwoStepRepository(app.db.db);
    app.decorate('requireTwoStep', async (request: FastifyRequest) => {
      if (!request.user || !(await twoStep.isOn(request.user.id))) {
        throw forbidden(twoStepMessages.adminNeedsIt);
      }
    });

    app.decorate('requireVerifiedPhone', async (request: FastifyRequest) => {
      if (!request.user?.phoneVerified) throw forbidden(verificationMessages.phoneNotVerified);
    });

    app.decorate('optionalUser', async (request: FastifyRequest) => {
      const user = await resolve(request);
      request.user = typeof user === 'object' ? user : null;
      if (request.user) request.log = request.log.child({ userId: request.user.id });
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
