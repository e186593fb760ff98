import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ledgerTransactions } from './payments.ts';
import { payoutMethod } from './profiles.ts';
import { users } from './users.ts';

/** What admins did: who, which action on which entity, the state before and after, and when. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'APPROVE_APPLICATION', 'SUSPEND_USER', 'UPDATE_PRICING', 'RECORD_PAYOUT', … */
    action: text('action').notNull(),
    /** 'user', 'topic', 'pricing', 'faq', 'testimonial', 'session', 'payment', 'payout' */
    entity: text('entity').notNull(),
    /** null for an action on a whole list (e.g. the order of the programs). */
    entityId: integer('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('admin_audit_log_at_idx').on(t.at),
  ],
);

/**
 * Money sent to a mentor outside the app (M-PESA, bank, PayPal) and recorded by an admin: the PAYOUT ledger
 * transaction took it out of the mentor's wallet (never below zero). The transfer's reference is unique.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    mentorId: integer('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    /** The payout method it was sent by, and its details as they were then. */
    method: payoutMethod('method'),
    details: text('details').notNull(),
    reference: text('reference').notNull(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    paidBy: integer('paid_by').references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payouts_amount_check', sql`${t.amount} > 0`),
    uniqueIndex('payouts_reference_unique').on(sql`lower(${t.reference})`),
    uniqueIndex('payouts_transaction_unique').on(t.transactionId),
    index('payouts_mentor_idx').on(t.mentorId, t.paidAt),
  ],
);
