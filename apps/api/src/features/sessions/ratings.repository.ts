import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { advisorRatings, sessionFeedback } from '../../db/schema/sessions.ts';

export interface AdvisorRating {
  /** Average of the ratings (1-5), one decimal; 0 when there are none. */
  average: number;
  count: number;
}

export const noRating: AdvisorRating = { average: 0, count: 0 };

/**
 * Average rating and number of ratings of each mentor asked for, from the advisor_ratings view. Mentors
 * nobody rated yet answer { average: 0, count: 0 }.
 */
export async function findAdvisorRatings(
  db: DbOrTx,
  advisorIds: readonly number[],
): Promise<Map<number, AdvisorRating>> {
  const ratings = new Map<number, AdvisorRating>(advisorIds.map((id) => [id, noRating]));
  if (advisorIds.length === 0) return ratings;
  const rows = await db
    .select()
    .from(advisorRatings)
    .where(inArray(advisorRatings.advisorId, [...advisorIds]));
  for (const row of rows) ratings.set(row.advisorId, { average: row.averageRating, count: row.ratingCount });
  return ratings;
}

/** The ratings mentees give their sessions (session_feedback): one per person and session. */
export class FeedbackRepository {
  constructor(private readonly db: DbOrTx) {}

  async insertFeedback(values: {
    sessionId: number;
    adviseeId: number;
    rating: number;
    comment: string | null;
  }) {
    await this.db.insert(sessionFeedback).values(values);
  }

  async hasFeedback(sessionId: number, adviseeId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessionFeedback.id })
      .from(sessionFeedback)
      .where(and(eq(sessionFeedback.sessionId, sessionId), eq(sessionFeedback.adviseeId, adviseeId)))
      .limit(1);
    return row !== undefined;
  }
}
