import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { sessionParticipants, sessions } from './sessions.ts';
import { users } from './users.ts';

/**
 * Money. Every shilling that moves is a ledger transaction of two or more entries summing to zero (double
 * entry, integer KES). Entries are never changed or removed (triggers of the payments_ledger_rules migration
 * refuse UPDATE and DELETE, and a deferred constraint trigger refuses an unbalanced transaction at commit).
 */

/** WALLET: one per user, never below zero. PLATFORM: the platform's own accounts, known by code. */
export const ledgerAccountKind = pgEnum('ledger_account_kind', ['WALLET', 'PLATFORM']);

/**
 * An account of the ledger. Its balance is the sum of its entries. For wallets that sum is also kept in
 * `balance`, updated by the one function that writes entries, in the same transaction, on the row it locks
 * first: so no wallet can go below zero, however many payments run at once. Platform accounts (clearing,
 * escrow, commission, payouts) keep no balance row, so no payment waits on another for them; their balance
 * is summed from the entries when asked.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    kind: ledgerAccountKind('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** Platform accounts: MPESA_CLEARING, CARD_CLEARING, SESSION_ESCROW, COMMISSION, PAYOUTS, VOUCHERS … */
    code: text('code'),
    /** Wallets only: the sum of the account's entries, integer KES. */
    balance: integer('balance'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_accounts_user_unique').on(t.userId),
    unique('ledger_accounts_code_unique').on(t.code),
    check(
      'ledger_accounts_kind_check',
      sql`(${t.kind} = 'WALLET' AND ${t.userId} IS NOT NULL AND ${t.code} IS NULL AND ${t.balance} IS NOT NULL)
        OR (${t.kind} = 'PLATFORM' AND ${t.code} IS NOT NULL AND ${t.userId} IS NULL AND ${t.balance} IS NULL)`,
    ),
    check('ledger_accounts_balance_check', sql`${t.balance} IS NULL OR ${t.balance} >= 0`),
  ],
);

export const paymentProvider = pgEnum('payment_provider', ['MPESA', 'CARD']);
/**
 * A payment only moves forward: PENDING to SUCCEEDED or FAILED, never back (a trigger refuses it). A payment the
 * provider never answered is EXPIRED after a while (issue 25: it leaves the stuck count, its reason says why);
 * the one move out of EXPIRED is a late success (to SUCCEEDED), so money that did arrive is never lost.
 */
export const paymentStatus = pgEnum('payment_status', ['PENDING', 'SUCCEEDED', 'FAILED', 'EXPIRED']);

/**
 * Money asked of an outside provider (an M-PESA push, a card checkout). What it pays for is linked (a
 * session share); the money itself only enters the ledger once the provider confirms it.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    provider: paymentProvider('provider').notNull(),
    status: paymentStatus('status').notNull().default('PENDING'),
    payerId: integer('payer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** What the money is for: a share of a session. */
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'restrict' }),
    participantId: integer('participant_id').references(() => sessionParticipants.id, {
      onDelete: 'restrict',
    }),
    /** Asked of the provider, integer KES. */
    amount: integer('amount').notNull(),
    /** M-PESA: the MSISDN that got the prompt, 2547XXXXXXXX. */
    phoneNumber: text('phone_number'),
    /** The unguessable part of the callback URL: only the provider we told it to can report on this payment. */
    callbackToken: text('callback_token').notNull(),
    /** Daraja's ids of the push (a card engineer may keep the provider's transaction uuid here). */
    merchantRequestId: text('merchant_request_id'),
    checkoutRequestId: text('checkout_request_id'),
    /** The provider's receipt: the M-PESA receipt number. */
    providerReference: text('provider_reference'),
    resultCode: integer('result_code'),
    resultDesc: text('result_desc'),
    /** Why it failed, in words people read. */
    failureReason: text('failure_reason'),
    /** What became of the money when it could not pay what it was for (kept in the wallet). */
    outcomeNote: text('outcome_note'),
    /**
     * Integer KES of this payment given back: by an operator (payment_refunds, to the wallet or M-PESA) or sent
     * back to M-PESA by any refund (mpesa_refunds). Never more than the amount (a CHECK stands behind the code).
     */
    refunded: integer('refunded').notNull().default(0),
    /** When it was given up as EXPIRED (kept if a late success follows). */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_refunded_check', sql`${t.refunded} >= 0 AND ${t.refunded} <= ${t.amount}`),
    unique('payments_callback_token_unique').on(t.callbackToken),
    unique('payments_checkout_request_unique').on(t.checkoutRequestId),
    unique('payments_provider_reference_unique').on(t.provider, t.providerReference),
    index('payments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'PENDING'`),
    index('payments_participant_idx').on(t.participantId, t.createdAt),
    index('payments_payer_idx').on(t.payerId, t.createdAt),
    /** M-PESA prompts to one number in the last hour (mpesa-prompts.ts). */
    index('payments_mpesa_phone_idx')
      .on(t.phoneNumber, t.createdAt)
      .where(sql`${t.provider} = 'MPESA'`),
  ],
);

