import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { advisorProfiles, advisorTopics, industries, topics } from '../../db/schema/catalogue.ts';
import { advisorApplications } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';

export type ApplicationStatus = 'ACTIVE' | 'REJECTED';

/**
 * Mentor applications: users with role ADVISOR waiting in PENDING_REVIEW, with their profile, the terms they
 * accepted (advisor_applications) and their earlier applications.
 */
export class ApplicationsRepository {
  constructor(private readonly db: DbOrTx) {}

  async listPending() {
    const appliedAt = sql<Date>`coalesce(${advisorApplications.submittedAt}, ${users.createdAt})`;
    return this.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        phoneNumber: users.phoneNumber,
        dob: users.dob,
        gender: users.gender,
        country: users.country,
        linkedInUrl: users.linkedInUrl,
        occupation: users.occupation,
        industryId: industries.id,
        industryName: industries.name,
        profilePicUrl: users.profilePicUrl,
        source: users.source,
        createdAt: appliedAt.mapWith(users.createdAt),
        termsVersion: advisorApplications.termsVersion,
        termsAcceptedAt: advisorApplications.termsAcceptedAt,
        videoUrl: advisorProfiles.videoUrl,
        favouriteQuote: advisorProfiles.favouriteQuote,
        biography: advisorProfiles.biography,
        yrsOfProfessionalWorkExperience: advisorProfiles.yrsOfProfessionalWorkExperience,
        sizeOfOrganization: advisorProfiles.sizeOfOrganization,
        levelOfAdvisee: advisorProfiles.levelOfAdvisee,
        ratingForWorkingWithNewAdvisees: advisorProfiles.ratingForWorkingWithNewAdvisees,
      })
      .from(users)
      .innerJoin(advisorProfiles, eq(advisorProfiles.userId, users.id))
      .leftJoin(industries, eq(industries.id, users.industryId))
      .leftJoin(
        advisorApplications,
        and(eq(advisorApplications.applicantId, users.id), eq(advisorApplications.status, 'PENDING_REVIEW')),
      )
      .where(and(eq(users.role, 'ADVISOR'), eq(users.status, 'PENDING_REVIEW')))
      .orderBy(asc(appliedAt), asc(users.id));
  }

  /** Reviewed applications of these applicants, newest first. */
  async listEarlierApplicationsOf(applicantIds: readonly number[]) {
    if (applicantIds.length === 0) return [];
    return this.db
      .select({
        applicantId: advisorApplications.applicantId,
        submittedAt: advisorApplications.submittedAt,
        reviewedAt: advisorApplications.reviewedAt,
        status: advisorApplications.status,
        rejectionReason: advisorApplications.rejectionReason,
      })
      .from(advisorApplications)
      .where(
        and(
          inArray(advisorApplications.applicantId, [...applicantIds]),
          ne(advisorApplications.status, 'PENDING_REVIEW'),
        ),
      )
      .orderBy(desc(advisorApplications.submittedAt), desc(advisorApplications.id));
  }

  async listTopicsOf(advisorIds: readonly number[]) {
    if (advisorIds.length === 0) return [];
    return this.db
      .select({
        advisorId: advisorTopics.advisorId,
        id: topics.id,
        name: topics.name,
        tagLine: topics.tagLine,
      })
      .from(advisorTopics)
      .innerJoin(topics, eq(topics.id, advisorTopics.topicId))
      .where(inArray(advisorTopics.advisorId, [...advisorIds]))
      .orderBy(asc(advisorTopics.position), asc(topics.id));
  }

  /** The applicant, locked for the review (call inside a transaction); null when not a mentor. */
  async lockApplicant(userId: number) {
    const [row] = await this.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        status: users.status,
        emailVerifiedAt: users.emailVerifiedAt,
      })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.role, 'ADVISOR')))
      .for('update')
      .limit(1);
    return row ?? null;
  }

  async setReviewed(
    userId: number,
    status: ApplicationStatus,
    rejectionReason: string | null,
    reviewerId: number,
  ): Promise<void> {
    await this.db.update(users).set({ status, updatedAt: sql`now()` }).where(eq(users.id, userId));
    await this.db
      .update(advisorProfiles)
      .set({ reviewedAt: sql`now()`, rejectionReason })
      .where(eq(advisorProfiles.userId, userId));
    await this.db
      .update(advisorApplications)
      .set({
        status: status === 'ACTIVE' ? 'APPROVED' : 'REJECTED',
        reviewedAt: sql`now()`,
        reviewedBy: reviewerId,
        rejectionReason,
      })
      .where(
        and(eq(advisorApplications.applicantId, userId), eq(advisorApplications.status, 'PENDING_REVIEW')),
      );
  }
}
