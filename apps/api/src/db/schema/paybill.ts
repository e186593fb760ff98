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
import { sessionParticipants } from './sessions.ts';
import { users } from './users.ts';

/**
 * The Paybill fallback (M-PESA C2B, issue 21): the account reference a mentee types when paying by hand, every
 * C2B payment Daraja confirmed to us (kept, whatever it was), and the M-PESA codes people typed to claim one.
 */

/** A booking's account reference ('BK7Q3XM9'), one per attendee's share, with the amount last shown. */
export const paybillReferences = pgTable(
  'paybill_references',
  {
    reference: text('reference').primaryKey(),
    participantId: integer('participant_id')
      .notNull()
      .references(() => sessionParticipants.id, { onDelete: 'cascade' }),
    /** What the dialog asked for, whole KES: a payment of exactly this confirms the booking. */
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('paybill_references_participant_unique').on(t.participantId),
    check('paybill_references_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * APPLIED: it paid what its reference named (payment_id). REVIEW: kept for an admin (problem says why); its
 * money waits in PAYBILL_SUSPENSE. CREDITED: an admin put it into a wallet. REVERSING / REFUNDED: sent back to
 * the payer by an M-PESA Reversal.
 */
export const paybillPaymentStatus = pgEnum('paybill_payment_status', [
  'APPLIED',
  'REVIEW',
  'CREDITED',
  'REVERSING',
  'REFUNDED',
]);

/** One M-PESA receipt paid to our Paybill: a confirmation, or a typed code M-PESA confirmed. Once per receipt. */
export const paybillPayments = pgTable(
  'paybill_payments',
  {
    id: serial('id').primaryKey(),
    /** M-PESA's TransID, the receipt: unique, so a confirmation sent twice counts once. */
    transId: text('trans_id').notNull(),
    /** CONFIRMATION (Daraja's C2B call) or TYPED_CODE (a code checked with Transaction Status). */
    source: text('source').notNull(),
    transactionType: text('transaction_type').notNull().default(''),
    /** yyyyMMddHHmmss, Kenyan time, as M-PESA sent it. */
    transTime: text('trans_time').notNull().default(''),
    /** As M-PESA sent it ('2500.00'), and in whole KES. */
    amountText: text('amount_text').notNull(),
    amount: integer('amount').notNull(),
    shortCode: text('short_code').notNull(),
    billRefNumber: text('bill_ref_number').notNull().default(''),
    /** The reference normalised for matching. */
    accountReference: text('account_reference').notNull().default(''),
    /** Masked by M-PESA ('2547 ***** 149'). */
    msisdn: text('msisdn').notNull().default(''),
    payerName: text('payer_name').notNull().default(''),
    status: paybillPaymentStatus('status').notNull(),
    problem: text('problem'),
    /** The share the reference named, when it named one. */
    participantId: integer('participant_id').references(() => sessionParticipants.id, {
      onDelete: 'set null',
    }),
    /** The payment it became (APPLIED). */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    /** Parking it (into PAYBILL_SUSPENSE) and what an admin did with it. */
    parkedTransactionId: integer('parked_transaction_id').references(() => ledgerTransactions.id, {
      onDelete: 'restrict',
    }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'restrict' }),
    creditedUserId: integer('credited_user_id').references(() => users.id, { onDelete: 'restrict' }),
    resolution: text('resolution'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('paybill_payments_trans_id_unique').on(t.transId),
    check('paybill_payments_amount_check', sql`${t.amount} >= 0`),
    index('paybill_payments_review_idx').on(t.createdAt).where(sql`${t.status} = 'REVIEW'`),
  ],
);

export const paybillCodeStatus = pgEnum('paybill_code_status', ['CHECKING', 'CONFIRMED', 'REFUSED']);

/** An M-PESA code a mentee typed for a share; one open or confirmed claim per code, whoever types it. */
export const paybillCodeChecks = pgTable(
  'paybill_code_checks',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    participantId: integer('participant_id')
      .notNull()
      .references(() => sessionParticipants.id, { onDelete: 'cascade' }),
    payerId: integer('payer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The amount due when the code was typed. */
    amount: integer('amount').notNull(),
    status: paybillCodeStatus('status').notNull().default('CHECKING'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('paybill_code_checks_code_unique').on(t.code).where(sql`${t.status} <> 'REFUSED'`),
    index('paybill_code_checks_participant_idx').on(t.participantId, t.createdAt),
  ],
);
