import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ledgerTransactions } from './payments.ts';
import { sessions } from './sessions.ts';
import { users } from './users.ts';

/**
 * Mentors paid to M-PESA (issue 21, docs/decisions/014-mentor-payouts-to-mpesa.md). A session's earnings wait
 * in its escrow until PAYOUT_HOLD_HOURS after its end, or while a mentee's dispute is open; a payout run then
 * sends each mentor's wallet balance (payable) by one B2C request.
 */

/**
 * A mentee's dispute of a session, opened within the hold: it keeps the session's earnings in escrow until an
 * admin decides (RELEASED to the mentor, or REFUNDED to the payers). One per session.
 */
export const sessionDisputes = pgTable(
  'session_disputes',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'restrict' }),
    openedBy: integer('opened_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    /** OPEN, RELEASED (paid to the mentor) or REFUNDED (back to the payers). */
    status: text('status').notNull().default('OPEN'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionNote: text('decision_note'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('session_disputes_session_unique').on(t.sessionId),
    check('session_disputes_status_check', sql`${t.status} in ('OPEN', 'RELEASED', 'REFUNDED')`),
    check('session_disputes_decided_check', sql`(${t.status} = 'OPEN') = (${t.decidedAt} IS NULL)`),
    index('session_disputes_open_idx').on(t.openedAt).where(sql`${t.status} = 'OPEN'`),
  ],
);

/**
 * One payout run: by the schedule (its key names the period, so a second start of the same period finds it)
 * or by an admin's button. Each mentor is paid at most once per run (mentor_payouts' unique index).
 */
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: serial('id').primaryKey(),
    /** 'schedule:2026-11-30T07' or 'admin:<uuid>': unique, so a run cannot be started twice. */
    runKey: text('run_key').notNull(),
    /** SCHEDULE or ADMIN. */
    trigger: text('trigger').notNull(),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    /** The least a mentor is sent in this run (KES); smaller balances wait for a later run. */
    minimum: integer('minimum').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payout_runs_key_unique').on(t.runKey),
    check('payout_runs_trigger_check', sql`${t.trigger} in ('SCHEDULE', 'ADMIN')`),
  ],
);

/**
 * One B2C payout to a mentor: IN_FLIGHT (out of their wallet into PAYOUTS_IN_FLIGHT, the request sent or
 * about to be), then PAID (into PAYOUTS, with the M-PESA receipt) or FAILED (back to their wallet, with the
 * reason). At most one per run and mentor, and one in flight per mentor at a time.
 */
export const mentorPayouts = pgTable(
  'mentor_payouts',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => payoutRuns.id, { onDelete: 'restrict' }),
    mentorId: integer('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    /** The verified number paid, 2547XXXXXXXX. */
    phoneNumber: text('phone_number').notNull(),
    /** Our reference of the B2C request ('PO-000417'); its OriginatorConversationID derives from it. */
    reference: text('reference').notNull(),
    status: text('status').notNull().default('IN_FLIGHT'),
    receipt: text('receipt'),
    resultCode: text('result_code'),
    /** Why it failed, in words the mentor reads. */
    failureReason: text('failure_reason'),
    sentTransactionId: integer('sent_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    settledTransactionId: integer('settled_transaction_id').references(() => ledgerTransactions.id, {
      onDelete: 'restrict',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mentor_payouts_run_mentor_unique').on(t.runId, t.mentorId),
    uniqueIndex('mentor_payouts_reference_unique').on(t.reference),
    uniqueIndex('mentor_payouts_one_in_flight').on(t.mentorId).where(sql`${t.status} = 'IN_FLIGHT'`),
    index('mentor_payouts_mentor_idx').on(t.mentorId, t.createdAt),
    check('mentor_payouts_amount_check', sql`${t.amount} > 0`),
    check('mentor_payouts_status_check', sql`${t.status} in ('IN_FLIGHT', 'PAID', 'FAILED')`),
    check(
      'mentor_payouts_settled_check',
      sql`(${t.status} = 'IN_FLIGHT') = (${t.completedAt} IS NULL)
        AND (${t.status} <> 'PAID' OR ${t.receipt} IS NOT NULL)`,
    ),
  ],
);
