import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ledgerTransactions, payments } from './payments.ts';
import { users } from './users.ts';

/**
 * One pass of the M-PESA reconciliation (the daily job, or an admin's "run now"): how many pending items it
 * asked Daraja about, how many it settled, and how many it could not match (those are reconciliation_items).
 */
export const reconciliationRuns = pgTable('reconciliation_runs', {
  id: serial('id').primaryKey(),
  /** 'SCHEDULED' (the daily job) or 'ADMIN'. */
  trigger: text('trigger').notNull(),
  checked: integer('checked').notNull().default(0),
  settled: integer('settled').notNull().default(0),
  unmatched: integer('unmatched').notNull().default(0),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * An M-PESA organisation portal statement an admin imported: the file's SHA-256 (one import per file), who, and
 * the period its lines cover.
 */
export const mpesaStatementImports = pgTable(
  'mpesa_statement_imports',
  {
    id: serial('id').primaryKey(),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
    periodFrom: timestamp('period_from', { withTimezone: true }).notNull(),
    periodTo: timestamp('period_to', { withTimezone: true }).notNull(),
    lineCount: integer('line_count').notNull(),
    matched: integer('matched').notNull(),
    flagged: integer('flagged').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mpesa_statement_imports_sha256_unique').on(t.sha256)],
);

/**
 * One line of an imported statement and what it matched: MATCHED (a ledger entry of ours with that receipt and
 * amount), UNKNOWN_RECEIPT, AMOUNT_DIFFERS, or IGNORED (charges and lines not completed). Amounts in cents,
 * as the statement has them (charges carry cents; our money is whole KES).
 */
export const mpesaStatementLines = pgTable(
  'mpesa_statement_lines',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => mpesaStatementImports.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    receipt: text('receipt').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    details: text('details').notNull(),
    transactionStatus: text('transaction_status').notNull(),
    paidInCents: integer('paid_in_cents').notNull(),
    withdrawnCents: integer('withdrawn_cents').notNull(),
    reasonType: text('reason_type').notNull(),
    otherParty: text('other_party').notNull(),
    accountNo: text('account_no').notNull(),
    match: text('match').notNull(),
    /** What we hold for it: the ledger transaction and our amount (KES), and a note. */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id, {
      onDelete: 'set null',
    }),
    ourAmount: integer('our_amount'),
    note: text('note'),
  },
  (t) => [index('mpesa_statement_lines_import_idx').on(t.importId, t.lineNo)],
);

/**
 * What reconciliation could not match, for an admin: a pending push Daraja could not settle, a statement line
 * we do not know or whose amount differs, a receipt of ours missing from a statement. `subject` names the
 * thing ('payment:12', 'statement-line:40'); one OPEN item per subject. Resolving one is audited.
 */
export const reconciliationItems = pgTable(
  'reconciliation_items',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    /** 'STILL_PENDING', 'QUERY_FAILED', 'UNKNOWN_RECEIPT', 'AMOUNT_DIFFERS', 'MISSING_FROM_STATEMENT'. */
    problem: text('problem').notNull(),
    detail: text('detail').notNull(),
    receipt: text('receipt'),
    /** KES as we or the statement have it (the statement's, rounded down, for its lines). */
    amount: integer('amount'),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    runId: integer('run_id').references(() => reconciliationRuns.id, { onDelete: 'set null' }),
    statementLineId: integer('statement_line_id').references(() => mpesaStatementLines.id, {
      onDelete: 'set null',
    }),
    importId: integer('import_id').references(() => mpesaStatementImports.id, { onDelete: 'set null' }),
    /** 'OPEN', 'RESOLVED' (by an admin, with a note) or 'SETTLED' (a later check settled it). */
    status: text('status').notNull().default('OPEN'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolutionNote: text('resolution_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reconciliation_items_open_subject_unique').on(t.subject).where(sql`${t.status} = 'OPEN'`),
    index('reconciliation_items_status_idx').on(t.status, t.createdAt),
  ],
);
