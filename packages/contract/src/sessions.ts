import { z } from 'zod';
import { envelope, idParam, messageOnly } from './common.ts';

/** Session lists, details, reschedule, calendar and ratings: shapes and messages. */

const ratingRangeMessage = 'Please choose a rating from 1 to 5';

export const sessionTypes = ['INDIVIDUAL', 'GROUP'] as const;
export const sessionType = z.enum(sessionTypes);
export type SessionType = z.infer<typeof sessionType>;

/** Where the booking stands: EXPIRED when an unpaid hold ran out (shown so even before the clean-up job ran). */
export const bookingStatuses = ['PENDING_PAYMENT', 'CONFIRMED', 'EXPIRED', 'CANCELLED'] as const;
export const bookingStatus = z.enum(bookingStatuses);
export type BookingStatus = z.infer<typeof bookingStatus>;

/** The spec's sessionStatus: UPCOMING until the session ends, PAST after. */
export const sessionStatuses = ['UPCOMING', 'PAST'] as const;
export const sessionStatus = z.enum(sessionStatuses);
export type SessionStatus = z.infer<typeof sessionStatus>;

export const paymentStatuses = ['UNPAID', 'PAID'] as const;
export const paymentStatus = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatus>;

export const callStatuses = ['NOT_STARTED', 'STARTED', 'ENDED'] as const;
export const callStatus = z.enum(callStatuses);
export type CallStatus = z.infer<typeof callStatus>;

/** ACCEPTED is shown green, PENDING red; DECLINED: the invited person said no (issue 19). */
export const invitationStatuses = ['ACCEPTED', 'PENDING', 'DECLINED'] as const;
export const invitationStatus = z.enum(invitationStatuses);
export type InvitationStatus = z.infer<typeof invitationStatus>;

/**
 * List filters of /sessions: Upcoming holds its hour (soonest first); Pending is upcoming and unpaid (advisees
 * only; mentors never have any); Past ended confirmed; Cancelled is cancelled or expired unpaid (newest first).
 */
export const sessionListStatuses = ['UPCOMING', 'PENDING', 'PAST', 'CANCELLED'] as const;
export const sessionListStatus = z.enum(sessionListStatuses);
export type SessionListStatus = z.infer<typeof sessionListStatus>;

export const sessionAttendee = z.object({
  /**
   * Null until the invited person accepts (with the invited phone verified): until then an attendee is only
   * the number as typed, with no name, e-mail or account (issue 19).
   */
  adviseeId: z.number().int().nullable(),
  advisee: z.object({ name: z.string() }).nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  /** This person's share, integer KES. */
  amount: z.number().int(),
  invitationStatus,
  paymentStatus,
  isHost: z.boolean(),
});
export type SessionAttendee = z.infer<typeof sessionAttendee>;

export const rescheduleAnswers = ['AWAITED', 'ACCEPTED', 'DECLINED'] as const;
export type RescheduleAnswer = (typeof rescheduleAnswers)[number];

/**
 * A proposed move of a session: a mentor's (or group host's) move into, or out of, the full-refund window
 * waits for each paid mentee. It holds the proposed hour until `expiresAtUtc` (the earlier of the two
 * starts); unanswered by then it lapses and the session stays where it was.
 */
export const rescheduleProposal = z.object({
  id: z.number().int(),
  /** yyyy-MM-dd'T'HH:mm:ss in the platform time zone, and the ISO instants. */
  startTime: z.string(),
  startTimeUtc: z.string(),
  endTimeUtc: z.string(),
  expiresAtUtc: z.string(),
  byMentor: z.boolean(),
  /** Whose answer it waits for: each paid mentee (not the proposer). */
  answers: z.array(z.object({ adviseeId: z.number().int().nullable(), answer: z.enum(rescheduleAnswers) })),
});
export type RescheduleProposal = z.infer<typeof rescheduleProposal>;

/** The spec's Session entity, plus the reference, UTC instants and the booking status. */
export const session = z.object({
  id: z.number().int(),
  reference: z.string(),
  sessionType,
  sessionStatus,
  paymentStatus,
  sessionCallStatus: callStatus,
  /** yyyy-MM-dd'T'HH:mm:ss in the platform time zone (Africa/Nairobi) */
  startTime: z.string(),
  /** ISO instants (UTC) */
  startTimeUtc: z.string(),
  endTimeUtc: z.string(),
  /** The whole price, integer KES. */
  amount: z.number().int(),
  topic: z.object({ id: z.number().int(), name: z.string(), tagLine: z.string(), imgUrl: z.string() }),
  advisor: z.object({
    id: z.number().int(),
    name: z.string(),
    advisorDetails: z.object({ profilePicUrl: z.string().nullable() }),
  }),
  /** The host: the advisee who booked. */
  advisee: z.object({ id: z.number().int(), name: z.string(), profilePicUrl: z.string().nullable() }),
  /** Group sessions: every attendee, host first. Individual sessions: empty. */
  groupSessionAttendees: z.array(sessionAttendee),
  /** ISO instant until which an unpaid booking holds its slot; null once paid. */
  holdExpiresAt: z.string().nullable(),
  status: bookingStatus,
  /** Times the session was moved; the calendar file's SEQUENCE. */
  icsSequence: z.number().int(),
  /**
   * The mentor did not attend (SessionRules.presenceMinutes): the session ended, its payers were refunded in
   * full, and its call is closed for everyone ('Mentor did not attend — refunded').
   */
  mentorNoShow: z.boolean(),
  /** Whether the caller may rate it now: attended and paid, and not rated yet (on a session's own page). */
  canRate: z.boolean(),
  /**
   * Only for a viewer invited by their verified phone who has not accepted: their invitation (its number as
   * typed and PENDING or DECLINED). They then see only their own attendee row.
   */
  yourInvitation: z
    .object({ phoneNumber: z.string(), invitationStatus: z.enum(['PENDING', 'DECLINED']) })
    .optional(),
  /** A move waiting for the paid mentees' answers (issue 20); null when there is none. */
  rescheduleProposal: rescheduleProposal.nullable().optional(),
  /** Moves left (SessionRules.maxReschedules less those made or proposed). */
  reschedulesLeft: z.number().int().optional(),
  /** ISO instant until which mentees' cancellations are refunded in full because the mentor moved it; else null. */
  movedByMentorFromUtc: z.string().nullable().optional(),
  /** The booker's note to the mentor: shown to the mentor and the booker only; null when none (or not theirs). */
  note: z.string().nullable().optional(),
});
export type Session = z.infer<typeof session>;

