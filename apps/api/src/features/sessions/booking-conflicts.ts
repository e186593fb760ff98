import { bookingMessages } from '@myprosper/contract/booking';
import { exclusionViolation, isRetryable, pgErrorOf } from '../../db/database-errors.ts';
import { type AppError, conflict } from '../../lib/errors.ts';

export const mentorOverlapConstraint = 'sessions_advisor_no_overlap';
export const participantOverlapConstraint = 'session_participants_no_overlap';

/**
 * A refused write as the answer people see: the mentor's slot is taken (409), or someone would be in two
 * sessions at once (409, worded for the caller or for another attendee). Null for any other failure.
 */
export function bookingConflictOf(error: unknown, callerId: number): AppError | null {
  const info = pgErrorOf(error);
  if (info?.code === exclusionViolation && info.constraint === participantOverlapConstraint) {
    const adviseeId = Number(/=\((\d+),/.exec(info.detail ?? '')?.[1]);
    return conflict(adviseeId === callerId ? bookingMessages.youAreBusy : bookingMessages.attendeeBusy);
  }
  if (info?.code === exclusionViolation) return conflict(bookingMessages.slotTaken);
  if (isRetryable(error)) return conflict(bookingMessages.slotTaken);
  return null;
}
