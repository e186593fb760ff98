import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Refresh tokens, stored only as their SHA-256. One sign-in (log-in, sign-up, password change) starts a family;
 * every refresh spends its token and adds the next one to the family. A spent token presented again means a
 * copy is in someone else's hands: the whole family is revoked.
 *
 * Each row carries the user's token version when issued: log-out everywhere, a password change or reset and a
 * suspension bump the version, and with it every refresh token of the user stops working in the same statement
 * that revokes the bearer tokens (nothing else to remember to delete).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    /** SHA-256 of the token, hex; the token itself is only ever in the browser's cookie. */
    tokenHash: text('token_hash').notNull(),
    /** users.token_version when issued: an older one is refused. */
    tokenVersion: integer('token_version').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** Idle expiry: the issue time plus the idle lifetime, never later than the family's absolute expiry. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Absolute expiry of the whole sign-in: its log-in plus the absolute lifetime. */
    familyExpiresAt: timestamp('family_expires_at', { withTimezone: true }).notNull(),
    /** Spent: exchanged for the next token of the family. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The family was revoked (a spent token came back). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);
