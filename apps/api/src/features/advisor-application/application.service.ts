import {
  type AdvisorApplication,
  type ApplicationCheckRequest,
  advisorTerms,
  applicationMessages,
  readApplicationFields,
  tidyApplication,
  validateAdvisorApplication,
} from '@myprosper/contract/advisor-application';
import { advisorSettingsMessages } from '@myprosper/contract/advisor-settings';
import { signInMessages } from '@myprosper/contract/auth';
import { accountMessages } from '@myprosper/contract/profiles';
import { verificationMessages } from '@myprosper/contract/verification';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { conflict, invalid, TooManyError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { assertPasswordAllowed } from '../../lib/password-policy.ts';
import type { FileStorage } from '../../lib/stored-files.ts';
import {
  discardFiles,
  type MultipartUpload,
  removeStored,
  type StoredFile,
  storeImage,
  storeVideo,
} from '../../lib/uploads.ts';
import type { Mailer } from '../../providers/mail.ts';
import {
  applicationResetLink,
  type EmailLinks,
  endPasswordTry,
  type NewAccount,
  SignupRepository,
  startPasswordTry,
} from '../auth/auth.door.ts';
import { assertUploadBudget, removeOwnUploads, UploadsRepository } from '../profiles/profiles.door.ts';
import {
  isPhoneProofFor,
  type PhoneVerificationService,
  type ReleasedHolder,
} from '../verification/verification.door.ts';
import { ApplicationRepository } from './application.repository.ts';

export interface ApplicationServiceDeps {
  db: Db;
  storage: FileStorage;
  mailer: Mailer;
  links: EmailLinks;
  /** Links in mails (the reset link of a re-application sent without the password). */
  publicUrl: string;
  signingSecret: string;
  resetLinkMinutes: number;
  supportEmail: string;
  /** Bytes the anonymous uploads may store per day from one address and for one e-mail. */
  uploadBytesPerDay: number;
  log: FastifyBaseLogger;
  /** The applicant's phone is proven (phoneProof); others holding it unverified lose it. */
  phones: PhoneVerificationService;
  now: () => Date;
}

type Existing = NonNullable<Awaited<ReturnType<ApplicationRepository['lockAccountByEmail']>>>;

/**
 * What an application does, decided from the account already holding its e-mail (if any). Only NEW and
 * REAPPLY store anything; every other outcome changes nothing and only mails the address what happened, so
 * the answer is the same whether or not the e-mail is registered. No outcome ever sets an existing password.
 */
type Outcome =
  | { kind: 'NEW' }
  /** A rejected applicant who sent their account's password: back in review with the new details. */
  | { kind: 'REAPPLY'; existing: Existing }
  /** A rejected applicant's e-mail without its password: mailed a fresh reset link, nothing changes. */
  | { kind: 'NEEDS_PASSWORD'; existing: Existing }
  | { kind: 'PENDING'; existing: Existing }
  | { kind: 'MENTOR'; existing: Existing }
  /** An advisee's or admin's e-mail: their account is never touched. */
  | { kind: 'OTHER_ACCOUNT'; existing: Existing };

export interface ApplicationOrigin {
  /** The client's address (the byte budget per address). */
  address: string;
}

/** A mentor's application: all or nothing, then reviewed by an admin before the mentor can sign in. */
export class ApplicationService {
  constructor(private readonly deps: ApplicationServiceDeps) {}

  /**
   * Checks the three steps in order, then decides what the application does (see Outcome). A new applicant's
   * photo (square WebP) and video are stored and the user (PENDING_REVIEW), profile, topics, file records and
   * the application written in one transaction, within the daily upload budget; the address is mailed its
   * confirmation link, and the files are kept only if it is opened within 24 hours. A rejected applicant who
   * sends their password gets their account back in review with the new details (the earlier application
   * stays as history, its files are removed). Answers the message to show.
   */
  async apply(upload: MultipartUpload, origin: ApplicationOrigin): Promise<string> {
    const { profilePic, video } = upload.files;
    let application: AdvisorApplication;
    let outcome: Outcome;
    try {
      const form = readApplicationFields(upload.fields);
      const problem = validateAdvisorApplication(form, {
        hasImage: profilePic !== undefined,
        videoFileName: video ? video.clientName : null,
      });
      if (problem) throw invalid(problem.message);
      application = tidyApplication(form);
      const proof = typeof upload.fields.phoneProof === 'string' ? upload.fields.phoneProof : null;
      if (
        !(await isPhoneProofFor(this.deps.signingSecret, proof, application.phoneNumber, this.deps.now()))
      ) {
        throw invalid(verificationMessages.applicationPhoneNotVerified);
      }
      assertPasswordAllowed(application.password, application);
      outcome = await this.decide(this.deps.db, application);
    } catch (error) {
      await discardFiles([profilePic, video]);
      throw error;
    }
    if (outcome.kind !== 'NEW' && outcome.kind !== 'REAPPLY') {
      await discardFiles([profilePic, video]);
      await this.tell(outcome);
      return applicationMessages.checkEmail;
    }

    const passwordHash = outcome.kind === 'NEW' ? await hashPassword(application.password) : null;
    const stored: StoredFile[] = [];
    let written: Written;
    try {
      stored.push(await storeImage(this.deps.storage, profilePic!, { square: true }));
      stored.push(await storeVideo(this.deps.storage, video!));
      const [picture, movie] = stored as [StoredFile, StoredFile];
      written = await this.deps.db.transaction((tx) =>
        this.writeApplication(tx, application, passwordHash, picture, movie, origin),
      );
    } catch (error) {
      await discardFiles([profilePic, video]);
      await removeStored(
        this.deps.storage,
        stored.map((file) => file.key),
      );
      throw error;
    }
    if (written.kind === 'UNCHANGED') {
      // Another application for this e-mail was written meanwhile: this one keeps nothing.
      await removeStored(
        this.deps.storage,
        stored.map((file) => file.key),
      );
      await this.tell(written.outcome);
      return applicationMessages.checkEmail;
    }
    if (written.replaced) {
      await removeOwnUploads(this.deps.db, this.deps.storage, written.account.id, written.replaced);
    }
    await this.deps.phones.tellReleased(application.phoneNumber, written.released);
    if (!written.emailVerified) {
      await this.deps.links.send(written.account, 'APPLICATION');
      return applicationMessages.checkEmail;
    }
    await this.sendUnderReviewMail(application);
    return applicationMessages.submitted;
  }

  /**
   * Step 1's check, before anything is uploaded (issue 27): what sign-up would say of this e-mail and phone, and
   * the password's rules. An e-mail that has an account is refused with sign-up's words unless it is a rejected
   * applicant's and the password is theirs; the password is checked for every account alike, under sign-in's
   * delays, so neither the answer nor its time tells a rejected applicant from another account. A number another
   * account has verified is refused with sign-up's words. Nothing is written but a wrong password's count.
   */
  async check(request: ApplicationCheckRequest & { phoneNumber: string }, address: string): Promise<string> {
    assertPasswordAllowed(request.password, { email: request.email, name: request.name ?? '' });
    const existing = await new ApplicationRepository(this.deps.db).findAccountByEmail(request.email);
    let reapplying: number | null = null;
    if (existing) {
      const now = this.deps.now();
      const attempt = await startPasswordTry(this.deps.db, request.email, address, now);
      if (attempt.wait > 0) {
        throw new TooManyError(signInMessages.waitAfterFailures(attempt.wait), attempt.wait);
      }
      const isPasswordRight = await verifyPassword(existing.passwordHash, request.password);
      await endPasswordTry(this.deps.db, attempt, isPasswordRight, now);
      const isRejectedApplicant = existing.role === 'ADVISOR' && existing.status === 'REJECTED';
      if (!(isRejectedApplicant && isPasswordRight)) throw conflict(accountMessages.emailTaken);
      reapplying = existing.id;
    }
    if (await this.deps.phones.isVerifiedByOther(request.phoneNumber, reapplying)) {
      throw conflict(accountMessages.phoneTaken);
    }
    return applicationMessages.mayContinue;
  }

  /** The outcome for the account holding the application's e-mail, if any (locked inside a transaction). */
  private async decide(db: DbOrTx, application: AdvisorApplication): Promise<Outcome> {
    const existing = await new ApplicationRepository(db).lockAccountByEmail(application.email);
    if (!existing) return { kind: 'NEW' };
    if (existing.role !== 'ADVISOR') return { kind: 'OTHER_ACCOUNT', existing };
    if (existing.status === 'PENDING_REVIEW') return { kind: 'PENDING', existing };
    if (existing.status !== 'REJECTED') return { kind: 'MENTOR', existing };
    const isOwner = await verifyPassword(existing.passwordHash, application.password);
    return isOwner ? { kind: 'REAPPLY', existing } : { kind: 'NEEDS_PASSWORD', existing };
  }

  /** The whole application in one transaction, decided again under the account's lock. */
  private async writeApplication(
    tx: DbOrTx,
    application: AdvisorApplication,
    passwordHash: string | null,
    picture: StoredFile,
    movie: StoredFile,
    origin: ApplicationOrigin,
  ): Promise<Written> {
    const accounts = new SignupRepository(tx);
    const applications = new ApplicationRepository(tx);
    if (!(await accounts.industryExists(application.industryId))) {
      throw invalid(accountMessages.unknownIndustry);
    }
    if ((await applications.countTopics(application.topics)) !== application.topics.length) {
      throw invalid(advisorSettingsMessages.unknownTopic);
    }
    const outcome = await this.decide(tx, application);
    if (outcome.kind !== 'REAPPLY' && !(outcome.kind === 'NEW' && passwordHash)) {
      return { kind: 'UNCHANGED', outcome };
    }
    await assertUploadBudget(
      tx,
      { address: origin.address, email: application.email },
      picture.size + movie.size,
      this.deps.uploadBytesPerDay,
    );
    const details = {
      name: application.name,
      phoneNumber: application.phoneNumber,
      // Proven by the code the applicant typed (phoneProof, checked above).
      phoneVerifiedAt: this.deps.now(),
      gender: application.gender,
      dob: application.dob,
      industryId: application.industryId,
      occupation: application.occupation,
      linkedInUrl: application.linkedInUrl,
      country: application.country,
      profilePicUrl: picture.url,
      source: application.source,
    } satisfies Omit<NewAccount, 'role' | 'status' | 'email' | 'passwordHash'>;
    let account: WrittenAccount;
    let emailVerified = false;
    if (outcome.kind === 'REAPPLY') {
      const { existing } = outcome;
      const { tokenVersion } = await applications.reopenAccount(existing.id, details);
      account = { id: existing.id, name: application.name, email: existing.email, tokenVersion };
      emailVerified = existing.emailVerifiedAt !== null;
    } else {
      account = await accounts.insertAccount({
        ...details,
        email: application.email,
        passwordHash: passwordHash!,
        role: 'ADVISOR',
        status: 'PENDING_REVIEW',
      });
    }
    await applications.saveProfile({
      userId: account.id,
      favouriteQuote: application.favouriteQuote,
      biography: application.biography,
      videoUrl: movie.url,
      yrsOfProfessionalWorkExperience: application.yrsOfProfessionalWorkExperience,
      sizeOfOrganization: application.sizeOfOrganization,
      levelOfAdvisee: application.levelOfAdvisee,
      ratingForWorkingWithNewAdvisees: application.ratingForWorkingWithNewAdvisees,
    });
    await applications.replaceTopics(account.id, application.topics);
    const uploads = new UploadsRepository(tx);
    const uploadOrigin = { address: origin.address, email: application.email };
    await uploads.record(picture, account.id, uploadOrigin);
    await uploads.record(movie, account.id, uploadOrigin);
    const { password: _password, ...answers } = application;
    await applications.insertApplication(account.id, answers, advisorTerms.version);
    const released = await this.deps.phones.releaseFromOthers(tx, application.phoneNumber, account.id);
    const replaced =
      outcome.kind === 'REAPPLY' ? [outcome.existing.profilePicUrl, outcome.existing.videoUrl] : null;
    return { kind: 'WRITTEN', account, emailVerified, replaced, released };
  }

  /** Mails the address what an application that changed nothing did (the answer itself says only that). */
  private async tell(outcome: Outcome): Promise<void> {
    if (outcome.kind === 'NEW' || outcome.kind === 'REAPPLY') return;
    const { existing } = outcome;
    if (outcome.kind === 'PENDING' && !existing.emailVerifiedAt) {
      await this.deps.links.send(existing, 'APPLICATION');
      return;
    }
    const base = this.deps.publicUrl.replace(/\/+$/, '');
    const firstName = existing.name.split(' ')[0] ?? existing.name;
    const notYou = `If you did not send it, ignore this e-mail: nothing was changed. Questions: ${this.deps.supportEmail}.`;
    const bodies: Record<typeof outcome.kind, string[]> = {
      PENDING: [
        'We received another mentor application with this e-mail address, and did not keep it: your earlier application is still waiting for review. We will e-mail you once it has been reviewed.',
      ],
      MENTOR: [
        'We received a mentor application with this e-mail address, which already belongs to a mentor on MyProsper, and did not keep it.',
        `Sign in at ${base}/login instead.`,
      ],
      OTHER_ACCOUNT: [
        'We received a mentor application with this e-mail address, which already belongs to a MyProsper account, and did not keep it: an application never changes an existing account.',
        `To mentor with this address, write to ${this.deps.supportEmail}.`,
      ],
      NEEDS_PASSWORD: [
        'We received a new mentor application with this e-mail address, and did not keep it: to apply again, send the application with the password of your MyProsper account.',
        'Forgot it? Choose a new one with this link, then send the application again with it:',
        applicationResetLink(this.deps.publicUrl, this.deps.signingSecret, existing),
        `The link is valid for ${this.deps.resetLinkMinutes} minutes.`,
      ],
    };
    await this.mail(
      existing.email,
      'Your MyProsper mentor application',
      [`Hello ${firstName},`, '', ...bodies[outcome.kind], '', notYou].join('\n'),
    );
  }

  private async sendUnderReviewMail(application: AdvisorApplication): Promise<void> {
    const firstName = application.name.split(' ')[0];
    await this.mail(
      application.email,
      'Your MyProsper mentor application is under review',
      `Hello ${firstName},\n\nThank you for applying to mentor on MyProsper. Your application is now under review.\nWe will e-mail you as soon as it has been reviewed; you can sign in once it is approved.`,
    );
  }

  private async mail(to: string, subject: string, text: string): Promise<void> {
    try {
      await this.deps.mailer.send({ to, subject, text });
    } catch (error) {
      this.deps.log.error({ err: error }, 'could not send the application e-mail');
    }
  }
}

interface WrittenAccount {
  id: number;
  name: string;
  email: string;
  tokenVersion: number;
}

type Written =
  | { kind: 'UNCHANGED'; outcome: Outcome }
  | {
      kind: 'WRITTEN';
      account: WrittenAccount;
      emailVerified: boolean;
      /** The files of the rejected application this one replaced (removed once committed). */
      replaced: Array<string | null> | null;
      /** Accounts that held the applicant's proven number unverified and lost it (told once committed). */
      released: ReleasedHolder[];
    };
