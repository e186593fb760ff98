import { type CallRole, callMessages, callWindow, roomCapacity } from '@myprosper/contract/calls';
import type { BookingStatus, CallStatus, InvitationStatus, SessionType } from '@myprosper/contract/sessions';
import { sessionMessages } from '@myprosper/contract/sessions';
import { AppError, type ErrorCode } from '../../lib/errors.ts';

/** What the join rule needs to know of a session and of the person asking. */
export interface AccessFacts {
  session: {
    id: number;
    sessionType: SessionType;
    status: BookingStatus;
    advisorId: number;
    startsAt: Date;
    endsAt: Date;
    callStatus: CallStatus;
    /** The mentor was decided absent: the session ended for everyone. */
    mentorNoShow: boolean;
    /**
     * False while a group's host is asked to cover its price (fewer than two paid attendees at the cut-off,
     * payments' group-cover.service.ts): the call opens only once the price is covered. Absent: covered.
     */
    priceCovered?: boolean;
  };
  /** The asker's attendee row; null when they are not an attendee. */
  attendee: { paymentStatus: 'PAID' | 'UNPAID'; invitationStatus: InvitationStatus } | null;
  userId: number;
}

export interface AccessSettings {
  earlyJoinMinutes: number;
  graceMinutes: number;
}

export type AccessDecision =
  | { ok: true; role: CallRole; capacity: number; opensAt: Date; closesAt: Date }
  | { ok: false; code: ErrorCode; message: string };

function refuse(code: ErrorCode, message: string): AccessDecision {
  return { ok: false, code, message };
}

/**
 * Who may be in a session's call, and when: its mentor, and attendees who have paid (in a group, also
 * accepted the invitation); only for a confirmed session whose mentor was not decided absent and whose price
 * is covered, from `earlyJoinMinutes` before the start until the
 * end plus `graceMinutes`. The room size is checked where the room is known (join).
 */
export function decideAccess(facts: AccessFacts, now: Date, settings: AccessSettings): AccessDecision {
  const { session, attendee } = facts;
  const isMentor = session.advisorId === facts.userId;
  if (!isMentor && !attendee) return refuse('NOT_FOUND', sessionMessages.sessionNotFound);
  if (session.status === 'CANCELLED') return refuse('GONE', callMessages.cancelled);
  if (session.status !== 'CONFIRMED') return refuse('CONFLICT', callMessages.notConfirmed);
  if (session.mentorNoShow) {
    return refuse('GONE', isMentor ? callMessages.youDidNotAttend : callMessages.mentorDidNotAttend);
  }
  const { opensAt, closesAt } = callWindow(session, {
    earlyJoinMinutes: settings.earlyJoinMinutes,
    graceMinutes: settings.graceMinutes,
  });
  if (now >= closesAt || session.callStatus === 'ENDED') return refuse('GONE', callMessages.ended);
  if (now < opensAt) return refuse('CONFLICT', callMessages.tooEarly(settings.earlyJoinMinutes));
  if (session.priceCovered === false) return refuse('CONFLICT', callMessages.priceNotCovered);
  if (!isMentor && attendee) {
    if (attendee.paymentStatus !== 'PAID') return refuse('FORBIDDEN', callMessages.notPaid);
    if (session.sessionType === 'GROUP' && attendee.invitationStatus !== 'ACCEPTED') {
      return refuse('FORBIDDEN', callMessages.notAccepted);
    }
  }
  return {
    ok: true,
    role: isMentor ? 'ADVISOR' : 'ADVISEE',
    capacity: roomCapacity[session.sessionType],
    opensAt,
    closesAt,
  };
}

/** The refusal as the API's error. */
export function accessError(decision: Extract<AccessDecision, { ok: false }>): AppError {
  return new AppError(decision.code, decision.message);
}
