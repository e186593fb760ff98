import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { advisorProfiles, advisorTopics, topics } from '../../db/schema/catalogue.ts';
import { advisorApplications } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';
import { accountConflictOf, type NewAccount } from '../auth/auth.door.ts';

type ProfileFields = Omit<typeof advisorProfiles.$inferInsert, 'ranking' | 'reviewedAt' | 'rejectionReason'>;

/**
 * What a mentor application writes beside the user row: the profile with its answers, the topics, and the
 * application itself (kept for good, with the terms accepted).
 */
export class ApplicationRepository {
  constructor(private readonly db: DbOrTx) {}

  async countTopics(topicIds: readonly number[]): Promise<number> {
    if (topicIds.length === 0) return 0;
    const rows = await this.db
      .select({ id: topics.id })
      .from(topics)
      .where(inArray(topics.id, [...topicIds]));
    return rows.length;
  }

  /** The account holding this e-mail (any letter case), locked for the application; null when none. */
  async lockAccountByEmail(email: string) {
    const [row] = await this.accountByEmail(email).for('update', { of: users });
    return row ?? null;
  }

  /** The account holding this e-mail (any letter case), read without a lock (step 1's check); null when none. */
  async findAccountByEmail(email: string) {
    const [row] = await this.accountByEmail(email);
    return row ?? null;
  }

  private accountByEmail(email: string) {
    return this.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        status: users.status,
        passwordHash: users.passwordHash,
        tokenVersion: users.tokenVersion,
        emailVerifiedAt: users.emailVerifiedAt,
        profilePicUrl: users.profilePicUrl,
        videoUrl: advisorProfiles.videoUrl,
      })
      .from(users)
      .leftJoin(advisorProfiles, eq(advisorProfiles.userId, users.id))
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1)
      .$dynamic();
  }

  /**
   * A rejected applicant's account made ready for review again with the new application's details; its
   * password and e-mail stay as they are (an application never sets a password). Its old tokens and e-mail
   * links stop working (it could not sign in anyway); a phone taken by someone else answers 409.
   */
  async reopenAccount(
    userId: number,
    account: Omit<NewAccount, 'role' | 'status' | 'passwordHash' | 'email'>,
  ): Promise<{ tokenVersion: number }> {
    try {
      const [row] = await this.db
        .update(users)
        .set({
          ...account,
          status: 'PENDING_REVIEW',
          tokenVersion: sql`${users.tokenVersion} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId))
        .returning({ tokenVersion: users.tokenVersion });
      return row!;
    } catch (error) {
      throw accountConflictOf(error) ?? error;
    }
  }

  /** Writes the mentor's profile, or replaces a rejected application's, clearing its review. */
  async saveProfile(profile: ProfileFields): Promise<void> {
    const { userId: _userId, ...fields } = profile;
    await this.db
      .insert(advisorProfiles)
      .values(profile)
      .onConflictDoUpdate({
        target: advisorProfiles.userId,
        set: { ...fields, reviewedAt: null, rejectionReason: null },
      });
  }

  async replaceTopics(advisorId: number, topicIds: readonly number[]): Promise<void> {
    await this.db.delete(advisorTopics).where(eq(advisorTopics.advisorId, advisorId));
    await this.db
      .insert(advisorTopics)
      .values(topicIds.map((topicId, position) => ({ advisorId, topicId, position })));
  }

  /** The application waiting for review, with the terms accepted now. */
  async insertApplication(
    applicantId: number,
    answers: Record<string, unknown>,
    termsVersion: string,
  ): Promise<void> {
    await this.db.insert(advisorApplications).values({
      applicantId,
      answers,
      termsVersion,
      termsAcceptedAt: sql`now()`,
    });
  }
}

/** Applications whose files must go: e-mail unconfirmed since `unconfirmedBefore`, or rejected before `rejectedBefore`. */
function filesExpired(unconfirmedBefore: Date, rejectedBefore: Date) {
  const lastSubmitted = sql`(select max(${advisorApplications.submittedAt}) from ${advisorApplications} where ${advisorApplications.applicantId} = ${users.id})`;
  return and(
    eq(users.role, 'ADVISOR'),
    or(isNotNull(users.profilePicUrl), isNotNull(advisorProfiles.videoUrl)),
    or(
      and(
        eq(users.status, 'PENDING_REVIEW'),
        isNull(users.emailVerifiedAt),
        sql`${lastSubmitted} < ${unconfirmedBefore.toISOString()}`,
      ),
      and(eq(users.status, 'REJECTED'), lt(advisorProfiles.reviewedAt, rejectedBefore)),
    ),
  );
}

/** The photo and video of applications nobody will review: unconfirmed e-mail, or rejected long ago. */
export class ApplicationFilesRepository {
  constructor(private readonly db: DbOrTx) {}

  async listExpired(unconfirmedBefore: Date, rejectedBefore: Date, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(advisorProfiles, eq(advisorProfiles.userId, users.id))
      .where(filesExpired(unconfirmedBefore, rejectedBefore))
      .orderBy(users.id)
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /**
   * Locks the applicant (skipped when a re-application or review holds it), checks again that its files must
   * go, and takes them off the account and profile; answers their addresses (null when there is nothing to do).
   */
  async takeExpiredFiles(
    userId: number,
    unconfirmedBefore: Date,
    rejectedBefore: Date,
  ): Promise<Array<string | null> | null> {
    const [row] = await this.db
      .select({ profilePicUrl: users.profilePicUrl, videoUrl: advisorProfiles.videoUrl })
      .from(users)
      .innerJoin(advisorProfiles, eq(advisorProfiles.userId, users.id))
      .where(and(eq(users.id, userId), filesExpired(unconfirmedBefore, rejectedBefore)))
      .for('update', { of: users, skipLocked: true })
      .limit(1);
    if (!row) return null;
    await this.db.update(users).set({ profilePicUrl: null }).where(eq(users.id, userId));
    await this.db.update(advisorProfiles).set({ videoUrl: null }).where(eq(advisorProfiles.userId, userId));
    return [row.profilePicUrl, row.videoUrl];
  }
}
