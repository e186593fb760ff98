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
import { ledgerTransactions, payments } from './payments.ts';
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
    /**
     * A payment may go back to M-PESA in parts (an operator's partial refunds, issue 25): what bounds them is
     * payments.refunded, raised in the same transaction and checked never to pass the payment's amount.
     */
    index('mpesa_refunds_payment_idx').on(t.paymentId),
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

/** Where an operator's refund took the money from (docs/decisions/021-operator-refunds-and-expiry.md). */
export const operatorRefundSource = pgEnum('operator_refund_source', ['SESSION', 'PLATFORM', 'WALLET']);

/**
 * An operator's refund of a payment (issue 25): whole or partial, to the payer's wallet or back to M-PESA, with a
 * reason and the admin who gave it; its ledger transaction moved the money in the same database transaction
 * (and raised payments.refunded, whose CHECK keeps the sum of refunds within the payment). `request_id` is the
 * confirmation dialog's own id, so a double submit gives one refund.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    requestId: text('request_id').notNull(),
    amount: integer('amount').notNull(),
    destination: refundDestination('destination').notNull(),
    /** SESSION: the session's escrow (not yet paid to its mentor); PLATFORM: the commission; WALLET: the payer's. */
    source: operatorRefundSource('source').notNull(),
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'restrict' }),
    /** The share whose escrow paid it (source SESSION). */
    participantId: integer('participant_id').references(() => sessionParticipants.id, {
      onDelete: 'restrict',
    }),
    reason: text('reason').notNull(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    /** The sending to M-PESA (destination MPESA). */
    mpesaRefundId: integer('mpesa_refund_id').references(() => mpesaRefunds.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_refunds_request_unique').on(t.paymentId, t.requestId),
    index('payment_refunds_payment_idx').on(t.paymentId, t.createdAt),
    index('payment_refunds_participant_idx').on(t.participantId).where(sql`${t.source} = 'SESSION'`),
    check('payment_refunds_amount_check', sql`${t.amount} > 0`),
    check('payment_refunds_reason_check', sql`char_length(${t.reason}) between 3 and 500`),
    check(
      'payment_refunds_session_check',
      sql`${t.source} <> 'SESSION' OR (${t.sessionId} IS NOT NULL AND ${t.participantId} IS NOT NULL)`,
    ),
  ],
);
