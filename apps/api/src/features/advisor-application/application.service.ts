import {
  type AdvisorApplication,
  advisorTerms,
  applicationMessages,
  readApplicationFields,
  tidyApplication,
  validateAdvisorApplication,
} from '@myprosper/contract/advisor-application';
import { advisorSettingsMessages } from '@myprosper/contract/advisor-settings';
import { accountMessages } from '@myprosper/contract/profiles';
import { verificationMessages } from '@myprosper/contract/verification';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { conflict, invalid } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
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
import { type NewAccount, SignupRepository } from '../auth/auth.door.ts';
import { removeOwnUploads, UploadsRepository } from '../profiles/profiles.door.ts';
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
  log: FastifyBaseLogger;
  /** The applicant's phone is proven (phoneProof); others holding it unverified lose it. */
  phones: PhoneVerificationService;
  signingSecret: string;
  now: () => Date;
}

/** A mentor's application: all or nothing, then reviewed by an admin before the mentor can sign in. */
export class ApplicationService {
  constructor(private readonly deps: ApplicationServiceDeps) {}

  /**
   * Checks the three steps in order, stores the photo (square WebP) and the video, then writes the user
   * (PENDING_REVIEW), profile, topics, file records and the application with the terms accepted, in one
   * transaction. When the transaction fails the stored files are removed, so nothing is left half-created.
   * A rejected applicant may apply again with the same e-mail: their account takes the new details and goes
   * back to review, the earlier application stays as history, and its files are removed.
   */
  async apply(upload: MultipartUpload): Promise<void> {
    const { profilePic, video } = upload.files;
    let application: AdvisorApplication;
    let passwordHash: string;
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
      passwordHash = await hashPassword(application.password);
    } catch (error) {
      await discardFiles([profilePic, video]);
      throw error;
    }

    const stored: StoredFile[] = [];
    let replaced: { applicantId: number; urls: Array<string | null> } | null = null;
    let released: ReleasedHolder[] = [];
    try {
      stored.push(await storeImage(this.deps.storage, profilePic!, { square: true }));
      stored.push(await storeVideo(this.deps.storage, video!));
      const [picture, movie] = stored as [StoredFile, StoredFile];
      ({ replaced, released } = await this.deps.db.transaction((tx) =>
        this.writeApplication(tx, application, passwordHash, picture, movie),
      ));
    } catch (error) {
      await discardFiles([profilePic, video]);
      await removeStored(
        this.deps.storage,
        stored.map((file) => file.key),
      );
      throw error;
    }
    if (replaced)
      await removeOwnUploads(this.deps.db, this.deps.storage, replaced.applicantId, replaced.urls);
    await this.deps.phones.tellReleased(application.phoneNumber, released);
    await this.sendUnderReviewMail(application);
  }

  /** The whole application in one transaction; answers the files a re-application replaced, if any. */
  private async writeApplication(
    tx: DbOrTx,
    application: AdvisorApplication,
    passwordHash: string,
    picture: StoredFile,
    movie: StoredFile,
  ) {
    const accounts = new SignupRepository(tx);
    const applications = new ApplicationRepository(tx);
    if (!(await accounts.industryExists(application.industryId))) {
      throw invalid(accountMessages.unknownIndustry);
    }
    if ((await applications.countTopics(application.topics)) !== application.topics.length) {
      throw invalid(advisorSettingsMessages.unknownTopic);
    }
    const account: Omit<NewAccount, 'role' | 'status'> = {
      email: application.email,
      name: application.name,
      phoneNumber: application.phoneNumber,
      // Proven by the code the applicant typed (phoneProof, checked above).
      phoneVerifiedAt: this.deps.now(),
      passwordHash,
      gender: application.gender,
      dob: application.dob,
      industryId: application.industryId,
      occupation: application.occupation,
      linkedInUrl: application.linkedInUrl,
      country: application.country,
      profilePicUrl: picture.url,
      source: application.source,
    };
    const existing = await applications.lockAccountByEmail(application.email);
    if (existing && existing.role !== 'ADVISOR') throw conflict(accountMessages.emailTaken);
    if (existing?.status === 'PENDING_REVIEW') throw conflict(applicationMessages.alreadyPending);
    if (existing && existing.status !== 'REJECTED') throw conflict(applicationMessages.alreadyMentor);
    let applicantId: number;
    if (existing) {
      await applications.reopenAccount(existing.id, account);
      applicantId = existing.id;
    } else {
      applicantId = (await accounts.insertAccount({ ...account, role: 'ADVISOR', status: 'PENDING_REVIEW' }))
        .id;
    }
    await applications.saveProfile({
      userId: applicantId,
      favouriteQuote: application.favouriteQuote,
      biography: application.biography,
      videoUrl: movie.url,
      yrsOfProfessionalWorkExperience: application.yrsOfProfessionalWorkExperience,
      sizeOfOrganization: application.sizeOfOrganization,
      levelOfAdvisee: application.levelOfAdvisee,
      ratingForWorkingWithNewAdvisees: application.ratingForWorkingWithNewAdvisees,
    });
    await applications.replaceTopics(applicantId, application.topics);
    const uploads = new UploadsRepository(tx);
    await uploads.record(picture, applicantId);
    await uploads.record(movie, applicantId);
    const { password: _password, ...answers } = application;
    await applications.insertApplication(applicantId, answers, advisorTerms.version);
    const released = await this.deps.phones.releaseFromOthers(tx, application.phoneNumber, applicantId);
    return {
      replaced: existing ? { applicantId, urls: [existing.profilePicUrl, existing.videoUrl] } : null,
      released,
    };
  }

  private async sendUnderReviewMail(application: AdvisorApplication): Promise<void> {
    const firstName = application.name.split(' ')[0];
    try {
      await this.deps.mailer.send({
        to: application.email,
        subject: 'Your MyProsper mentor application is under review',
        text: `Hello ${firstName},\n\nThank you for applying to mentor on MyProsper. Your application is now under review.\nWe will e-mail you as soon as it has been reviewed; you can sign in once it is approved.`,
      });
    } catch (error) {
      this.deps.log.error({ err: error }, 'could not send the application e-mail');
    }
  }
}
