import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Why a phone code was sent: to prove an account's own number, a new number, or an applicant's number. */
export const phoneCodePurpose = pgEnum('phone_code_purpose', ['ACCOUNT', 'CHANGE', 'APPLICATION']);

/**
 * One-time codes sent by SMS to prove a phone belongs to the person who typed it (6 digits, 10 minutes, 5 tries).
 * Rows stay after use so the sends per number and per address can be counted.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: serial('id').primaryKey(),
    /** The account it proves a number for; null for an applicant who has no account yet. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: phoneCodePurpose('purpose').notNull(),
    /** 2547XXXXXXXX */
    phoneNumber: text('phone_number').notNull(),
    /** SHA-256 of the code (hex). */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the right code was typed; a code is taken once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The address that asked for it. */
    requestedFrom: text('requested_from').notNull(),
    /** False when nothing was sent (the number is another account's verified number): counted all the same. */
    sent: integer('sent').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('phone_codes_phone_idx').on(t.phoneNumber, t.createdAt),
    index('phone_codes_address_idx').on(t.requestedFrom, t.createdAt),
    index('phone_codes_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Failed password sign-ins per account ('account:<id>') and per address ('address:<ip>'): each failure makes the
 * next try from there wait longer (features/auth). A right password clears the account's row.
 */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const twoStepRecoveryStatus = pgEnum('two_step_recovery_status', ['PENDING', 'APPROVED', 'REFUSED']);

/**
 * An owner locked out by a second factor they cannot use asks (through the e-mailed reset link) that an admin
 * turns it off; the admin's decision is audited.
 */
export const twoStepRecoveries = pgTable(
  'two_step_recoveries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: twoStepRecoveryStatus('status').notNull().default('PENDING'),
    /** What the owner wrote for the admin. */
    reason: text('reason').notNull(),
    requestedFrom: text('requested_from').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('two_step_recoveries_status_idx').on(t.status, t.requestedAt),
    uniqueIndex('two_step_recoveries_one_pending').on(t.userId).where(sql`${t.status} = 'PENDING'`),
  ],
);
