import { sessionMessages } from '@myprosper/contract/sessions';
import type { DbOrTx } from '../../db/connection.ts';
import type { ErrorCode } from '../../lib/errors.ts';
import { AttendanceRepository, hasAttended } from '../calls/calls.door.ts';
import { FeedbackRepository } from './ratings.repository.ts';
import { effectiveStatus, type Viewer } from './session-view.ts';
import { type SessionRecord, SessionsRepository } from './sessions.repository.ts';

export interface RatingRefusal {
  code: ErrorCode;
  message: string;
}

/**
 * Who may rate a session (issue 20), in one place for the rating itself and for the session page's
 * 'Rate this session': an attendee (host, or invited and accepted) whose share was paid (by them or for
 * them), of a session that took place and whose mentor attended, who was in its call by the presence rule
 * (at least `presenceMinutes` between the start and the end), and who has not rated it yet. Answers why
 * not, or null when they may.
 */
export async function ratingRefusal(
  db: DbOrTx,
  input: { record: SessionRecord; viewer: Viewer; userId: number; presenceMinutes: number; now: Date },
): Promise<RatingRefusal | null> {
  const { record, viewer, userId, now } = input;
  if (viewer !== 'ADVISEE') return { code: 'FORBIDDEN', message: sessionMessages.feedbackOnlyAttendees };
  if (record.endsAt > now) return { code: 'INVALID_INPUT', message: sessionMessages.feedbackNotYet };
  if (effectiveStatus(record, now) !== 'CONFIRMED') {
    return { code: 'INVALID_INPUT', message: sessionMessages.feedbackNotHeld };
  }
  if (record.mentorNoShow) return { code: 'INVALID_INPUT', message: sessionMessages.feedbackMentorAbsent };
  const repository = new SessionsRepository(db);
  const share = await repository.findOwnShare(record.id, userId);
  if (!share) return { code: 'FORBIDDEN', message: sessionMessages.feedbackOnlyAttendees };
  if (share.paymentStatus !== 'PAID') return { code: 'FORBIDDEN', message: sessionMessages.feedbackNotPaid };
  const seconds = await new AttendanceRepository(db).secondsPresent(record, [userId], now);
  if (!hasAttended(seconds.get(userId) ?? 0, input.presenceMinutes)) {
    return { code: 'FORBIDDEN', message: sessionMessages.feedbackNotPresent };
  }
  if (await new FeedbackRepository(db).hasFeedback(record.id, userId)) {
    return { code: 'CONFLICT', message: sessionMessages.feedbackTwice };
  }
  return null;
}
