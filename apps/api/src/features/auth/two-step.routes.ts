import { errorEnvelope } from '@myprosper/contract/common';
import { messages } from '@myprosper/contract/messages';
import {
  twoStepCodeRequest,
  twoStepCodeResponse,
  twoStepConfirmRequest,
  twoStepConfirmResponse,
  twoStepDisableRequest,
  twoStepDisableResponse,
  twoStepMessages,
  twoStepRecoveryRequest,
  twoStepRecoveryResponse,
  twoStepSetupRequest,
  twoStepSetupResponse,
  twoStepStatusResponse,
} from '@myprosper/contract/two-step';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { extraLimit, limitPerAddress, perAccount } from '../../lib/rate-limits.ts';
import { done, ok } from '../../lib/reply.ts';
import type { AuthService, SignIn } from './auth.service.ts';
import { deviceOf } from './device-name.ts';
import { logSecurityEvent, securityEvents } from './security-events.ts';
import type { TwoStepService } from './two-step.service.ts';
import { challengeSubject } from './two-step-challenge.ts';
import type { TwoStepRecoveries } from './two-step-recovery.ts';

export interface TwoStepRoutesOptions {
  auth: AuthService;
  twoStep: TwoStepService;
  recoveries: TwoStepRecoveries;
  /** Sets the sign-in's refresh cookie and answers its login response. */
  signedIn: (reply: FastifyReply, signIn: SignIn) => SignIn['response'];
}

/** As for the password step: code attempts per address per minute, over all accounts, per the per-account limit. */
const codeAttemptsPerIpFactor = 5;
const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
  429: errorEnvelope,
};

/**
 * Two-step sign-in (registered inside authRoutes, prefix /myprosper): the code step of a log-in, and setting it
 * up and turning it off on the profile's security page.
 */
