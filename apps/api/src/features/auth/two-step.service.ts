import { createHash, randomBytes } from 'node:crypto';
import { messages } from '@myprosper/contract/messages';
import {
  codeGuessesPerWindow,
  codeGuessWindowMinutes,
  type TwoStepChallengeResponse,
  type TwoStepSetup,
  twoStepMessages,
} from '@myprosper/contract/two-step';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/connection.ts';
import { AppError, conflict, invalid, unauthorized } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import { type Account, AuthRepository } from './auth.repository.ts';
import { type SecurityMail, twoStepChangedMail } from './security-mail.ts';
import type { Clock } from './token.service.ts';
import { base32Encode, matchingStep, otpauthLink } from './totp.ts';
import { TwoStepRepository, type TwoStepRow } from './two-step.repository.ts';
import { signChallenge, verifyChallenge } from './two-step-challenge.ts';
import { open, seal, type TwoStepKeys } from './two-step-secrets.ts';

const recoveryCodeCount = 10;

export interface TwoStepServiceDeps {
  db: Db;
  keys: TwoStepKeys;
  now: Clock;
  /** Tells the account by e-mail when two-step sign-in is turned on or off. */
  mail: Pick<SecurityMail, 'send'>;
  env: Pick<Env, 'PUBLIC_URL' | 'SUPPORT_EMAIL'>;
}

/**
 * Two-step sign-in (TOTP) of one account: setting it up, turning it on with the password and a first code
 * (which gives the recovery codes), turning it off, and the code step of a log-in. Setting it up, turning it on
 * and off all need the password, so a stolen bearer token alone changes nothing; on and off are e-mailed to the
 * account. Codes are limited per account: codeGuessesPerWindow in codeGuessWindowMinutes, over the code step,
 * confirm and disable, then 429 until the window is over.
 */
export class TwoStepService {
  constructor(private readonly deps: TwoStepServiceDeps) {}

