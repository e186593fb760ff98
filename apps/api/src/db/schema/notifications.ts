import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { outboxChannel } from './messaging.ts';
import { sessions } from './sessions.ts';

/**
 * The messages a session sends its people: the group invitation, the booking confirmation, a reschedule
 * notice and the reminders 24 hours and 1 hour before the start.
 */
export const notificationKind = pgEnum('notification_kind', [
  'INVITATION',
  'CONFIRMATION',
  'RESCHEDULE',
  'REMINDER_24H',
  'REMINDER_1H',
  'RESCHEDULE_PROPOSAL',
]);

/**
 * SENDING: claimed by a job run and being sent; SENT: the provider took it; FAILED: may be tried again (up to
 * a few attempts); SKIPPED: decided against (a more useful message went out at the same time, or there was
 * no address), and never sent later.
 */
export const notificationStatus = pgEnum('notification_status', ['SENDING', 'SENT', 'FAILED', 'SKIPPED']);

/**
 * One row per message a session owes one person on one channel. The unique key is what makes a message go
 * out at most once, whichever instance runs the job and however often: a run claims a row by inserting it,
 * and a row that exists is never claimed again unless it FAILED. `sequence` is the session's calendar
 * sequence for messages about its time (reschedule notices, reminders), so a moved session is reminded of
 * its new hour; 0 for the others.
 */
export const sessionNotifications = pgTable(
  'session_notifications',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    kind: notificationKind('kind').notNull(),
    sequence: integer('sequence').notNull().default(0),
    /** Who: 'participant:<session_participants.id>' or 'mentor:<users.id>'. */
    person: text('person').notNull(),
    channel: outboxChannel('channel').notNull(),
    /** The address used: e-mail, or phone 2547XXXXXXXX; null when skipped for want of one. */
    recipient: text('recipient'),
    status: notificationStatus('status').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    providerRef: text('provider_ref'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('session_notifications_once').on(t.sessionId, t.kind, t.sequence, t.person, t.channel),
    /** SMS to one number in the last day (the daily limit per number). */
    index('session_notifications_sms_recipient_idx')
      .on(t.recipient, t.updatedAt)
      .where(sql`${t.channel} = 'SMS'`),
  ],
);
