import { bigserial, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { signIns } from './sign-ins.ts';

/**
 * Refresh tokens, stored only as their SHA-256. Each sign-in (sign_ins) has a family of them: its start issues
 * the first, and every refresh spends its token and adds the next one. A spent token presented again means a
 * copy is in someone else's hands: the sign-in is ended, and its whole family with it.
 *
 * The user, token version and absolute expiry are the sign-in's; ending or sweeping a sign-in deletes its
 * tokens (ON DELETE CASCADE).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The sign-in the token belongs to. */
    familyId: uuid('family_id')
      .notNull()
      .references(() => signIns.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, hex; the token itself is only ever in the browser's cookie. */
    tokenHash: text('token_hash').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** Idle expiry: the issue time plus the idle lifetime, never later than the sign-in's absolute expiry. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Spent: exchanged for the next token of the family. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);
