import type { SelfAssessmentInput } from '@myprosper/contract/assessment';
import { and, desc, eq, exists, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { selfAssessments } from '../../db/schema/profiles.ts';
import { sessionParticipants, sessions } from '../../db/schema/sessions.ts';

export type SelfAssessmentRow = typeof selfAssessments.$inferSelect;

/** Self assessments (every submission kept) and who may read them. */
export class AssessmentRepository {
  constructor(private readonly db: DbOrTx) {}

  async insert(input: SelfAssessmentInput): Promise<SelfAssessmentRow> {
    const [row] = await this.db
      .insert(selfAssessments)
      .values({
        adviseeId: input.adviseeId,
        strugglingWith: input.strugglingWith,
        strugglingWithThisArea: input.strugglingWithThisArea,
        howHaveYouAddressed: input.howHaveYouAddresses,
        additionalInformation: input.additionalInformation,
      })
      .returning();
    return row!;
  }

  async findLatest(adviseeId: number): Promise<SelfAssessmentRow | null> {
    const [row] = await this.db
      .select()
      .from(selfAssessments)
      .where(eq(selfAssessments.adviseeId, adviseeId))
      .orderBy(desc(selfAssessments.createdAt), desc(selfAssessments.id))
      .limit(1);
    return row ?? null;
  }

  /**
   * Whether the mentor has a booked (held or paid) session the advisee hosts or has accepted to attend. An
   * invitation not accepted gives the mentor nothing of the invited person's (issue 19).
   */
  async hasSessionTogether(advisorId: number, adviseeId: number): Promise<boolean> {
    const attends = this.db
      .select({ id: sessionParticipants.id })
      .from(sessionParticipants)
      .where(
        and(
          eq(sessionParticipants.sessionId, sessions.id),
          eq(sessionParticipants.adviseeId, adviseeId),
          eq(sessionParticipants.invitationStatus, 'ACCEPTED'),
        ),
      );
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.advisorId, advisorId),
          or(eq(sessions.status, 'CONFIRMED'), eq(sessions.status, 'PENDING_PAYMENT')),
          or(eq(sessions.adviseeId, adviseeId), exists(attends)),
        ),
      )
      .limit(1);
    return row !== undefined;
  }
}