  async status(userId: number): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
    const repository = new TwoStepRepository(this.deps.db);
    const row = await repository.find(userId);
    const enabled = Boolean(row?.enabledAt);
    return { enabled, recoveryCodesLeft: enabled ? await repository.countRecoveryCodes(userId) : 0 };
  }

  /**
   * A new secret (20 random bytes) for the app, for the account's password (422 'Current password is incorrect'
   * otherwise, and nothing is kept); 409 when two-step sign-in is on already.
   */
  async setup(userId: number, password: string): Promise<TwoStepSetup> {
    const account = await this.accountWithPassword(userId, password);
    const secret = randomBytes(20);
    const sealed = seal(this.deps.keys.seal, secret, userId);
    if (!(await new TwoStepRepository(this.deps.db).startSetup(userId, sealed))) {
      throw conflict(twoStepMessages.alreadyOn);
    }
    const key = base32Encode(secret);
    return { key, link: otpauthLink(key, account.email) };
  }

  /**
   * The password and a current code of the new secret turn it on; answers the recovery codes, which are kept
   * only hashed, and e-mails the account. A wrong password changes nothing and spends no code guess.
   */
  async confirm(userId: number, password: string, code: string): Promise<string[]> {
    const account = await this.accountWithPassword(userId, password);
    const row = await new TwoStepRepository(this.deps.db).find(userId);
    if (!row) throw invalid(twoStepMessages.notStarted);
    if (row.enabledAt) throw invalid(twoStepMessages.alreadyOn);
    await this.takeCodeGuess(userId);
    const step = this.stepOf(row, code);
    if (step === null) throw invalid(twoStepMessages.wrongCode);
    const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
    const enabled = await this.deps.db.transaction(async (tx) => {
      const repository = new TwoStepRepository(tx);
      const isEnabled = await repository.enable(userId, row.secret, step, codes.map(hashRecoveryCode));
      if (isEnabled) await repository.clearCodeGuesses(userId);
      return isEnabled;
    });
    if (!enabled) throw invalid(twoStepMessages.notStarted);
    this.tell(account, true);
    return codes;
  }

  /** The password and a current (or recovery) code turn it off; the account is e-mailed. */
  async disable(userId: number, password: string, code: string): Promise<void> {
    const account = await this.accountWithPassword(userId, password);
    const row = await new TwoStepRepository(this.deps.db).find(userId);
    if (!row?.enabledAt) throw invalid(twoStepMessages.notOn);
    await this.takeCodeGuess(userId);
    if (!(await this.takeCode(row, code))) throw invalid(twoStepMessages.wrongCode);
    await this.deps.db.transaction((tx) => new TwoStepRepository(tx).remove(userId));
    this.tell(account, false);
  }

  /** The code step an account with two-step sign-in on gets instead of a token; null for the others. */
  async challengeFor(account: Account): Promise<TwoStepChallengeResponse | null> {
    const row = await new TwoStepRepository(this.deps.db).find(account.id);
    if (!row?.enabledAt) return null;
    const challenge = await signChallenge(
      this.deps.keys.challenge,
      { userId: account.id, version: account.tokenVersion },
      this.deps.now,
    );
    return { statusCode: 200, message: twoStepMessages.codeNeeded, twoStep: true, challenge };
  }

  /**
   * The account of a challenge answered with a right code: 401 'That code is not right. Try again' for a wrong,
   * used or replayed one; 401 'Your session has expired…' when the challenge is over (5 minutes, or a log-out,
   * password change or suspension since).
   */
  async completeSignIn(challengeToken: string, code: string): Promise<Account> {
    const challenge = await verifyChallenge(this.deps.keys.challenge, challengeToken, this.deps.now);
    const account = challenge ? await new AuthRepository(this.deps.db).findById(challenge.userId) : null;
    if (!challenge || !account || account.status !== 'ACTIVE' || account.tokenVersion !== challenge.version) {
      throw unauthorized(messages.sessionExpired);
    }
    const row = await new TwoStepRepository(this.deps.db).find(account.id);
    if (!row?.enabledAt) throw unauthorized(messages.sessionExpired);
    await this.takeCodeGuess(account.id);
    if (!(await this.takeCode(row, code))) throw unauthorized(twoStepMessages.wrongCode);
    await new TwoStepRepository(this.deps.db).clearCodeGuesses(account.id);
    return account;
  }

  /** The caller's account when the password is theirs; 422 'Current password is incorrect' otherwise. */
  private async accountWithPassword(userId: number, password: string): Promise<Account> {
    const account = await new AuthRepository(this.deps.db).findById(userId);
    if (!account) throw unauthorized(messages.sessionExpired);
    if (!(await verifyPassword(account.passwordHash, password))) {
      throw invalid(messages.currentPasswordIncorrect);
    }
    return account;
  }

  /**
   * Counts a code about to be checked (a right one sets the count back): 429 'Too many wrong codes…' once the
   * account has tried codeGuessesPerWindow in the window, whether the code is right or not, until it is over.
   */
  private async takeCodeGuess(userId: number): Promise<void> {
    const now = this.deps.now();
    const windowStart = new Date(now.getTime() - codeGuessWindowMinutes * 60_000);
    const repository = new TwoStepRepository(this.deps.db);
    if (!(await repository.takeCodeGuess(userId, now, windowStart, codeGuessesPerWindow))) {
      throw new AppError('TOO_MANY_REQUESTS', twoStepMessages.tooManyCodes);
    }
  }

  /** E-mails the account that two-step sign-in was turned on or off. */
  private tell(account: Account, isOn: boolean): void {
    const { PUBLIC_URL, SUPPORT_EMAIL } = this.deps.env;
    const mail = twoStepChangedMail({
      name: account.name,
      isOn,
      publicUrl: PUBLIC_URL,
      supportEmail: SUPPORT_EMAIL,
    });
    this.deps.mail.send({ to: account.email, ...mail }, isOn ? 'two-step on' : 'two-step off');
  }

  /** Spends a code of an account with two-step sign-in on: a TOTP code of a step not used yet, or a recovery code. */
  private async takeCode(row: TwoStepRow, code: string): Promise<boolean> {
    const repository = new TwoStepRepository(this.deps.db);
    const typed = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(typed)) {
      const step = this.stepOf(row, typed);
      return step !== null && (await repository.takeStep(row.userId, step));
    }
    return repository.takeRecoveryCode(row.userId, hashRecoveryCode(typed));
  }

  /** The step of a right TOTP code not used yet, or null. */
  private stepOf(row: TwoStepRow, code: string): number | null {
    const secret = open(this.deps.keys.seal, row.secret, row.userId);
    if (!secret) throw new AppError('UNAVAILABLE', 'Two-step sign-in cannot be checked now. Try again later');
    return matchingStep(secret, code.replace(/\s/g, ''), this.deps.now(), row.lastStep);
  }
}

/** 120 random bits as 24 base32 characters in four groups: ABCDEF-GHIJKL-MNOPQR-STUVWX. */
function newRecoveryCode(): string {
  return base32Encode(randomBytes(15)).match(/.{6}/g)!.join('-');
}

/** The stored form of a recovery code: SHA-256 of its characters in capitals, without dashes or spaces. */
function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(code.toUpperCase().replace(/[^A-Z0-9]/g, ''))
    .digest('hex');
}
