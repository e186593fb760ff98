import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { topics } from './catalogue.ts';
import { payments } from './payments.ts';
import { sessionParticipants, sessions } from './sessions.ts';
import { users } from './users.ts';

export const voucherStatus = pgEnum('voucher_status', ['PENDING_PAYMENT', 'ACTIVE', 'REDEEMED', 'REFUNDED']);
export const voucherPaymentMode = pgEnum('voucher_payment_mode', ['CARD', 'MPESA']);

/**
 * A gift voucher: bought by one user for a recipient, for one session with a given mentor and program,
 * priced as an INDIVIDUAL session. Its code exists only once it is paid: only the code's SHA-256 is kept
 * (unique), the code itself is sent to the recipient and never stored. ACTIVE to REDEEMED happens once
 * (a conditional update on a locked row); a cancellation that refunds the session makes it ACTIVE again.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    /** Human-readable, the createVoucher answer's message: 'VCH-7K3Q9X'. */
    reference: text('reference').notNull(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    /** E.164: +254712123456 */
    recipientPhone: text('recipient_phone').notNull(),
    recipientNote: text('recipient_note').notNull(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'restrict' }),
    advisorId: integer('advisor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** What it pays, integer KES (the INDIVIDUAL price when it was bought, or when an operator raised it). */
    amount: integer('amount').notNull(),
    /**
     * What MyProsper added to it (an operator's extension to today's price, issue 25), integer KES: a refund gives
     * the buyer what they paid and the platform back its part.
     */
    toppedUp: integer('topped_up').notNull().default(0),
    paymentMode: voucherPaymentMode('payment_mode').notNull(),
    status: voucherStatus('status').notNull().default('PENDING_PAYMENT'),
    /** SHA-256 (hex) of the code; null until the code is made, after payment. */
    codeHash: text('code_hash'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The code was sent to the recipient (and the receipt to the buyer). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** A sender took the delivery at this instant (another may take it over after a while). */
    deliveryClaimedAt: timestamp('delivery_claimed_at', { withTimezone: true }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    /** Refunded to the buyer's wallet (its mentor left or stopped giving its program), never used. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    redeemedBy: integer('redeemed_by').references(() => users.id, { onDelete: 'restrict' }),
    redeemedSessionId: integer('redeemed_session_id').references(() => sessions.id, {
      onDelete: 'restrict',
    }),
    redeemedParticipantId: integer('redeemed_participant_id').references(() => sessionParticipants.id, {
      onDelete: 'restrict',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('vouchers_reference_unique').on(t.reference),
    unique('vouchers_code_hash_unique').on(t.codeHash),
    check('vouchers_amount_check', sql`${t.amount} > 0`),
    check('vouchers_topped_up_check', sql`${t.toppedUp} >= 0 AND ${t.toppedUp} < ${t.amount}`),
    check(
      'vouchers_state_check',
      sql`(${t.status} = 'PENDING_PAYMENT' AND ${t.paidAt} IS NULL AND ${t.redeemedParticipantId} IS NULL)
        OR (${t.status} = 'ACTIVE' AND ${t.paidAt} IS NOT NULL AND ${t.redeemedParticipantId} IS NULL)
        OR (${t.status} = 'REDEEMED' AND ${t.paidAt} IS NOT NULL AND ${t.codeHash} IS NOT NULL
            AND ${t.redeemedParticipantId} IS NOT NULL)
        OR (${t.status} = 'REFUNDED' AND ${t.paidAt} IS NOT NULL AND ${t.refundedAt} IS NOT NULL
            AND ${t.redeemedParticipantId} IS NULL)`,
    ),
    index('vouchers_buyer_idx').on(t.buyerId, t.createdAt),
    index('vouchers_redeemed_participant_idx').on(t.redeemedParticipantId),
    index('vouchers_undelivered_idx').on(t.paidAt).where(sql`${t.deliveredAt} IS NULL`),
  ],
);

/** The payment attempts made for a voucher (a card checkout, an M-PESA push), one voucher each. */
export const voucherPayments = pgTable(
  'voucher_payments',
  {
    paymentId: integer('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'restrict' }),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'restrict' }),
  },
  (t) => [index('voucher_payments_voucher_idx').on(t.voucherId)],
);