export const twoStepRoutes: FastifyPluginAsyncZod<TwoStepRoutesOptions> = async (app, options) => {
  const { auth, twoStep, recoveries, signedIn } = options;
  const perMinute = app.env.RATE_LIMIT_LOGIN_PER_MINUTE;
  const codesPerIp = limitPerAddress(app, 'two-step-code', perMinute * codeAttemptsPerIpFactor);
  // One account's codes tried from many addresses, counted by the account the challenge names.
  const codesPerAccount = extraLimit(
    app,
    'two-step-account',
    perMinute * codeAttemptsPerIpFactor,
    (request) => challengeOf(request),
  );

  app.post(
    '/auth/authenticate/code',
    {
      schema: {
        tags: ['auth'],
        summary:
          "The code step of a log-in with two-step sign-in: the password step's challenge and a 6-digit code of the authenticator app, or a recovery code (once); answers the login response. 5 wrong codes of an account in 15 minutes (here, at confirm and at disable) and its codes are refused (429) until the 15 minutes are over",
        body: twoStepCodeRequest,
        response: { 200: twoStepCodeResponse, ...errors },
      },
      onRequest: codesPerIp,
      preValidation: codesPerAccount,
      onResponse: logCodeLockout,
      config: {
        rateLimit: {
          max: perMinute,
          timeWindow: '1 minute',
          hook: 'preValidation',
          keyGenerator: (request) => `two-step|${request.ip}|${challengeOf(request)}`,
        },
      },
    },
    async (request, reply) => {
      const account = await twoStep.completeSignIn(request.body.challenge, request.body.code);
      const signIn = await auth.startSignIn(account, deviceOf(request));
      logSecurityEvent(request, securityEvents.loginSucceeded, {
        userId: account.id,
        signInId: signIn.refresh.signInId,
      });
      return signedIn(reply, signIn);
    },
  );

  app.get(
    '/auth/twoStep',
    {
      schema: {
        tags: ['auth'],
        summary: "Whether the caller's two-step sign-in is on, and how many recovery codes are left",
        security: [{ bearer: [] }],
        response: { 200: twoStepStatusResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await twoStep.status(userIdOf(request)), twoStepMessages.status),
  );

  app.post(
    '/auth/twoStep/setup',
    {
      schema: {
        tags: ['auth'],
        summary:
          "The account's password gets a new secret for an authenticator app (base32 key and otpauth link, shown this once); log-in is unchanged until a code confirms it (409 when it is on already)",
        security: [{ bearer: [] }],
        body: twoStepSetupRequest,
        response: { 200: twoStepSetupResponse, ...errors },
      },
      onRequest: app.requireUser,
      config: perAccount(perMinute),
    },
    async (request) =>
      ok(await twoStep.setup(userIdOf(request), request.body.password), twoStepMessages.setupStarted),
  );

  app.post(
    '/auth/twoStep/confirm',
    {
      schema: {
        tags: ['auth'],
        summary:
          'The password and a current code of the new secret turn two-step sign-in on (the account is e-mailed); answers 10 one-time recovery codes, this once. 5 wrong codes in 15 minutes (here, at log-in and at disable) and codes are refused (429) until the 15 minutes are over',
        security: [{ bearer: [] }],
        body: twoStepConfirmRequest,
        response: { 200: twoStepConfirmResponse, ...errors },
      },
      onRequest: app.requireUser,
      onResponse: logCodeLockout,
      config: perAccount(perMinute),
    },
    async (request) => {
      const userId = userIdOf(request);
      const recoveryCodes = await twoStep.confirm(userId, request.body.password, request.body.code);
      logSecurityEvent(request, securityEvents.twoStepOn, { userId });
      return ok({ recoveryCodes }, twoStepMessages.turnedOn);
    },
  );

  app.post(
    '/auth/twoStep/disable',
    {
      schema: {
        tags: ['auth'],
        summary:
          'The password and a current (or recovery) code turn two-step sign-in off (the account is e-mailed)',
        security: [{ bearer: [] }],
        body: twoStepDisableRequest,
        response: { 200: twoStepDisableResponse, ...errors },
      },
      onRequest: app.requireUser,
      onResponse: logCodeLockout,
      config: perAccount(perMinute),
    },
    async (request) => {
      const userId = userIdOf(request);
      await twoStep.disable(userId, request.body.password, request.body.code);
      logSecurityEvent(request, securityEvents.twoStepOff, { userId });
      return done(twoStepMessages.turnedOff);
    },
  );

  app.post(
    '/auth/twoStep/recovery',
    {
      schema: {
        tags: ['auth'],
        summary:
          'An owner who cannot give a code asks, with the e-mailed reset link, that an admin turn two-step sign-in off',
        body: twoStepRecoveryRequest,
        response: { 200: twoStepRecoveryResponse, ...errors },
      },
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
    },
    async (request) => {
      const account = await auth.checkResetLink(request.body);
      await recoveries.request(account, request.body.reason, request.ip);
      logSecurityEvent(request, securityEvents.twoStepRecoveryRequested, { userId: account.id });
      return done(twoStepMessages.recoveryRequested);
    },
  );
};

/**
 * Logs codes refused for their number (429): the account's wrong codes in 15 minutes (TwoStepService), or the
 * per-minute limits. The code step's account is the one its challenge names, unverified.
 */
async function logCodeLockout(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (reply.statusCode !== 429) return;
  const userId = request.user?.id ?? (Number(challengeOf(request)) || null);
  logSecurityEvent(request, securityEvents.twoStepLocked, { userId });
}

/** The account the raw body's challenge names, for the rate limit keys (the body is not validated yet). */
function challengeOf(request: FastifyRequest): string {
  const body = request.body;
  return challengeSubject(
    body && typeof body === 'object' ? (body as { challenge?: unknown }).challenge : '',
  );
}

function userIdOf(request: FastifyRequest): number {
  if (!request.user) throw new AppError('UNAUTHORIZED', messages.unauthorized);
  return request.user.id;
}
