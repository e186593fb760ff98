import type {
  AuthenticateResponse,
  ChangePasswordRequest,
  ResetLinkParts,
  ResetPasswordRequest,
  SessionUser,
  SignInView,
} from '@myprosper/contract/auth';
import { signInMessages } from '@myprosper/contract/auth';
import { messages } from '@myprosper/contract/messages';
import type { TwoStepChallengeResponse } from '@myprosper/contract/two-step';
import {
  decodeResetLink,
  judgeResetLink,
  validatePassword,
  validatePasswordConfirmation,
  validateRequired,
} from '@myprosper/contract/validation';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/connection.ts';
import { AppError, forbidden, invalid, notFound, TooManyError, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { type PasswordOwner, passwordProblem } from '../../lib/password-policy.ts';
import { isSameText } from '../../lib/same-text.ts';
import type { CurrentUser } from './auth.plugin.ts';
import { type Account, AuthRepository } from './auth.repository.ts';
import { endPasswordTry, startPasswordTry } from './password-tries.ts';
import type { IssuedRefreshToken, RefreshTokenService } from './refresh-tokens.ts';
import { buildResetLink, resetPasswordMail, signResetLink } from './reset-link.ts';
import { type Caller, logSecurityEvent, securityEvents } from './security-events.ts';
import type { SecurityMail } from './security-mail.ts';
import { isTokenCurrent, type TokenService } from './token.service.ts';
import type { TwoStepService } from './two-step.service.ts';

export interface AuthServiceDeps {
  db: Db;
  tokens: TokenService;
  refresh: RefreshTokenService;
  /** The reset link goes out by e-mail, in the background. */
  mail: Pick<SecurityMail, 'send'>;
  env: Pick<Env, 'PUBLIC_URL' | 'RESET_LINK_TTL_MINUTES'>;
  signingSecret: string;
  log: FastifyBaseLogger;
  twoStep: Pick<TwoStepService, 'challengeFor'>;
}

/** A sign-in: the spec's login response (with a short-lived bearer token) and the refresh token for the cookie. */
export interface SignIn {
  response: AuthenticateResponse;
  refresh: IssuedRefreshToken;
}

/** Sign-in, tokens and passwords. */
export class AuthService {
  private readonly repository: AuthRepository;
  private dummyHash: Promise<string> | null = null;

  constructor(private readonly deps: AuthServiceDeps) {
    this.repository = new AuthRepository(deps.db);
  }

  /**
   * E-mail and password to a token. A wrong password and an unknown e-mail get the same answer after the same
   * work (a hash is checked either way); the account's status is told only to who knows its password. A
   * failure is logged for the caller, with the account's id when the e-mail has one.
   */
  async authenticate(
    username: string,
    password: string,
    device: string | null,
    caller: Caller,
  ): Promise<SignIn | TwoStepChallengeResponse> {
    const now = new Date();
    const attempt = await startPasswordTry(this.deps.db, username, caller.ip, now);
    if (attempt.wait > 0) {
      logSecurityEvent(caller, securityEvents.loginLocked, { username, waitSeconds: attempt.wait });
      throw new TooManyError(signInMessages.waitAfterFailures(attempt.wait), attempt.wait);
    }
    const account = await this.repository.findByEmail(username);
    const isPasswordRight = await verifyPassword(
      account?.passwordHash ?? (await this.getDummyHash()),
      password,
    );
    await endPasswordTry(this.deps.db, attempt, Boolean(account && isPasswordRight), now);
    if (!account || !isPasswordRight) {
      logSecurityEvent(caller, securityEvents.loginFailed, { userId: account?.id ?? null });
      throw unauthorized(messages.incorrectLogin);
    }
    this.assertMaySignIn(account);
    // Two-step sign-in: the password step answers a challenge for the code step (two-step.routes.ts).
    return (await this.deps.twoStep.challengeFor(account)) ?? this.startSignIn(account, device);
  }

  /** A new sign-in of an account that proved who it is: its login response and refresh token. */
  async startSignIn(account: Account, device: string | null): Promise<SignIn> {
    const refresh = await this.deps.refresh.start(this.deps.db, account, device);
    return {
      response: await this.loginResponse(account, account.tokenVersion, refresh, messages.loginSuccess),
      refresh,
    };
  }

  /**
   * A new bearer token for the refresh token of the cookie, which is spent and replaced (rotation). Refused
   * with 401 'Your session has expired. Please login again.' when the token is unknown, expired, spent (its
   * sign-in is then ended), or revoked by a log-out, a password change, a suspension or the end of its sign-in.
   */
  async refresh(presented: string): Promise<SignIn> {
    const outcome = await this.deps.refresh.rotate(this.deps.db, presented);
    if (!outcome.ok) {
      if (outcome.reason === 'reused') {
        this.deps.log.warn(
          { reason: outcome.reason },
          'a spent refresh token came back: its sign-in is revoked',
        );
      }
      throw unauthorized(messages.sessionExpired);
    }
    const { account } = outcome;
    return {
      response: await this.loginResponse(
        account,
        account.tokenVersion,
        outcome.refresh,
        messages.sessionRefreshed,
      ),
      refresh: outcome.refresh,
    };
  }

  /** The user behind a token, or 401 'Your session has expired. Please login again.' */
  async validateToken(token: string): Promise<SessionUser> {
    const check = await this.deps.tokens.verify(token);
    if (!check.ok) throw unauthorized(messages.sessionExpired);
    const { claims } = check;
    const account = await this.repository.findAuthState(claims.userId, claims.signInId ?? null);
    if (!account || !isTokenCurrent(claims, account)) throw unauthorized(messages.sessionExpired);
    return { userId: account.id, full_names: account.name, username: account.email, role: account.role };
  }

  /** The caller's sign-ins still going, the one of this call first and marked current, then the latest used. */
  async listSignIns(user: CurrentUser): Promise<SignInView[]> {
    const live = await this.deps.refresh.listLive(this.deps.db, user.id);
    const views = live.map((signIn) => ({
      id: signIn.id,
      device: signIn.device,
      signedInAt: signIn.signedInAt.toISOString(),
      lastUsedAt: signIn.lastUsedAt.toISOString(),
      current: signIn.id === user.signInId,
    }));
    return [...views.filter((view) => view.current), ...views.filter((view) => !view.current)];
  }

  /**
   * Ends one of the caller's sign-ins: its refresh token is refused and its bearer tokens too, from the next
   * call on. Another person's sign-in, or one already over, answers 404 and nothing changes.
   */
  async endSignIn(userId: number, signInId: string): Promise<void> {
    if (!(await this.deps.refresh.end(this.deps.db, userId, signInId))) {
      throw notFound(signInMessages.notFound);
    }
  }

  /** Every token of this user stops working, on every device: bearer tokens by the version, refresh tokens too. */
  async logout(userId: number): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await new AuthRepository(tx).bumpTokenVersion(userId);
      await this.deps.refresh.forgetAll(tx, userId);
    });
  }

  /**
   * Mails a signed reset link when the e-mail belongs to an account. The mail goes out in the background so
   * the answer takes the same time whether or not the account exists.
   */
  async forgotPassword(email: string): Promise<void> {
    const account = await this.repository.findByEmail(email);
    if (!account) return;
    const { PUBLIC_URL, RESET_LINK_TTL_MINUTES } = this.deps.env;
    const link = buildResetLink(
      PUBLIC_URL,
      { email: account.email, userId: account.id, timestamp: Date.now(), passwordHash: account.passwordHash },
      this.deps.signingSecret,
    );
    const mail = resetPasswordMail({ name: account.name, link, ttlMinutes: RESET_LINK_TTL_MINUTES });
    this.deps.mail.send({ to: account.email, ...mail }, 'password reset');
  }

  /** The account a reset link belongs to, or 422 'Invalid Link' / 'The link has expired'. */
  async checkResetLink(parts: ResetLinkParts): Promise<Account> {
    const decoded = decodeResetLink(parts);
    if (!decoded) throw invalid(messages.invalidLink);
    // The spec judges a link's age from its own parts first, as its client does; an old link is expired
    // whatever its signature, and says nothing about the account.
    const verdict = judgeResetLink(parts, Date.now(), this.deps.env.RESET_LINK_TTL_MINUTES);
    if (verdict !== 'valid') throw invalid(verdict);
    const account = await this.repository.findById(decoded.userId);
    if (!account || account.email.toLowerCase() !== decoded.email.toLowerCase()) {
      throw invalid(messages.invalidLink);
    }
    const expected = signResetLink(
      {
        email: account.email,
        userId: account.id,
        timestamp: decoded.timestamp,
        passwordHash: account.passwordHash,
      },
      this.deps.signingSecret,
    );
    if (!isSameText(expected, parts.signature)) throw invalid(messages.invalidLink);
    return account;
  }

  /**
   * Sets the new password from a valid link; the link and every token die with the old password. Answers
   * whose password it was.
   */
  async resetPassword(request: ResetPasswordRequest): Promise<number> {
    const account = await this.checkResetLink(request);
    assertNewPassword(request.password, request.confirmPassword, account);
    const newHash = await hashPassword(request.password);
    const version = await this.repository.replacePassword(account.id, account.passwordHash, newHash);
    if (version === null) throw invalid(messages.invalidLink);
    return account.id;
  }

  /**
   * A signed-in user's new password: other devices are signed out (their bearer and refresh tokens are of the
   * old version), this one gets a fresh sign-in.
   */
  async changePassword(
    userId: number,
    request: ChangePasswordRequest,
    device: string | null,
  ): Promise<SignIn> {
    const account = await this.repository.findById(userId);
    if (!account) throw unauthorized(messages.sessionExpired);
    if (!(await verifyPassword(account.passwordHash, request.currentPassword))) {
      throw invalid(messages.currentPasswordIncorrect);
    }
    assertNewPassword(request.password, request.confirmPassword, account);
    const newHash = await hashPassword(request.password);
    const refresh = await this.deps.db.transaction(async (tx) => {
      const version = await new AuthRepository(tx).replacePassword(account.id, account.passwordHash, newHash);
      if (version === null) throw invalid(messages.currentPasswordIncorrect);
      const started = await this.deps.refresh.start(tx, { id: account.id, tokenVersion: version }, device);
      return { version, token: started };
    });
    return {
      response: await this.loginResponse(
        account,
        refresh.version,
        refresh.token,
        messages.passwordResetSuccess,
      ),
      refresh: refresh.token,
    };
  }

  /** Prepares the hash an unknown e-mail is checked against, so even the first such attempt takes the usual time. */
  async warmUp(): Promise<void> {
    await this.getDummyHash();
  }

  private assertMaySignIn(account: Account): void {
    if (account.status === 'PENDING_REVIEW') throw forbidden(messages.mentorUnderReview);
    if (account.status === 'REJECTED') throw forbidden(messages.mentorRejected);
    if (account.status === 'SUSPENDED') throw forbidden(messages.accountSuspended);
  }

  /** The login response of a sign-in: its bearer token names it (`sid`), so ending it refuses the token. */
  private async loginResponse(
    account: Account,
    version: number,
    signIn: Pick<IssuedRefreshToken, 'signInId'>,
    message: string,
  ): Promise<AuthenticateResponse> {
    const jwttoken = await this.deps.tokens.sign({
      userId: account.id,
      role: account.role,
      version,
      signInId: signIn.signInId,
    });
    return {
      statusCode: 200,
      message,
      jwttoken,
      userId: account.id,
      full_names: account.name,
      role: account.role,
    };
  }

  /** A hash no password matches, so an unknown e-mail costs the same as a wrong password. */
  private getDummyHash(): Promise<string> {
    this.dummyHash ??= hashPassword(`no-such-account-${Math.random()}`);
    return this.dummyHash;
  }
}

/**
 * The reset form's rules on the server: required, at least 8 characters, equal to the confirmation; then
 * neither a common password nor one with the site's or the owner's name in it.
 */
function assertNewPassword(
  password: string,
  confirmPassword: string | undefined,
  owner: PasswordOwner,
): void {
  const message =
    validateRequired(password) ??
    validatePassword(password) ??
    (confirmPassword === undefined ? null : validatePasswordConfirmation(password, confirmPassword)) ??
    passwordProblem(password, owner);
  if (message) throw new AppError('INVALID_INPUT', message);
}
