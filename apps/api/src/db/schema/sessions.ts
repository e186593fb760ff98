import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  pgView,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { topics } from './catalogue.ts';
import { users } from './users.ts';

export const sessionType = pgEnum('session_type', ['INDIVIDUAL', 'GROUP']);
/** Where a booking stands: a new one holds its slot unpaid for a while; paid ones keep it for good. */
export const sessionStatus = pgEnum('session_status', [
  'PENDING_PAYMENT',
  'CONFIRMED',
  'EXPIRED',
  'CANCELLED',
]);
export const sessionPaymentStatus = pgEnum('session_payment_status', ['UNPAID', 'PAID']);
export const sessionCallStatus = pgEnum('session_call_status', ['NOT_STARTED', 'STARTED', 'ENDED']);
export const invitationStatus = pgEnum('invitation_status', ['ACCEPTED', 'PENDING', 'DECLINED']);
export const paymentMode = pgEnum('payment_mode', ['CARD', 'MPESA', 'VOUCHER', 'WALLET']);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A booked hour with a mentor. The booker (host) is advisee_id. Two sessions of one mentor that hold their
 * slot (PENDING_PAYMENT or CONFIRMED) can never overlap: an exclusion constraint (migration
 * session_exclusion) guards it.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** Human-readable, shown to people and sent as the booking's answer: 'MPS-7K3Q9X'. */
    reference: text('reference').notNull().unique(),
    advisorId: integer('advisor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    adviseeId: integer('advisee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'restrict' }),
    sessionType: sessionType('session_type').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: sessionStatus('status').notNull(),
    paymentStatus: sessionPaymentStatus('payment_status').notNull().default('UNPAID'),
    paymentMode: paymentMode('payment_mode').notNull(),
    /** The whole price in integer KES, set by the server from the pricing settings. */
    amount: integer('amount').notNull(),
    /** While PENDING_PAYMENT: the slot is released after this instant. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    callStatus: sessionCallStatus('call_status').notNull().default('NOT_STARTED'),
    /** iCalendar SEQUENCE: bumped on every change of time. */
    icsSequence: integer('ics_sequence').notNull().default(0),
    /** Moves of this session, by anyone, proposed or made (at most SessionRules.maxReschedules). */
    rescheduleCount: integer('reschedule_count').notNull().default(0),
    /** Set by the mentor's first move: the start it had. Until then mentees cancel with a full refund. */
    fullRefundUntil: timestamp('full_refund_until', { withTimezone: true }),
    /** The booker's note to the mentor, from the booking statement (at most 500 characters). */
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    check('sessions_range_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('sessions_amount_check', sql`${t.amount} >= 0`),
    check('sessions_reschedule_count_check', sql`${t.rescheduleCount} >= 0`),
    check('sessions_note_length_check', sql`${t.note} is null or char_length(${t.note}) <= 500`),
    index('sessions_advisor_starts_idx').on(t.advisorId, t.startsAt),
    index('sessions_advisee_starts_idx').on(t.adviseeId, t.startsAt),
    index('sessions_hold_expiry_idx').on(t.holdExpiresAt).where(sql`${t.status} = 'PENDING_PAYMENT'`),
  ],
);

/**
 * Everyone who attends a session as a mentee: the host (booker) and, for a group, the invited people. An
 * invited person is known by phone until they register. starts_at/ends_at/holds_slot copy the session's
 * time and whether it holds its slot, kept in step in the same transaction, so an exclusion constraint can
 * keep one person out of two sessions at once.
 */
export const sessionParticipants = pgTable(
  'session_participants',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    adviseeId: integer('advisee_id').references(() => users.id, { onDelete: 'set null' }),
    /** 2547XXXXXXXX */
    phoneNumber: text('phone_number'),
    email: text('email'),
    /** This person's share in integer KES. */
    amount: integer('amount').notNull(),
    invitationStatus: invitationStatus('invitation_status').notNull(),
    paymentStatus: sessionPaymentStatus('payment_status').notNull().default('UNPAID'),
    isHost: boolean('is_host').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    holdsSlot: boolean('holds_slot').notNull().default(true),
    /** When the invitation was sent to phone_number (only after the host paid); null for the host. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** When the invited person accepted or declined. */
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('session_participants_range_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('session_participants_amount_check', sql`${t.amount} >= 0`),
    unique('session_participants_session_advisee_unique').on(t.sessionId, t.adviseeId),
    unique('session_participants_session_phone_unique').on(t.sessionId, t.phoneNumber),
    index('session_participants_advisee_starts_idx').on(t.adviseeId, t.startsAt),
    index('session_participants_phone_idx').on(t.phoneNumber),
  ],
);

/** One rating (1-5) per attendee and session, after it took place. */
export const sessionFeedback = pgTable(
  'session_feedback',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    adviseeId: integer('advisee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('session_feedback_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
    unique('session_feedback_session_advisee_unique').on(t.sessionId, t.adviseeId),
  ],
);

/**
 * Average rating (one decimal) and number of ratings per mentor; mentors without ratings have no row.
 * Created by the session_exclusion migration.
 */
export const advisorRatings = pgView('advisor_ratings', {
  advisorId: integer('advisor_id').notNull(),
  averageRating: doublePrecision('average_rating').notNull(),
  ratingCount: integer('rating_count').notNull(),
}).existing();

export const rescheduleProposalStatus = pgEnum('reschedule_proposal_status', [
  'PENDING',
  'ACCEPTED',
  'DECLINED',
  'LAPSED',
]);
export const rescheduleAnswer = pgEnum('reschedule_answer', ['AWAITED', 'ACCEPTED', 'DECLINED']);

/**
 * A move of a session that waits for its paid mentees (a mentor's or group host's move into, or out of, the
 * full-refund window). While PENDING and before expires_at it holds its hour for the mentor: triggers of
 * migration 0019 refuse any other session of theirs there, and it any hour another session holds.
 */
export const rescheduleProposals = pgTable(
  'reschedule_proposals',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    advisorId: integer('advisor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    byMentor: boolean('by_mentor').notNull(),
    /** The session's start when it was proposed. */
    fromStartsAt: timestamp('from_starts_at', { withTimezone: true }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Unanswered by then (the earlier of the two starts), it lapses and the session stays. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: rescheduleProposalStatus('status').notNull().default('PENDING'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    check('reschedule_proposals_range_check', sql`${t.endsAt} > ${t.startsAt}`),
    uniqueIndex('reschedule_proposals_one_pending').on(t.sessionId).where(sql`${t.status} = 'PENDING'`),
    index('reschedule_proposals_advisor_pending_idx')
      .on(t.advisorId, t.startsAt)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);

/** Each paid mentee's answer to a proposal (the proposer's own share needs none). */
export const rescheduleAnswers = pgTable(
  'reschedule_answers',
  {
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => rescheduleProposals.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => sessionParticipants.id, { onDelete: 'cascade' }),
    answer: rescheduleAnswer('answer').notNull().default('AWAITED'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'reschedule_answers_pkey', columns: [t.proposalId, t.participantId] })],
);
