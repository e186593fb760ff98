import type { FeedbackRequest } from '@myprosper/contract/sessions';
import { sessionMessages } from '@myprosper/contract/sessions';
import type { Db } from '../../db/connection.ts';
import { pgErrorOf, uniqueViolation } from '../../db/database-errors.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { ratingRefusal } from './rating-rule.ts';
import { FeedbackRepository } from './ratings.repository.ts';
import type { SessionsService } from './sessions.service.ts';

/** Ratings: an attendee who paid and was in the call rates a session that took place, once (rating-rule.ts). */
export class FeedbackService {
  constructor(
    private readonly db: Db,
    private readonly sessionsService: SessionsService,
    private readonly presenceMinutes: number,
  ) {}

  async addFeedback(
    caller: CurrentUser,
    input: { sessionId: number; rating: number; comment?: FeedbackRequest['comment'] },
  ): Promise<void> {
    const { record, viewer } = await this.sessionsService.findReadable(caller, input.sessionId);
    const now = new Date();
    const refusal = await ratingRefusal(this.db, {
      record,
      viewer,
      userId: caller.id,
      presenceMinutes: this.presenceMinutes,
      now,
    });
    if (refusal) throw new AppError(refusal.code, refusal.message);
    const comment = input.comment?.trim() || null;
    try {
      await new FeedbackRepository(this.db).insertFeedback({
        sessionId: record.id,
        adviseeId: caller.id,
        rating: input.rating,
        comment,
      });
    } catch (error) {
      // Two ratings at once: the unique constraint keeps one.
      if (pgErrorOf(error)?.code === uniqueViolation) throw conflict(sessionMessages.feedbackTwice);
      throw error;
    }
  }
}
