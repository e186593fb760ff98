import { type FeedbackRequest, sessionMessages } from '@myprosper/contract/sessions';
import type { Db } from '../../db/connection.ts';
import { pgErrorOf, uniqueViolation } from '../../db/database-errors.ts';
import { conflict, forbidden, invalid } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { effectiveStatus } from './session-view.ts';
import { SessionsRepository } from './sessions.repository.ts';
import type { SessionsService } from './sessions.service.ts';

/** Ratings: an attendee rates a session that took place, once. */
export class FeedbackService {
  constructor(
    private readonly db: Db,
    private readonly sessionsService: SessionsService,
  ) {}

  async addFeedback(
    caller: CurrentUser,
    input: { sessionId: number; rating: number; comment?: FeedbackRequest['comment'] },
  ): Promise<void> {
    const { record, viewer } = await this.sessionsService.findReadable(caller, input.sessionId);
    if (viewer !== 'ADVISEE') throw forbidden(sessionMessages.feedbackOnlyAttendees);
    const now = new Date();
    if (record.endsAt > now) throw invalid(sessionMessages.feedbackNotYet);
    if (effectiveStatus(record, now) !== 'CONFIRMED') throw invalid(sessionMessages.feedbackNotHeld);
    const comment = input.comment?.trim() || null;
    try {
      await new SessionsRepository(this.db).insertFeedback({
        sessionId: record.id,
        adviseeId: caller.id,
        rating: input.rating,
        comment,
      });
    } catch (error) {
      if (pgErrorOf(error)?.code === uniqueViolation) throw conflict(sessionMessages.feedbackTwice);
      throw error;
    }
  }
}
