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
import { type CurrentUser, type EmailLinks, SignupRepository } from '../auth/auth.door.ts';
import { type PersonRow, ProfilesRepository } from './profiles.repository.ts';
import { UploadsRepository } from './uploads.repository.ts';

/** What a profile update did: whether a new e-mail address was sent its confirmation link. */
export interface ProfileUpdated {
  emailLinkSent: boolean;
}

/** Reading and editing one's own profile, and the files it points at. */
export class ProfilesService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    /** A new e-mail address is mailed a link; it replaces the current one only once the link is opened. */
    private readonly links: EmailLinks,
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
   * password and is only mailed a link: it becomes the account's (and the old address is told) once opened.
   */
  async updateAdviseeDetails(caller: CurrentUser, update: UpdateAdviseeDetails): Promise<ProfileUpdated> {
    if (update.adviseeId !== caller.id) throw forbidden(messages.forbidden);
    const { adviseeId: _id, currentPassword, email, ...fields } = update;
    const account = await this.checkEmailChange(caller.id, email, currentPassword);
    await this.db.transaction(async (tx) => {
      await assertIndustry(tx, update.industryId);
      await new ProfilesRepository(tx).updatePerson(caller.id, fields);
    });
    return this.sendChangeLink(account, email);
  }

  /**
   * The mentor's own fields. A new photo or video must be a file this mentor uploaded; the file it replaces
   * is removed once the change is committed. A new e-mail needs the current password and is only mailed a
   * link, as for advisees.
   */
  async updateAdvisorDetails(caller: CurrentUser, update: UpdateAdvisorDetails): Promise<ProfileUpdated> {
    if (update.advisorId !== caller.id) throw forbidden(messages.forbidden);
    const account = await this.checkEmailChange(caller.id, update.email, update.currentPassword);
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
    return this.sendChangeLink(account, update.email);
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
   * The account when `email` is a new address (null when it stays). A stolen token alone must not redirect
   * the account's mail (password reset links): a new address needs the current password.
   */
  private async checkEmailChange(userId: number, email: string, currentPassword: string) {
    const account = await new ProfilesRepository(this.db).findCredentials(userId);
    if (!account) throw notFound(profileMessages.notFound);
    if (!isEmailChange(account.email, email)) return null;
    const problem = validateEmailChange(account.email, email, currentPassword);
    if (problem) throw invalid(problem.message);
    if (!(await verifyPassword(account.passwordHash, currentPassword))) {
      throw invalid(messages.currentPasswordIncorrect);
    }
    return account;
  }

  /**
   * Mails the new address its link (once the rest is committed). Whether another account holds that address
   * is not told here: the link says so to whoever opens it, and the account keeps its address meanwhile.
   */
  private async sendChangeLink(
    account: Awaited<ReturnType<ProfilesService['checkEmailChange']>>,
    email: string,
  ): Promise<ProfileUpdated> {
    if (!account) return { emailLinkSent: false };
    await this.links.send(account, 'CHANGE', email);
    return { emailLinkSent: true };
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
    emailVerified: person.emailVerifiedAt !== null,
  };
}
