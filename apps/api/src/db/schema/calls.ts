import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { sessions } from './sessions.ts';
import { users } from './users.ts';

export const callEventKind = pgEnum('call_event_kind', ['STARTED', 'JOINED', 'LEFT', 'ENDED', 'CLOSED']);
export const callRole = pgEnum('call_role', ['ADVISOR', 'ADVISEE']);

/**
 * One row per session whose call was touched: when it started and ended, the roster version (bumped by every
 * change of who is in the room, so stale rosters are dropped), and the no-show decisions.
 */
export const calls = pgTable('calls', {
  sessionId: integer('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  startedAt: timestamp('started_at', { withTimezone: true }),
  startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  rosterVersion: integer('roster_version').notNull().default(0),
  /** Decided 10 minutes after the start: the mentor had not joined by then. */
  mentorNoShow: boolean('mentor_no_show'),
  mentorDecidedAt: timestamp('mentor_decided_at', { withTimezone: true }),
  /** When the mentor no-show refund was asked of the payments feature (once). */
  refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
  /** Decided after the end plus grace: each mentee's no_show in call_attendance. */
  attendanceDecidedAt: timestamp('attendance_decided_at', { withTimezone: true }),
  overriddenBy: integer('overridden_by').references(() => users.id, { onDelete: 'set null' }),
  overriddenAt: timestamp('overridden_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The log of a call: started, each join and leave (with the participant id of that page), ended. */
export const callEvents = pgTable(
  'call_events',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    participantId: text('participant_id'),
    kind: callEventKind('kind').notNull(),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('call_events_session_idx').on(t.sessionId, t.at)],
);

/** Per person and session: first join, last leave, time in the call, and whether they were a no-show. */
export const callAttendance = pgTable(
  'call_attendance',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: callRole('role').notNull(),
    firstJoinedAt: timestamp('first_joined_at', { withTimezone: true }),
    lastLeftAt: timestamp('last_left_at', { withTimezone: true }),
    secondsInCall: integer('seconds_in_call').notNull().default(0),
    noShow: boolean('no_show'),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] })],
);

/**
 * Who is in a room right now, across every API instance: one row per connected page, one page per person.
 * The instance holding the socket refreshes seen_at; rows not seen for a while belong to a dead instance.
 */
export const callPresence = pgTable(
  'call_presence',
  {
    participantId: text('participant_id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    role: callRole('role').notNull(),
    instanceId: text('instance_id').notNull(),
    audioMuted: boolean('audio_muted').notNull().default(false),
    videoOff: boolean('video_off').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('call_presence_session_user_unique').on(t.sessionId, t.userId),
    index('call_presence_seen_idx').on(t.seenAt),
  ],
);

/**
 * Signaling messages crossing API instances: stored here, their id sent with NOTIFY (payloads can outgrow
 * NOTIFY's 8000 bytes), or polled on the embedded database. Kept a few minutes.
 */
export const callSignals = pgTable(
  'call_signals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: integer('session_id').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('call_signals_created_idx').on(t.createdAt)],
);
