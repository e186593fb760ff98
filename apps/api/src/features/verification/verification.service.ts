import { messages } from '@myprosper/contract/messages';
import { accountMessages } from '@myprosper/contract/profiles';
import {
  type PhoneCodeSent,
  phoneCodeMinutes,
  phoneCodeResendSeconds,
  phoneCodeTries,
  verificationMessages,
} from '@myprosper/contract/verification';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { pgErrorOf, uniqueViolation } from '../../db/database-errors.ts';
import { AppError, conflict, invalid } from '../../lib/errors.ts';
import { isSameText } from '../../lib/same-text.ts';
import type { Mailer } from '../../providers/mail.ts';
import type { SmsSender } from '../../providers/sms.ts';
import { hashPhoneCode, newPhoneCode, signPhoneProof } from './phone-proof.ts';
import {
  type PhoneCodePurpose,
  type ReleasedHolder,
  VerificationRepository,
} from './verification.repository.ts';

export interface PhoneVerificationDeps {
  db: Db;
  sms: () => SmsSender | null;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The app's signing secret (applicants' proofs are signed with a key derived from it). */
  secret: string;
  now: () => Date;
  limits: { perNumberPerHour: number; perAddressPerHour: number };
}

interface CodeRequest {
  /** The account asking (ACCOUNT, CHANGE); null for an applicant (APPLICATION). */
  userId: number | null;
  purpose: PhoneCodePurpose;
  /** 2547XXXXXXXX */
  phoneNumber: string;
  /** The client address that asked. */
  address: string;
}

const hourMs = 60 * 60 * 1000;

/**
 * Phone numbers proven by a 6-digit code sent by SMS (issue 19): sending codes within their limits, checking
 * them, and what a proven number changes (the account's phone, and other accounts' unproven hold on it).
 */
