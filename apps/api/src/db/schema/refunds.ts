import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { payments } from './payments.ts';
import { sessionParticipants, sessions } from './sessions.ts';
import { users } from './users.ts';

/** Money sent out to a person's M-PESA: a refund of an M-PESA-paid share, or a wallet withdrawal. */
export const mpesaRefundKind = pgEnum('mpesa_refund_kind', ['REFUND', 'WITHDRAWAL']);
/** REVERSAL of the STK receipt (a full refund of it), or a B2C payment (anything else). */
export const mpesaRefundMethod = pgEnum('mpesa_refund_method', ['REVERSAL', 'B2C']);
/** PENDING (in flight) to PAID, or to FAILED with the money back in the person's wallet. Never back. */
export const mpesaRefundStatus = pgEnum('mpesa_refund_status', ['PENDING', 'PAID', 'FAILED']);
/** Where a mentee's refunds of M-PESA payments go unless they choose otherwise. */
export const refundDestination = pgEnum('refund_destination', ['WALLET', 'MPESA']);

/**
 * One sending of money to a verified M-PESA number (issue 21). Its money sits in the ledger's
 * MPESA_REFUNDS_IN_FLIGHT account from the moment it is asked for until Daraja's result: out to M-PESA
 * (MPESA_CLEARING) on success, into the person's wallet on a final failure. `reference` is unique, so the
 * same refund or withdrawal is never asked twice.
 */
export const mpesaRefunds = pgTable(
  'mpesa_refunds',
  {
    id: serial('id').primaryKey(),
    kind: mpesaRefundKind('kind').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'restrict' }),
    participantId: integer('participant_id').references(() => sessionParticipants.id, {
      onDelete: 'restrict',
    }),
    /** The STK payment refunded (refunds only). */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    /** Unique per movement: 'refund:12:p34', 'withdraw:7:<request id>'. */
    reference: text('reference').notNull(),
    /** 2547XXXXXXXX, the person's verified number (or the paying number of a reversal). */
    phoneNumber: text('phone_number').notNull(),
    method: mpesaRefundMethod('method').notNull(),
    /** Taken from escrow or the wallet, integer KES. */
    amount: integer('amount').notNull(),
    /** Kept by the platform on success (withdrawals), integer KES; the person receives amount - fee. */
    fee: integer('fee').notNull().default(0),
    status: mpesaRefundStatus('status').notNull().default('PENDING'),
    /** How many times Daraja was asked (a failed reversal is followed by a B2C). */
    attempts: integer('attempts').notNull().default(0),
    /** M-PESA's receipt of the money sent, from a success result only (none for an already made reversal). */
    receipt: text('receipt'),
    /** Why it failed, in words people read. */
    failureReason: text('failure_reason'),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mpesa_refunds_reference_unique').on(t.reference),
    uniqueIndex('mpesa_refunds_receipt_unique').on(t.receipt),
    /** An STK payment is refunded to M-PESA once at most. */
    uniqueIndex('mpesa_refunds_payment_unique').on(t.paymentId),
    index('mpesa_refunds_user_idx').on(t.userId, t.createdAt),
    index('mpesa_refunds_pending_idx').on(t.createdAt).where(sql`${t.status} = 'PENDING'`),
    check('mpesa_refunds_amount_check', sql`${t.amount} > 0 AND ${t.fee} >= 0 AND ${t.fee} < ${t.amount}`),
    check(
      'mpesa_refunds_state_check',
      sql`(${t.status} = 'PENDING' AND ${t.settledAt} IS NULL)
        OR (${t.status} = 'PAID' AND ${t.settledAt} IS NOT NULL)
        OR (${t.status} = 'FAILED' AND ${t.settledAt} IS NOT NULL AND ${t.failureReason} IS NOT NULL)`,
    ),
  ],
);

/** The destination a mentee chose last for a refund of an M-PESA payment (WALLET until they choose). */
export const refundPreferences = pgTable('refund_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  destination: refundDestination('destination').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
