import { eq, inArray, sql } from 'drizzle-orm';
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
    const [row] = await this.db
      .select({
        id: users.id,
        role: users.role,
        status: users.status,
        profilePicUrl: users.profilePicUrl,
        videoUrl: advisorProfiles.videoUrl,
      })
      .from(users)
      .leftJoin(advisorProfiles, eq(advisorProfiles.userId, users.id))
      .where(sql`lower(${users.email}) = lower(${email})`)
      .for('update', { of: users })
      .limit(1);
    return row ?? null;
  }

  /**
   * A rejected applicant's account made ready for review again with the new application's details. Its old
   * tokens stop working (it could not sign in anyway); a phone taken by someone else answers 409.
   */
  async reopenAccount(userId: number, account: Omit<NewAccount, 'role' | 'status'>): Promise<void> {
    try {
      await this.db
        .update(users)
        .set({
          ...account,
          status: 'PENDING_REVIEW',
          tokenVersion: sql`${users.tokenVersion} + 1`,
          passwordChangedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId));
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
