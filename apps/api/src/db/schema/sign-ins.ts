import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Sign-ins: one per log-in, sign-up or password change on a device, until it is ended. Its id is the `sid` claim
 * of the bearer tokens it is given and names the family of its refresh tokens (refresh_tokens.family_id), so
 * deleting the row ends the sign-in at once: its refresh tokens go with it and its bearer tokens are refused.
 *
 * A sign-in lives while the user's token version is the one it started under (log-out everywhere, a password
 * change or reset and a suspension bump it), until its absolute expiry, and while it is refreshed within the
 * idle lifetime (last_used_at).
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** users.token_version when it started: an older one means the sign-in is over. */
    tokenVersion: integer('token_version').notNull(),
    /** A short description of the browser and system it started on ('Chrome on Android'), from its User-Agent. */
    device: text('device'),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull(),
    /** Its start, then its latest refresh (about every bearer token lifetime while it is in use). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    /** Absolute expiry: its start plus the absolute lifetime, however often it is refreshed. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_ins_user_idx').on(t.userId)],
);
