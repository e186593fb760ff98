import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { sessions } from './sessions.ts';
import { users } from './users.ts';

/**
 * Notes on a session (issue 24), one per author: its mentor's (is_mentor, shared with the attendees) and each
 * mentee's own (private to them). docs/decisions/024-session-notes-and-action-items.md.
 */
export const sessionNotes = pgTable(
  'session_notes',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isMentor: boolean('is_mentor').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('session_notes_body_length_check', sql`char_length(${t.body}) between 1 and 5000`),
    unique('session_notes_session_author_unique').on(t.sessionId, t.authorId),
  ],
);

/**
 * An action item the mentor of a session gave one of its mentees (in a group, each attendee has their own),
 * ticked done by that mentee alone.
 */
export const actionItems = pgTable(
  'action_items',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    adviseeId: integer('advisee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    dueOn: date('due_on', { mode: 'string' }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('action_items_title_length_check', sql`char_length(${t.title}) between 1 and 200`),
    index('action_items_session_idx').on(t.sessionId, t.adviseeId),
    index('action_items_open_advisee_idx').on(t.adviseeId).where(sql`${t.doneAt} is null`),
  ],
);
