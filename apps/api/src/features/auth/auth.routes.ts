import {
  authenticateRequest,
  changePasswordRequest,
  changePasswordResponse,
  checkResetLinkRequest,
  checkResetLinkResponse,
  endSignInResponse,
  forgotPasswordRequest,
  forgotPasswordResponse,
  logoutResponse,
  refreshRequest,
  refreshResponse,
  resetPasswordRequest,
  resetPasswordResponse,
  signInMessages,
  signInParams,
  signInsResponse,
  validateTokenRequest,
  validateTokenResponse,
} from '@myprosper/contract/auth';
import { errorEnvelope } from '@myprosper/contract/common';
import { messages } from '@myprosper/contract/messages';
import { loginAnswer } from '@myprosper/contract/two-step';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { extraLimit, limitPerAddress } from '../../lib/rate-limits.ts';
import { done, ok } from '../../lib/reply.ts';
import type { CurrentUser } from './auth.plugin.ts';
import { AuthService, type SignIn } from './auth.service.ts';
import { deviceOf } from './device-name.ts';
import { emailVerificationRoutes } from './email-verification.routes.ts';
import { createEmailLinks } from './email-verification.service.ts';
import {
  type CookieOptions,
  clearedRefreshCookie,
  isLocalHttp,
  readRefreshCookie,
  refreshCookie,
  refreshCookiePath,
} from './refresh-cookie.ts';
import { RefreshTokenService } from './refresh-tokens.ts';
import { logSecurityEvent, securityEvents } from './security-events.ts';
import { SecurityMail } from './security-mail.ts';
import { type SignedUp, signupRoutes } from './signup.routes.ts';
import { twoStepRoutes } from './two-step.routes.ts';
import { TwoStepService } from './two-step.service.ts';
import type { TwoStepRecoveries } from './two-step-recovery.ts';
import { twoStepKeys } from './two-step-secrets.ts';

/** Reset mails one e-mail address may be sent in a quarter of an hour, from anywhere. */
const resetMailsPerEmail = 3;
/** Sign-in attempts one address may make per minute, over all usernames, as a multiple of the per-user limit. */
const loginAttemptsPerIpFactor = 5;
/** Refreshes one address may ask for per minute (each browser asks about once per bearer token lifetime). */
const refreshesPerMinute = 120;

const errors = { 401: errorEnvelope, 403: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope };

export interface AuthRoutesOptions {
  /** Owners' requests that an admin turn their two-step sign-in off (the admin console decides them). */
  twoStepRecoveries: TwoStepRecoveries;
  /**
   * After an advisee signs up: the code that proves their phone is sent at once (features/verification,
   * passed in by app.ts so auth, at the bottom of the features, imports none of them).
   */
  signedUp?: SignedUp;
}

