import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Which of Daraja's asynchronous APIs a request went to (mpesa-b2c-c2b-whatsapp.md §1). */
export const mpesaRequestKind = pgEnum('mpesa_request_kind', ['B2C', 'REVERSAL', 'STATUS', 'BALANCE']);

/**
 * REQUESTED: written, before the HTTP call (so a crash between leaves evidence); ACCEPTED: Daraja queued it;
 * UNKNOWN: it timed out in Daraja's queue (outcome unknown until Transaction Status says); SUCCEEDED and
 * FAILED are final (a trigger refuses any change after them).
 */
export const mpesaRequestState = pgEnum('mpesa_request_state', [
  'REQUESTED',
  'ACCEPTED',
  'UNKNOWN',
  'SUCCEEDED',
  'FAILED',
]);

/**
 * One request to Daraja's Result family: a B2C payment (payout, refund, withdrawal), a reversal, a status
 * check, a balance check. `reference` is the business's idempotency key (the same reference never requests
 * twice); `originator_conversation_id` and the path token correlate the result.
 */
export const mpesaRequests = pgTable(
  'mpesa_requests',
  {
    id: serial('id').primaryKey(),
    kind: mpesaRequestKind('kind').notNull(),
    /** What it is for: 'payout', 'refund', 'withdrawal', 'paybill-code', 'reconcile', 'balance', … */
    purpose: text('purpose').notNull(),
    /** The business's key: 'payout:17', 'refund:participant:41'. Unique. */
    reference: text('reference').notNull(),
    /** Ours for B2C (sent); Daraja's for the others (from the ack). */
    originatorConversationId: text('originator_conversation_id'),
    conversationId: text('conversation_id'),
    /** The unguessable path segment of this request's ResultURL and QueueTimeOutURL. */
    callbackToken: text('callback_token').notNull(),
    /** B2C: the receiving MSISDN (2547XXXXXXXX). */
    phone: text('phone'),
    /** B2C and reversals: integer KES. */
    amount: integer('amount'),
    /** Reversals: the receipt given back; status checks by receipt: the receipt asked about. */
    originalReceipt: text('original_receipt'),
    /** Status checks: the request they check. */
    subjectId: integer('subject_id').references((): AnyPgColumn => mpesaRequests.id, {
      onDelete: 'restrict',
    }),
    remarks: text('remarks').notNull(),
    state: mpesaRequestState('state').notNull().default('REQUESTED'),
    resultCode: text('result_code'),
    resultDesc: text('result_desc'),
    /** The M-PESA receipt of a success (B2C: TransactionReceipt; reversal: its TransactionID). */
    receipt: text('receipt'),
    /** The result's ResultParameter by key, as received (status keys, AccountBalance, …). */
    resultParameters: jsonb('result_parameters').$type<Record<string, string | number | null>>(),
    /** Why it failed, in words people read. */
    failureReason: text('failure_reason'),
    /** How many status checks were asked about it, and when the last one was. */
    statusChecks: integer('status_checks').notNull().default(0),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('mpesa_requests_reference_unique').on(t.reference),
    unique('mpesa_requests_originator_unique').on(t.originatorConversationId),
    unique('mpesa_requests_token_unique').on(t.callbackToken),
    uniqueIndex('mpesa_requests_receipt_unique').on(t.kind, t.receipt).where(sql`${t.receipt} IS NOT NULL`),
    index('mpesa_requests_open_idx')
      .on(t.createdAt)
      .where(sql`${t.state} IN ('REQUESTED', 'ACCEPTED', 'UNKNOWN')`),
    index('mpesa_requests_subject_idx').on(t.subjectId).where(sql`${t.subjectId} IS NOT NULL`),
    check('mpesa_requests_amount_check', sql`${t.amount} IS NULL OR ${t.amount} > 0`),
    check('mpesa_requests_money_check', sql`${t.kind} NOT IN ('B2C', 'REVERSAL') OR ${t.amount} IS NOT NULL`),
    check('mpesa_requests_b2c_phone_check', sql`${t.kind} <> 'B2C' OR ${t.phone} IS NOT NULL`),
  ],
);
