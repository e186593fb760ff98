import { messages } from '@myprosper/contract/messages';
import {
  type AdviseeDetails,
  type AdvisorProfile,
  accountMessages,
  isEmailChange,
  profileMessages,
  type UpdateAdviseeDetails,
  type UpdateAdvisorDetails,
  validateEmailChange,
} from '@myprosper/contract/profiles';
import type { UploadFileType } from '@myprosper/contract/uploads';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { forbidden, invalid, notFound } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { FileStorage } from '../../lib/stored-files.ts';
import {
  type ReceivedFile,
  removeStored,
  type StoredFile,
  storeImage,
  storeVideo,
} from '../../lib/uploads.ts';
import type { Mailer } from '../../providers/mail.ts';
import { type CurrentUser, SignupRepository } from '../auth/auth.door.ts';
import { type PersonRow, ProfilesRepository } from './profiles.repository.ts';
import { UploadsRepository } from './uploads.repository.ts';

/** Who is told when an account's e-mail address changes: the old address, by mail. */
export interface EmailChangeNotices {
  mailer: Mailer;
  /** Named in the mail, for someone whose address was changed by another. */
  supportEmail: string;
  log: FastifyBaseLogger;
}

/** Reading and editing one's own profile, and the files it points at. */
export class ProfilesService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly notices: EmailChangeNotices,
  ) {}

  async getAdviseeDetails(caller: CurrentUser, adviseeId: number): Promise<AdviseeDetails> {
    assertSelfOrAdmin(caller, adviseeId);
    const person = await new ProfilesRepository(this.db).findPerson(adviseeId, 'ADVISEE');
    if (!person) throw notFound(profileMessages.notFound);
    return { ...personView(person), username: person.email };
  }

  async getAdvisorProfile(caller: CurrentUser, advisorId: number): Promise<AdvisorProfile> {
    assertSelfOrAdmin(caller, advisorId);
    const repository = new ProfilesRepository(this.db);
    const person = await repository.findPerson(advisorId, 'ADVISOR');
    if (!person) throw notFound(profileMessages.notFound);
    const [details, topics] = await Promise.all([
      repository.findAdvisorDetails(advisorId),
      repository.listAdvisorTopics(advisorId),
    ]);
    return {
      ...personView(person),
      videoURL: details?.videoUrl ?? null,
      favouriteQuote: details?.favouriteQuote ?? '',
      biography: details?.biography ?? '',
      country: person.country,
      topics,
      yrsOfProfessionalWorkExperience: details?.yrsOfProfessionalWorkExperience ?? null,
      sizeOfOrganization: details?.sizeOfOrganization ?? null,
      levelOfAdvisee: details?.levelOfAdvisee ?? null,
      ratingForWorkingWithNewAdvisees: details?.ratingForWorkingWithNewAdvisees ?? null,
      advisorDetails: { profilePicUrl: person.profilePicUrl },
    };
  }

  /**
   * The advisee's own fields; name and phone are never changed here. A new e-mail needs the current
   * password, and the old address is told.
   */
  async updateAdviseeDetails(caller: CurrentUser, update: UpdateAdviseeDetails): Promise<void> {
    if (update.adviseeId !== caller.id) throw forbidden(messages.forbidden);
    const { adviseeId: _id, currentPassword, ...fields } = update;
    const oldEmail = await this.checkEmailChange(caller.id, fields.email, currentPassword);
    await this.db.transaction(async (tx) => {
      await assertIndustry(tx, update.industryId);
      await new ProfilesRepository(tx).updatePerson(caller.id, fields);
    });
    if (oldEmail) await this.tellOldAddress(oldEmail, fields.email);
  }

  /**
   * The mentor's own fields. A new photo or video must be a file this mentor uploaded; the file it replaces
   * is removed once the change is committed. A new e-mail needs the current password, and the old address
   * is told.
   */
  async updateAdvisorDetails(caller: CurrentUser, update: UpdateAdvisorDetails): Promise<void> {
    if (update.advisorId !== caller.id) throw forbidden(messages.forbidden);
    const oldEmail = await this.checkEmailChange(caller.id, update.email, update.currentPassword);
    const replaced = await this.db.transaction(async (tx) => {
      await assertIndustry(tx, update.industryId);
      const profiles = new ProfilesRepository(tx);
      const current = await profiles.lockFiles(caller.id);
      const uploads = new UploadsRepository(tx);
      const newPicture = await this.acceptFile(
        uploads,
        caller.id,
        update.profilePicUrl,
        current?.profilePicUrl,
        'IMAGE',
      );
      const newVideo = await this.acceptFile(uploads, caller.id, update.videoURL, current?.videoUrl, 'VIDEO');
      await profiles.updatePerson(caller.id, {
        email: update.email,
        industryId: update.industryId,
        gender: update.gender,
        dob: update.dob,
        linkedInUrl: update.linkedInUrl,
        occupation: update.occupation,
        country: update.country,
        ...(newPicture ? { profilePicUrl: newPicture } : {}),
      });
      await profiles.updateAdvisorProfile(caller.id, {
        favouriteQuote: update.favouriteQuote,
        biography: update.biography,
        ...(newVideo ? { videoUrl: newVideo } : {}),
      });
      return [newPicture ? current?.profilePicUrl : null, newVideo ? current?.videoUrl : null];
    });
    await this.removeOwnFiles(caller.id, replaced);
    if (oldEmail) await this.tellOldAddress(oldEmail, update.email);
  }

  /** A new photo, square-cropped and re-encoded; the old one is removed. */
  async updateProfilePicture(caller: CurrentUser, file: ReceivedFile): Promise<string> {
    const stored = await storeImage(this.storage, file, { square: true });
    let previous: string | null = null;
    try {
      await this.db.transaction(async (tx) => {
        const profiles = new ProfilesRepository(tx);
        previous = (await profiles.lockFiles(caller.id))?.profilePicUrl ?? null;
        await new UploadsRepository(tx).record(stored, caller.id);
        await profiles.setProfilePicture(caller.id, stored.url);
      });
    } catch (error) {
      await removeStored(this.storage, [stored.key]);
      throw error;
    }
    await this.removeOwnFiles(caller.id, [previous]);
    return stored.url;
  }

  /** Stores a checked file for later use in a profile (e.g. the mentor's video); answers its address. */
  async uploadFile(caller: CurrentUser, file: ReceivedFile, fileType: UploadFileType): Promise<StoredFile> {
    const stored =
      fileType === 'IMAGE'
        ? await storeImage(this.storage, file, { square: false })
        : await storeVideo(this.storage, file);
    try {
      await new UploadsRepository(this.db).record(stored, caller.id);
    } catch (error) {
      await removeStored(this.storage, [stored.key]);
      throw error;
    }
    return stored;
  }

  /**
   * The address being replaced when `email` is a new one (null when it stays). A stolen token alone must not
   * redirect the account's mail (password reset links): a new address needs the current password.
   */
  private async checkEmailChange(
    userId: number,
    email: string,
    currentPassword: string,
  ): Promise<string | null> {
    const account = await new ProfilesRepository(this.db).findCredentials(userId);
    if (!account) throw notFound(profileMessages.notFound);
    if (!isEmailChange(account.email, email)) return null;
    const problem = validateEmailChange(account.email, email, currentPassword);
    if (problem) throw invalid(problem.message);
    if (!(await verifyPassword(account.passwordHash, currentPassword))) {
      throw invalid(messages.currentPasswordIncorrect);
    }
    return account.email;
  }

  /** Tells the old address its account moved (once committed): the owner notices a change they did not make. */
  private async tellOldAddress(oldEmail: string, newEmail: string): Promise<void> {
    const { mailer, supportEmail, log } = this.notices;
    try {
      await mailer.send({
        to: oldEmail,
        subject: 'Your MyProsper email address was changed',
        text: [
          'Hello,',
          '',
          `The email address of your MyProsper account was changed from ${oldEmail} to ${newEmail}.`,
          'Messages and password reset links now go to the new address.',
          '',
          `If you did not make this change, write to ${supportEmail} at once so we can secure your account.`,
        ].join('\n'),
      });
    } catch (error) {
      log.error({ err: error }, 'could not tell the old address of an e-mail change');
    }
  }

  /**
   * The address to store for a profile file: null to keep the current one (nothing sent, or the same), or a
   * file this person uploaded of the right kind.
   */
  private async acceptFile(
    uploads: UploadsRepository,
    ownerId: number,
    url: string | null,
    currentUrl: string | null | undefined,
    kind: UploadFileType,
  ): Promise<string | null> {
    if (url === null || url === currentUrl) return null;
    const key = this.storage.keyOf(url);
    if (!key || !(await uploads.isOwnedBy(key, ownerId, kind))) throw invalid(profileMessages.notOwnUpload);
    return url;
  }

  private removeOwnFiles(ownerId: number, urls: ReadonlyArray<string | null | undefined>): Promise<void> {
    return removeOwnUploads(this.db, this.storage, ownerId, urls);
  }
}

