import type { BookingStatus, Session, SessionAttendee } from '@myprosper/contract/sessions';
import { localDateTimeOf } from '@myprosper/contract/slots';
import type { ParticipantRecord, SessionRecord } from './sessions.repository.ts';

/** Who is looking: mentors see every confirmed session as paid. */
export type Viewer = 'ADVISOR' | 'ADVISEE';

/** The booking status people see: an unpaid hold past its time is EXPIRED even before the job marks it. */
export function effectiveStatus(
  record: Pick<SessionRecord, 'status' | 'holdExpiresAt'>,
  now: Date,
): BookingStatus {
  if (record.status === 'PENDING_PAYMENT' && record.holdExpiresAt && record.holdExpiresAt <= now)
    return 'EXPIRED';
  return record.status;
}

export function isHoldingSlot(status: BookingStatus): boolean {
  return status === 'PENDING_PAYMENT' || status === 'CONFIRMED';
}

/**
 * An attendee as anyone sees them. Until an invited person accepts they are only the number as typed: no
 * account, name or e-mail, whatever a row may hold (issue 19).
 */
function toAttendee(participant: ParticipantRecord): SessionAttendee {
  if (!participant.isHost && participant.invitationStatus !== 'ACCEPTED') {
    return {
      adviseeId: null,
      advisee: null,
      phoneNumber: participant.phoneNumber,
      email: null,
      amount: participant.amount,
      invitationStatus: participant.invitationStatus,
      paymentStatus: participant.paymentStatus,
      isHost: false,
    };
  }
  return {
    adviseeId: participant.adviseeId,
    advisee: participant.name === null ? null : { name: participant.name },
    phoneNumber: participant.phoneNumber,
    email: participant.email,
    amount: participant.amount,
    invitationStatus: participant.invitationStatus,
    paymentStatus: participant.paymentStatus,
    isHost: participant.isHost,
  };
}

/** The invitation of a viewer invited by their verified phone who has not accepted it. */
export interface ViewerInvitation {
  phoneNumber: string;
  invitationStatus: 'PENDING' | 'DECLINED';
}

/**
 * A session as the API answers it (the spec's Session entity); never a database row. A viewer who is only
 * invited (`invitation`) sees their own attendee row and not the others'.
 */
export function toSession(
  record: SessionRecord,
  participants: readonly ParticipantRecord[],
  options: {
    viewer: Viewer;
    now: Date;
    timeZone: string;
    invitation?: ViewerInvitation;
    /** Whether this viewer may rate it now (rating-rule.ts); lists do not ask, and say false. */
    canRate?: boolean;
    /** SessionRules.maxReschedules */
    maxReschedules: number;
    /** Who is looking, when known: the booker sees their own note to the mentor (the mentor always does). */
    viewerId?: number;
  },
): Session {
  const { invitation } = options;
  const status = effectiveStatus(record, options.now);
  const paymentStatus =
    options.viewer === 'ADVISOR' && status === 'CONFIRMED' ? 'PAID' : record.paymentStatus;
  return {
    id: record.id,
    reference: record.reference,
    sessionType: record.sessionType,
    sessionStatus: record.endsAt <= options.now ? 'PAST' : 'UPCOMING',
    paymentStatus,
    sessionCallStatus: record.callStatus,
    startTime: localDateTimeOf(record.startsAt, options.timeZone).dateTime,
    startTimeUtc: record.startsAt.toISOString(),
    endTimeUtc: record.endsAt.toISOString(),
    amount: record.amount,
    topic: record.topic,
    advisor: {
      id: record.advisor.id,
      name: record.advisor.name,
      advisorDetails: { profilePicUrl: record.advisor.profilePicUrl },
    },
    advisee: { id: record.host.id, name: record.host.name, profilePicUrl: record.host.profilePicUrl },
    groupSessionAttendees:
      record.sessionType === 'GROUP'
        ? participants
            .filter((p) => p.sessionId === record.id)
            .filter((p) => !invitation || (p.adviseeId === null && p.phoneNumber === invitation.phoneNumber))
            .map(toAttendee)
        : [],
    holdExpiresAt: record.holdExpiresAt && status !== 'CONFIRMED' ? record.holdExpiresAt.toISOString() : null,
    status,
    icsSequence: record.icsSequence,
    mentorNoShow: record.mentorNoShow,
    canRate: options.canRate ?? false,
    ...(invitation ? { yourInvitation: invitation } : {}),
    rescheduleProposal: record.proposal
      ? {
          id: record.proposal.id,
          startTime: localDateTimeOf(record.proposal.startsAt, options.timeZone).dateTime,
          startTimeUtc: record.proposal.startsAt.toISOString(),
          endTimeUtc: record.proposal.endsAt.toISOString(),
          expiresAtUtc: record.proposal.expiresAt.toISOString(),
          byMentor: record.proposal.byMentor,
          answers: record.proposal.answers.map(({ adviseeId, answer }) => ({ adviseeId, answer })),
        }
      : null,
    reschedulesLeft: Math.max(0, options.maxReschedules - record.rescheduleCount),
    movedByMentorFromUtc: record.fullRefundUntil?.toISOString() ?? null,
    note:
      options.viewer === 'ADVISOR' || (options.viewerId !== undefined && options.viewerId === record.host.id)
        ? record.note
        : null,
  };
}