/**
 * One movement of money: its kind (MPESA_TOPUP, SESSION_PAYMENT, REFUND, EARNINGS, …), a unique key that
 * makes it happen at most once ('share:41', 'earnings:7'), what it was for in words, and what it belongs to.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What it was for, shown in the wallet: 'Session MPS-7K3Q9X with Jane Doe'. */
    memo: text('memo').notNull(),
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'restrict' }),
    participantId: integer('participant_id').references(() => sessionParticipants.id, {
      onDelete: 'restrict',
    }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_transactions_idempotency_unique').on(t.idempotencyKey),
    index('ledger_transactions_session_idx').on(t.sessionId),
    // A share's payment is found by its attendee (refunds), and removing an attendee checks the key here.
    index('ledger_transactions_participant_idx')
      .on(t.participantId)
      .where(sql`${t.participantId} is not null`),
  ],
);

/** One line of a transaction: a signed amount on one account (positive: into it). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_entries_amount_check', sql`${t.amount} <> 0`),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_transaction_idx').on(t.transactionId),
  ],
);

export const cancellerRole = pgEnum('canceller_role', ['ADVISEE', 'ADVISOR']);

/** Who cancelled a session, why, and what the policy gave back. One per session. */
export const sessionCancellations = pgTable('session_cancellations', {
  sessionId: integer('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'restrict' }),
  cancelledBy: integer('cancelled_by')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  role: cancellerRole('role').notNull(),
  reason: text('reason').notNull(),
  fullRefund: boolean('full_refund').notNull(),
  refunded: integer('refunded').notNull(),
  forfeited: integer('forfeited').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A session whose money went to its mentor: after it ended, or at a late cancellation. The primary key makes
 * it happen once; sessions nobody paid for are settled with no transaction.
 */
export const sessionSettlements = pgTable('session_settlements', {
  sessionId: integer('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'restrict' }),
  transactionId: integer('transaction_id').references(() => ledgerTransactions.id, {
    onDelete: 'restrict',
  }),
  paid: integer('paid').notNull(),
  earnings: integer('earnings').notNull(),
  commission: integer('commission').notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A group session's cut-off (issue 20, "Groups"): checked once, GROUP_CUTOFF_HOURS before the start (or as soon
 * as the host has paid, for a session starting sooner). `amount` is what the host was asked to pay so the
 * paid attendees cover the individual price (0: enough had paid, nothing asked); unpaid by `due_by`, the
 * session is cancelled and everyone refunded. `transaction_id` is the host's top-up (SESSION_PAYMENT
 * 'cover:<session>').
 */
export const groupCovers = pgTable(
  'group_covers',
  {
    sessionId: integer('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    dueBy: timestamp('due_by', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    transactionId: integer('transaction_id').references(() => ledgerTransactions.id, {
      onDelete: 'restrict',
    }),
  },
  (t) => [
    check('group_covers_amount_check', sql`${t.amount} >= 0`),
    check('group_covers_due_check', sql`${t.amount} = 0 OR ${t.dueBy} IS NOT NULL`),
    index('group_covers_due_idx').on(t.dueBy).where(sql`${t.amount} > 0 AND ${t.paidAt} IS NULL`),
  ],
);