export class PhoneVerificationService {
  /** SMS still going out (sent after the answer, so its time tells nothing); awaited when the app closes. */
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly deps: PhoneVerificationDeps) {}

  /**
   * Records a code for the number and sends it by SMS, unless another account already holds that number
   * verified: then nothing is sent but the answer is the same (no oracle of who is registered). A number gets
   * a code at most once a minute (429 with the seconds to wait), at most perNumberPerHour an hour, and one
   * address may ask for perAddressPerHour an hour; every row counts, sent or not.
   */
  async requestCode(request: CodeRequest): Promise<PhoneCodeSent> {
    const now = this.deps.now();
    const code = newPhoneCode();
    const send = await this.deps.db.transaction(async (tx) => {
      const repository = new VerificationRepository(tx);
      await repository.lockNumber(request.phoneNumber);
      const latest = await repository.latestFor(request.phoneNumber);
      if (latest) {
        const waitMs = latest.createdAt.getTime() + phoneCodeResendSeconds * 1000 - now.getTime();
        if (waitMs > 0) {
          throw new AppError('TOO_MANY_REQUESTS', verificationMessages.resendWait(Math.ceil(waitMs / 1000)));
        }
      }
      const hourAgo = new Date(now.getTime() - hourMs);
      const { perNumberPerHour, perAddressPerHour } = this.deps.limits;
      if (
        (await repository.countForNumberSince(request.phoneNumber, hourAgo)) >= perNumberPerHour ||
        (await repository.countForAddressSince(request.address, hourAgo)) >= perAddressPerHour
      ) {
        throw new AppError('TOO_MANY_REQUESTS', verificationMessages.tooManyCodes);
      }
      const taken = await repository.isVerifiedByOther(request.phoneNumber, request.userId);
      await repository.insertCode({
        userId: request.userId,
        purpose: request.purpose,
        phoneNumber: request.phoneNumber,
        codeHash: hashPhoneCode(code),
        expiresAt: new Date(now.getTime() + phoneCodeMinutes * 60 * 1000),
        requestedFrom: request.address,
        sent: taken ? 0 : 1,
        createdAt: now,
      });
      return !taken;
    });
    if (send) this.sendInBackground(request.phoneNumber, code);
    return { phoneNumber: request.phoneNumber, resendInSeconds: phoneCodeResendSeconds };
  }

  /** A code for a new account's own number, sent at sign-up; a limit reached only means no code now. */
  async codeForNewAccount(userId: number, phoneNumber: string, address: string): Promise<void> {
    try {
      await this.requestCode({ userId, purpose: 'ACCOUNT', phoneNumber, address });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }

  /** A code to prove the account's own number (purpose ACCOUNT), or a new one (CHANGE). */
  async requestForAccount(
    userId: number,
    newNumber: string | undefined,
    address: string,
  ): Promise<PhoneCodeSent> {
    const current = await new VerificationRepository(this.deps.db).phoneOf(userId);
    if (!current) throw invalid(verificationMessages.phoneNotVerified);
    const own = current.phoneNumber;
    if (newNumber === undefined || newNumber === own) {
      if (!own) throw invalid(messages.fillPhone);
      if (current.phoneVerifiedAt) {
        throw invalid(
          newNumber === undefined ? verificationMessages.alreadyVerified : verificationMessages.sameNumber,
        );
      }
      return this.requestCode({ userId, purpose: 'ACCOUNT', phoneNumber: own, address });
    }
    return this.requestCode({ userId, purpose: 'CHANGE', phoneNumber: newNumber, address });
  }

  /**
   * The right code of the account's latest request for this number (its own when none is given) makes it
   * the account's verified number, in one transaction: every other account holding it unverified loses it
   * and is told by e-mail. Two accounts proving one number at once: the partial unique index lets one win,
   * the other gets 409.
   */
  async verifyForAccount(userId: number, code: string, phoneNumber: string | undefined): Promise<string> {
    const current = await new VerificationRepository(this.deps.db).phoneOf(userId);
    const number = phoneNumber ?? current?.phoneNumber ?? null;
    if (!number) throw invalid(verificationMessages.codeExpired);
    const row = await this.checkCode(userId, number, ['ACCOUNT', 'CHANGE'], code);
    const now = this.deps.now();
    let released: ReleasedHolder[];
    try {
      released = await this.deps.db.transaction(async (tx) => {
        const repository = new VerificationRepository(tx);
        await repository.lockNumber(number);
        if (!(await repository.markUsed(row.id, now))) throw invalid(verificationMessages.codeExpired);
        await repository.setVerifiedPhone(userId, number, now);
        return repository.releaseFromOthers(number, userId, now);
      });
    } catch (error) {
      const pg = pgErrorOf(error);
      if (pg?.code === uniqueViolation && pg.constraint === 'users_phone_unique') {
        throw conflict(accountMessages.phoneTaken);
      }
      throw error;
    }
    await this.tellReleased(number, released);
    return number;
  }

  /** An applicant's right code answers a signed proof that the application must carry. */
  async verifyForApplication(phoneNumber: string, code: string): Promise<string> {
    const row = await this.checkCode(null, phoneNumber, ['APPLICATION'], code);
    const now = this.deps.now();
    if (!(await new VerificationRepository(this.deps.db).markUsed(row.id, now))) {
      throw invalid(verificationMessages.codeExpired);
    }
    return signPhoneProof(this.deps.secret, phoneNumber, now);
  }

  /**
   * The code of the latest request, or the reason it is refused: none or spent or old ('expired'), its tries
   * used up, or wrong (each wrong code spends a try, kept even when the request fails).
   */
  private async checkCode(
    userId: number | null,
    phoneNumber: string,
    purposes: PhoneCodePurpose[],
    code: string,
  ) {
    const repository = new VerificationRepository(this.deps.db);
    const now = this.deps.now();
    const row = await repository.latestCode(userId, phoneNumber, purposes);
    if (!row || row.usedAt || row.expiresAt <= now) throw invalid(verificationMessages.codeExpired);
    if (row.attempts >= phoneCodeTries) throw invalid(verificationMessages.tooManyTries);
    const taken = await repository.takeTry(row.id, now, phoneCodeTries);
    if (!taken) throw invalid(verificationMessages.tooManyTries);
    if (!isSameText(taken.codeHash, hashPhoneCode(code))) {
      throw invalid(
        row.attempts + 1 >= phoneCodeTries
          ? verificationMessages.tooManyTries
          : verificationMessages.wrongCode,
      );
    }
    return row;
  }

  /** Whether an account other than `exceptUserId` holds this number verified (sign-up would refuse it too). */
  isVerifiedByOther(phoneNumber: string, exceptUserId: number | null): Promise<boolean> {
    return new VerificationRepository(this.deps.db).isVerifiedByOther(phoneNumber, exceptUserId);
  }

  /**
   * Within the caller's transaction (a mentor application that carries a proof): every other account holding
   * this number unverified loses it. Answers them, for tellReleased once the transaction is committed.
   */
  releaseFromOthers(tx: DbOrTx, phoneNumber: string, userId: number): Promise<ReleasedHolder[]> {
    return new VerificationRepository(tx).releaseFromOthers(phoneNumber, userId, this.deps.now());
  }

  /** E-mails each account that lost its unverified number (a failure is logged, the proof stands). */
  async tellReleased(phoneNumber: string, released: readonly ReleasedHolder[]): Promise<void> {
    for (const holder of released) {
      try {
        await this.deps.mailer.send({
          to: holder.email,
          subject: verificationMessages.phoneClaimedSubject,
          text: `Hello ${holder.name.split(' ')[0] || 'there'},\n\n${verificationMessages.phoneClaimedText(`+${phoneNumber}`)}`,
        });
      } catch (error) {
        this.deps.log.error({ err: error }, 'could not tell an account it lost its phone number');
      }
    }
  }

  /** Waits for the SMS still going out (the app's onClose). */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  /** The code's SMS: our one text, with no word typed by anyone. */
  private sendInBackground(phoneNumber: string, code: string): void {
    const sms = this.deps.sms();
    if (!sms) {
      this.deps.log.error('no SMS sender: a phone code was not sent');
      return;
    }
    const job = sms
      .send({ to: phoneNumber, text: verificationMessages.smsText(code) })
      .then((result) => {
        if (!result.isSent) this.deps.log.warn({ status: result.status }, 'a phone code SMS was not taken');
      })
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'could not send a phone code SMS'))
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }
}
