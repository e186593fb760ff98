import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Two-step sign-in (TOTP, RFC 6238) of an account that turned it on, or is turning it on: one row per account.
 * The secret is sealed with AES-256-GCM (features/auth/two-step-secrets.ts) and never leaves the server after the
 * page that set it up.
 */
export const twoStepSecrets = pgTable('two_step_secrets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The 20 random bytes of the authenticator app's key, sealed (iv.tag.ciphertext, base64url). */
  secret: text('secret').notNull(),
  /** When a first code confirmed it; null while the account is still setting it up (log-in asks no code then). */
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The time step of the latest code taken: a code of it or an earlier step is refused (no replays). */
  lastStep: bigint('last_step', { mode: 'number' }),
  /**
   * Codes tried in the window that began at failedCodesSince (at sign-in, confirm and disable; a right code sets
   * it back to 0): at most 5 in 15 minutes (codeGuessesPerWindow in the contract's two-step.ts), then none.
   */
  failedCodes: integer('failed_codes').notNull().default(0),
  /** When the window of failedCodes began: the first code tried in it; null before any. */
  failedCodesSince: timestamp('failed_codes_since', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes of an account with two-step sign-in, as SHA-256 hashes; a used code is deleted. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the code without dashes, in capitals (each code has 120 random bits). */
    codeHash: text('code_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);
