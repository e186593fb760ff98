import type { Role } from '@myprosper/contract/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { advisorProfiles, advisorTopics, industries, topics } from '../../db/schema/catalogue.ts';
import { users } from '../../db/schema/users.ts';
import { accountConflictOf } from '../auth/auth.door.ts';

const personColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  phoneNumber: users.phoneNumber,
  dob: users.dob,
  gender: users.gender,
  occupation: users.occupation,
  linkedInUrl: users.linkedInUrl,
  country: users.country,
  profilePicUrl: users.profilePicUrl,
  emailVerifiedAt: users.emailVerifiedAt,
  industryId: industries.id,
  industryName: industries.name,
};

export type PersonRow = Awaited<ReturnType<ProfilesRepository['findPerson']>>;

/** A profile's own fields; the e-mail changes only through the link sent to the new address. */
export interface PersonUpdate {
  industryId: number;
  gender: string;
  dob: string;
  linkedInUrl: string;
  occupation: string;
  country?: string;
  profilePicUrl?: string;
}

export interface AdvisorProfileUpdate {
  favouriteQuote: string;
  biography: string;
  videoUrl?: string;
}

/** People's profiles: the user row, a mentor's profile and topics. */
export class ProfilesRepository {
  constructor(private readonly db: DbOrTx) {}

  async findPerson(userId: number, role: Role) {
    const [row] = await this.db
      .select(personColumns)
      .from(users)
      .leftJoin(industries, eq(industries.id, users.industryId))
      .where(and(eq(users.id, userId), eq(users.role, role)))
      .limit(1);
    return row ?? null;
  }

  async findAdvisorDetails(userId: number) {
    const [row] = await this.db
      .select({
        favouriteQuote: advisorProfiles.favouriteQuote,
        biography: advisorProfiles.biography,
        videoUrl: advisorProfiles.videoUrl,
        yrsOfProfessionalWorkExperience: advisorProfiles.yrsOfProfessionalWorkExperience,
        sizeOfOrganization: advisorProfiles.sizeOfOrganization,
        levelOfAdvisee: advisorProfiles.levelOfAdvisee,
        ratingForWorkingWithNewAdvisees: advisorProfiles.ratingForWorkingWithNewAdvisees,
      })
      .from(advisorProfiles)
      .where(eq(advisorProfiles.userId, userId))
      .limit(1);
    return row ?? null;
  }

  async listAdvisorTopics(advisorId: number) {
    return this.db
      .select({ id: topics.id, name: topics.name, tagLine: topics.tagLine })
      .from(advisorTopics)
      .innerJoin(topics, eq(topics.id, advisorTopics.topicId))
      .where(eq(advisorTopics.advisorId, advisorId))
      .orderBy(asc(advisorTopics.position), asc(topics.id));
  }

  /** The e-mail and password hash of an account, to ask for the password before the e-mail changes. */
  async findCredentials(userId: number) {
    const [row] = await this.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        passwordHash: users.passwordHash,
        tokenVersion: users.tokenVersion,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row ?? null;
  }

  /** Locks and reads the files a profile points at, so two updates cannot both replace the same file. */
  async lockFiles(userId: number) {
    const [row] = await this.db
      .select({ profilePicUrl: users.profilePicUrl, videoUrl: advisorProfiles.videoUrl })
      .from(users)
      .leftJoin(advisorProfiles, eq(advisorProfiles.userId, users.id))
      .where(eq(users.id, userId))
      .for('update', { of: users })
      .limit(1);
    return row ?? null;
  }

  /** Updates the user's own fields; an e-mail another account has answers 409. */
  async updatePerson(userId: number, update: PersonUpdate): Promise<void> {
    try {
      await this.db
        .update(users)
        .set({ ...update, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    } catch (error) {
      throw accountConflictOf(error) ?? error;
    }
  }

  async updateAdvisorProfile(userId: number, update: AdvisorProfileUpdate): Promise<void> {
    await this.db
      .insert(advisorProfiles)
      .values({ userId, ...update })
      .onConflictDoUpdate({ target: advisorProfiles.userId, set: update });
  }

  async setProfilePicture(userId: number, url: string): Promise<void> {
    await this.db
      .update(users)
      .set({ profilePicUrl: url, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }
}