/**
 * Removes replaced files that were this person's uploads (never demo or other people's files); call after
 * the change that replaced them was committed.
 */
export async function removeOwnUploads(
  db: Db,
  storage: FileStorage,
  ownerId: number,
  urls: ReadonlyArray<string | null | undefined>,
): Promise<void> {
  for (const url of urls) {
    const key = url ? storage.keyOf(url) : null;
    if (key && (await new UploadsRepository(db).forget(key, ownerId))) await removeStored(storage, [key]);
  }
}

function assertSelfOrAdmin(caller: CurrentUser, userId: number): void {
  if (caller.id !== userId && caller.role !== 'ADMIN') throw forbidden(messages.forbidden);
}

async function assertIndustry(db: DbOrTx, industryId: number): Promise<void> {
  if (!(await new SignupRepository(db).industryExists(industryId)))
    throw invalid(accountMessages.unknownIndustry);
}

function personView(person: NonNullable<PersonRow>) {
  return {
    id: person.id,
    name: person.name,
    email: person.email,
    phoneNumber: person.phoneNumber,
    dob: person.dob,
    gender: person.gender,
    occupation: person.occupation,
    linkedInUrl: person.linkedInUrl,
    industry: person.industryId === null ? null : { id: person.industryId, name: person.industryName ?? '' },
    profilePicUrl: person.profilePicUrl,
  };
}