export const sessionResponse = envelope(session);

/** GET /myprosper/api/getAdviseeSessionsByIdAndStatus/{userId}/{status} and getAdvisorSessionsByIdAndStatus. */
export const sessionListParams = z.object({
  userId: idParam,
  status: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), sessionListStatus),
});
export const sessionListQuery = z.object({
  sessionType: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), sessionType).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type SessionListQuery = z.input<typeof sessionListQuery>;

export const sessionPage = z.object({
  sessions: z.array(session),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type SessionPage = z.infer<typeof sessionPage>;
export const sessionPageResponse = envelope(sessionPage);

export const sessionIdParams = z.object({ id: idParam });

/** POST /myprosper/api/rescheduleSession */
export const rescheduleRequest = z.object({
  sessionId: z.coerce.number().int().positive().max(2_147_483_647),
  /** HH:mm */
  selectedTime: z.string().max(8).default(''),
  /** yyyy-MM-dd; empty gives 'Please select session date' */
  selectedDate: z.string().max(10).nullish(),
});
export type RescheduleRequest = z.input<typeof rescheduleRequest>;
export const rescheduleResponse = envelope(session);

/** POST /myprosper/api/answerReschedule — a paid mentee accepts or declines a proposed move. */
export const answerRescheduleRequest = z.object({
  sessionId: z.coerce.number().int().positive().max(2_147_483_647),
  proposalId: z.coerce.number().int().positive().max(2_147_483_647),
  accept: z.boolean(),
});
export type AnswerRescheduleRequest = z.input<typeof answerRescheduleRequest>;
export const answerRescheduleResponse = envelope(session);

/** POST /myprosper/api/addFeedback — the spec does not show its fields; these are ours. */
export const feedbackRequest = z.object({
  sessionId: z.coerce.number().int().positive().max(2_147_483_647),
  rating: z.coerce.number().int(ratingRangeMessage).min(1, ratingRangeMessage).max(5, ratingRangeMessage),
  comment: z.string().trim().max(1000).nullish(),
});
export type FeedbackRequest = z.input<typeof feedbackRequest>;
export const feedbackResponse = messageOnly;

export const sessionMessages = {
  selectDate: 'Please select session date',
  noChanges: 'No changes made',
  rescheduled: 'Session rescheduled successfully',
  sessionNotFound: 'This session was not found',
  notYourSessions: 'You can only see your own sessions',
  rescheduleNotAllowed: 'Only the person who booked the session or its mentor can reschedule it',
  rescheduleInactive: 'This session can no longer be rescheduled',
  rescheduleTooLate: (hours: number) =>
    `Sessions can be rescheduled until ${hours} hour${hours === 1 ? '' : 's'} before they start`,
  rescheduleProposed: 'The new time was proposed. The session moves once the mentees who paid accept it',
  tooManyReschedules: (max: number) => `A session can be moved at most ${max} time${max === 1 ? '' : 's'}`,
  tooManyRescheduleRequests: 'You have moved sessions too often. Please try again later',
  proposalPending: 'A move of this session is already waiting for an answer',
  noProposal: 'This proposed move is no longer open',
  notYourProposal: 'Only a mentee who paid for this session can answer this move',
  proposalAccepted: 'You accepted the new time',
  proposalDeclined: 'You declined the new time. Your payment is refunded in full',
  sessionMoved: 'Everyone accepted: the session moved to the new time',
  ratingRange: ratingRangeMessage,
  feedbackThanks: 'Thank you for your feedback',
  feedbackOnlyAttendees: 'Only the attendees of a session can rate it',
  feedbackNotYet: 'You can rate a session once it has ended',
  feedbackNotHeld: 'Only sessions that took place can be rated',
  feedbackTwice: 'You have already rated this session',
  feedbackNotPaid: 'Only attendees who paid for this session can rate it',
  feedbackNotPresent: 'Only attendees who were in the call can rate this session',
  feedbackMentorAbsent: 'The mentor did not attend this session, so it cannot be rated',
  mentorDidNotAttend: 'Mentor did not attend — refunded',
} as const;