/** /myprosper/auth/* and /myprosper/api/changePassword (registered with the prefix /myprosper). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const refreshTokens = new RefreshTokenService(
    { idleDays: app.env.REFRESH_TOKEN_IDLE_DAYS, absoluteDays: app.env.REFRESH_TOKEN_ABSOLUTE_DAYS },
    app.tokens.now,
  );
  const cookieOptions: CookieOptions = { secure: !isLocalHttp(app.env.PUBLIC_URL) };
  /** The login response, with the sign-in's refresh token in its cookie. */
  const signedIn = (reply: FastifyReply, signIn: SignIn) => {
    reply.header(
      'set-cookie',
      refreshCookie(signIn.refresh.token, signIn.refresh.expiresAt, app.tokens.now(), cookieOptions),
    );
    return signIn.response;
  };
  const mail = new SecurityMail({ mailer: app.mailer, log: app.log });
  const twoStep = new TwoStepService({
    db: app.db.db,
    keys: twoStepKeys(app.signingSecret, app.env.TWO_STEP_KEY),
    now: app.tokens.now,
    mail,
    env: app.env,
  });
  const service = new AuthService({
    db: app.db.db,
    tokens: app.tokens,
    refresh: refreshTokens,
    mail,
    env: app.env,
    signingSecret: app.signingSecret,
    log: app.log,
    twoStep,
  });
  app.addHook('onReady', async () => {
    await service.warmUp();
  });
  app.addHook('onClose', async () => {
    await mail.drain();
  });
  const perMinute = app.env.RATE_LIMIT_LOGIN_PER_MINUTE;
  const loginsPerIp = limitPerAddress(app, 'login', perMinute * loginAttemptsPerIpFactor);
  // One account tried from many addresses (the per-address limits do not see that); counted by the typed
  // username, so an unknown one is limited alike and the 429 tells nothing about who has an account.
  const loginsPerAccount = extraLimit(app, 'login-account', perMinute * loginAttemptsPerIpFactor, (request) =>
    bodyField(request, 'username'),
  );
  const resetMailsPerIp = limitPerAddress(app, 'forgot', perMinute);

  app.post(
    '/auth/authenticate',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with e-mail and password; an account with two-step sign-in gets a challenge for the code step instead',
        body: authenticateRequest,
        response: { 200: loginAnswer, ...errors },
      },
      onRequest: loginsPerIp,
      preValidation: loginsPerAccount,
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 429) return;
        logSecurityEvent(request, securityEvents.loginLocked, {
          username: bodyField(request, 'username') || undefined,
        });
      },
      config: {
        rateLimit: {
          max: perMinute,
          timeWindow: '1 minute',
          hook: 'preValidation',
          keyGenerator: (request) => `${request.ip}|${bodyField(request, 'username')}`,
        },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const answer = await service.authenticate(username, password, deviceOf(request), request);
      // Two-step sign-in: the code step signs in (two-step.routes.ts).
      if ('challenge' in answer) return answer;
      logSecurityEvent(request, securityEvents.loginSucceeded, {
        userId: answer.response.userId,
        signInId: answer.refresh.signInId,
      });
      return signedIn(reply, answer);
    },
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: `A new bearer token for the refresh token in the HttpOnly cookie (sent to ${refreshCookiePath} only); the refresh token is rotated`,
        body: refreshRequest,
        response: { 200: refreshResponse, ...errors, 415: errorEnvelope },
      },
      // Against cross-site requests, beside SameSite=Strict: a JSON body, which a form cannot send and another
      // site's script cannot send without a CORS preflight this server never grants.
      onRequest: requireJson,
      config: { rateLimit: { max: refreshesPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const presented = readRefreshCookie(request.headers.cookie);
      if (!presented) throw new AppError('UNAUTHORIZED', messages.sessionExpired);
      try {
        return signedIn(reply, await service.refresh(presented));
      } catch (error) {
        // A refused refresh token is of no more use: the browser may as well forget it.
        if (error instanceof AppError && error.statusCode === 401) {
          reply.header('set-cookie', clearedRefreshCookie(cookieOptions));
        }
        throw error;
      }
    },
  );

  app.post(
    '/auth/validateToken',
    {
      schema: {
        tags: ['auth'],
        summary: 'The user behind a token',
        body: validateTokenRequest,
        response: { 200: validateTokenResponse, ...errors },
      },
    },
    async (request) => ok(await service.validateToken(request.body.token), messages.tokenValid),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out on every device: every bearer and refresh token of the user is revoked',
        security: [{ bearer: [] }],
        response: { 200: logoutResponse, ...errors },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      await service.logout(currentUserId(request));
      logSecurityEvent(request, securityEvents.loggedOut, { userId: currentUserId(request) });
      reply.header('set-cookie', clearedRefreshCookie(cookieOptions));
      return done(messages.loggedOut);
    },
  );

  app.post(
    '/auth/forgotPassword',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link (same answer whether or not the account exists)',
        body: forgotPasswordRequest,
        response: { 200: forgotPasswordResponse, ...errors },
      },
      onRequest: resetMailsPerIp,
      config: {
        rateLimit: {
          max: resetMailsPerEmail,
          timeWindow: '15 minutes',
          hook: 'preValidation',
          keyGenerator: (request) => `forgot|${bodyField(request, 'email')}`,
        },
      },
    },
    async (request) => {
      await service.forgotPassword(request.body.email);
      return done(messages.resetEmailSent);
    },
  );

  app.post(
    '/auth/checkResetLink',
    {
      schema: {
        tags: ['auth'],
        summary: "Whether a reset link may be used: 422 'Invalid Link' or 'The link has expired'",
        body: checkResetLinkRequest,
        response: { 200: checkResetLinkResponse, ...errors },
      },
      config: { rateLimit: { max: perMinute * loginAttemptsPerIpFactor, timeWindow: '1 minute' } },
    },
    async (request) => {
      await service.checkResetLink(request.body);
      return done(messages.resetLinkValid);
    },
  );

  app.post(
    '/auth/resetPassword',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password from a reset link',
        body: resetPasswordRequest,
        response: { 200: resetPasswordResponse, ...errors },
      },
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
    },
    async (request) => {
      const userId = await service.resetPassword(request.body);
      logSecurityEvent(request, securityEvents.passwordReset, { userId });
      return done(messages.passwordResetSuccess);
    },
  );

  app.post(
    '/api/changePassword',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the password of the signed-in user; answers a fresh login response',
        security: [{ bearer: [] }],
        body: changePasswordRequest,
        response: { 200: changePasswordResponse, ...errors },
      },
      preHandler: app.requireUser,
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const userId = currentUserId(request);
      const signIn = await service.changePassword(userId, request.body, deviceOf(request));
      logSecurityEvent(request, securityEvents.passwordChanged, {
        userId,
        signInId: signIn.refresh.signInId,
      });
      return signedIn(reply, signIn);
    },
  );

  app.get(
    '/auth/signIns',
    {
      schema: {
        tags: ['auth'],
        summary:
          "The caller's signed-in devices: one per sign-in still going, when it signed in and was last used, the current one first",
        security: [{ bearer: [] }],
        response: { 200: signInsResponse, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request) => ok(await service.listSignIns(currentUser(request)), signInMessages.listed),
  );

  app.delete(
    '/auth/signIns/:signInId',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Sign one of the caller's devices out: its refresh token and its bearer tokens are refused from now on (404 for anyone else's)",
        security: [{ bearer: [] }],
        params: signInParams,
        response: { 200: endSignInResponse, ...errors, 404: errorEnvelope },
      },
      onRequest: app.requireUser,
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
    },
    async (request) => {
      await service.endSignIn(currentUserId(request), request.params.signInId);
      logSecurityEvent(request, securityEvents.signInEnded, {
        userId: currentUserId(request),
        signInId: request.params.signInId,
      });
      return done(signInMessages.ended);
    },
  );

  const links = createEmailLinks(app);
  await app.register(signupRoutes, { refreshTokens, signedIn, links, signedUp: options.signedUp });
  await app.register(emailVerificationRoutes, { links });
  await app.register(twoStepRoutes, {
    auth: service,
    twoStep,
    recoveries: options.twoStepRecoveries,
    signedIn,
  });
};

/** A field of the raw body, trimmed and lower-cased, for rate limit keys (the body is parsed, not yet validated). */
function bodyField(request: FastifyRequest, name: string): string {
  const body = request.body;
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

/** Refuses a body that is not JSON (by its declared type) before it is read. */
async function requireJson(request: FastifyRequest): Promise<void> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send this request as JSON');
}

function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', messages.unauthorized);
  return request.user;
}

function currentUserId(request: FastifyRequest): number {
  return currentUser(request).id;
}
