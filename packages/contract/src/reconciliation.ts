import { z } from 'zod';
import { envelope } from './common.ts';

/**
 * M-PESA reconciliation and statements (issue 21): the daily comparison with Daraja and what it could not
 * match, imported M-PESA organisation portal statements matched line by line, and the PDFs people download
 * (a mentor's monthly earnings statement, a receipt per payment).
 */

export const reconciliationMessages = {
  runDone: (settled: number, unmatched: number) =>
    `Reconciliation done: ${settled} settled, ${unmatched} could not be matched`,
  itemNotFound: 'This reconciliation item was not found',
  itemNotOpen: 'This item is already closed',
  rechecked: 'Checked again',
  recheckSettled: 'Checked again: it is settled now',
  resolved: 'Marked as resolved',
  giveNote: 'Please write what was done about it (at least 5 characters)',
  noteTooLong: 'Please keep the note under 500 characters',
  imported: (matched: number, flagged: number) =>
    `Statement imported: ${matched} matched, ${flagged} flagged`,
  alreadyImported: 'This statement was already imported',
  importNotFound: 'This statement import was not found',
  chooseFile: 'Please choose the statement file (CSV) exported from the M-PESA organisation portal',
  fileTooLarge: 'The statement file is too large (at most 5 MB)',
  notAStatement:
    'This file is not an M-PESA statement: no header row with Receipt No., Completion Time, Details, Transaction Status, Paid In, Withdrawn and Balance was found',
  missingColumn: (column: string) => `The statement has no "${column}" column`,
  noLines: 'The statement has no transactions',
  tooManyLines: (max: number) => `The statement has more than ${max} lines; please export a shorter period`,
  badFieldCount: (line: number, found: number, expected: number) =>
    `Line ${line} has ${found} fields where the header has ${expected}`,
  badReceipt: (line: number) => `Line ${line} has no valid receipt number`,
  badTime: (line: number, value: string) => `Line ${line}: "${value}" is not a completion time`,
  badAmount: (line: number, value: string) => `Line ${line}: "${value}" is not an amount`,
  unclosedQuote: 'The file has a quoted field that never ends',
  monthInvalid: 'Please choose a month as YYYY-MM',
  receiptNotFound: 'This payment was not found',
  receiptNotPaid: 'A receipt is available only for a completed payment',
  statementMentorsOnly: 'Earnings statements are for mentors',
} as const;

/** What became of a Paybill payment the fallback kept (decision 017), as a matched statement line says it. */
const paybillFates = {
  REVIEW: 'waiting for review',
  CREDITED: 'since credited to a wallet',
  REVERSING: 'being sent back to its payer',
  REFUNDED: 'since sent back to its payer',
} as const;

/** What a statement line or reconciliation item says, for admins. */
export const reconciliationNotes = {
  notCompleted: 'Not completed at M-PESA: nothing moved',
  charge: 'A charge of M-PESA: not ours to match',
  noAmount: 'No amount',
  receiptRecorded: (paymentId: number) => `Receipt recorded on payment #${paymentId} (settled without one)`,
  oursIs: (amount: string) => `We have ${amount} for this receipt`,
  wrongDirection: 'Ours, but the statement moves it the other way',
  unknownReceipt: 'No payment or payout of ours has this receipt',
  paybillKept: (id: number, status: 'REVIEW' | 'CREDITED' | 'REVERSING' | 'REFUNDED') =>
    `Paybill payment #${id}, kept in Paybill suspense: ${paybillFates[status]}`,
  paybillReversal: (id: number, receipt: string) =>
    `The Reversal of Paybill payment #${id} (${receipt}), sent back to its payer`,
  stillPending: (minutes: number) => `M-PESA still says the push is being processed after ${minutes} minutes`,
  noPush: 'No push was recorded for this payment',
  requestStillOpen: (kind: string, reference: string, checks: number) =>
    `${kind} ${reference} has no final result from M-PESA after ${checks} status checks`,
  darajaDown: 'M-PESA did not answer the status check',
  missing: (receipt: string, amount: string) =>
    `Our payment with receipt ${receipt} (${amount}) is not on the statement for its period`,
} as const;

/** The columns of the organisation portal's statement CSV (docs/decisions/018). The first seven are required. */
export const statementColumns = {
  receipt: 'Receipt No.',
  completionTime: 'Completion Time',
  details: 'Details',
  transactionStatus: 'Transaction Status',
  paidIn: 'Paid In',
  withdrawn: 'Withdrawn',
  balance: 'Balance',
  initiationTime: 'Initiation Time',
  balanceConfirmed: 'Balance Confirmed',
  reasonType: 'Reason Type',
  otherParty: 'Other Party Info',
  linkedTransactionId: 'Linked Transaction ID',
  accountNo: 'A/C No.',
} as const;
export const requiredStatementColumns = [
  'receipt',
  'completionTime',
  'details',
  'transactionStatus',
  'paidIn',
  'withdrawn',
  'balance',
] as const satisfies ReadonlyArray<keyof typeof statementColumns>;

/** At most this many lines in one statement file, and this many characters. */
export const statementMaxLines = 20_000;
export const statementMaxChars = 5_000_000;

export const itemProblems = [
  'STILL_PENDING',
  'QUERY_FAILED',
  'UNKNOWN_RECEIPT',
  'AMOUNT_DIFFERS',
  'MISSING_FROM_STATEMENT',
] as const;
export const itemProblem = z.enum(itemProblems);
export type ItemProblem = z.infer<typeof itemProblem>;

/** What an admin reads for each problem. */
export const itemProblemLabels: Record<ItemProblem, string> = {
  STILL_PENDING: 'Still pending at M-PESA',
  QUERY_FAILED: 'M-PESA could not be asked',
  UNKNOWN_RECEIPT: 'Unknown receipt',
  AMOUNT_DIFFERS: 'Amount differs',
  MISSING_FROM_STATEMENT: 'Ours, missing from the statement',
};

export const itemStatus = z.enum(['OPEN', 'RESOLVED', 'SETTLED']);
export type ItemStatus = z.infer<typeof itemStatus>;

export const lineMatches = ['MATCHED', 'UNKNOWN_RECEIPT', 'AMOUNT_DIFFERS', 'IGNORED'] as const;
export const lineMatch = z.enum(lineMatches);
export type LineMatch = z.infer<typeof lineMatch>;

export const reconciliationItem = z.object({
  id: z.number().int(),
  problem: itemProblem,
  detail: z.string(),
  receipt: z.string().nullable(),
  amount: z.number().int().nullable(),
  paymentId: z.number().int().nullable(),
  importId: z.number().int().nullable(),
  status: itemStatus,
  resolutionNote: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReconciliationItem = z.infer<typeof reconciliationItem>;

export const reconciliationRun = z.object({
  id: z.number().int(),
  trigger: z.enum(['SCHEDULED', 'ADMIN']),
  checked: z.number().int(),
  settled: z.number().int(),
  unmatched: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReconciliationRun = z.infer<typeof reconciliationRun>;

export const statementImportSummary = z.object({
  id: z.number().int(),
  fileName: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  lineCount: z.number().int(),
  matched: z.number().int(),
  flagged: z.number().int(),
  importedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type StatementImportSummary = z.infer<typeof statementImportSummary>;

export const statementLine = z.object({
  lineNo: z.number().int(),
  receipt: z.string(),
  completedAt: z.string(),
  details: z.string(),
  transactionStatus: z.string(),
  /** KES with cents, as on the statement (withdrawn as a positive amount). */
  paidIn: z.number(),
  withdrawn: z.number(),
  accountNo: z.string(),
  match: lineMatch,
  /** What we hold: our amount in KES and the ledger transaction it matched. */
  ourAmount: z.number().int().nullable(),
  ledgerTransactionId: z.number().int().nullable(),
  paymentId: z.number().int().nullable(),
  note: z.string().nullable(),
});
export type StatementLine = z.infer<typeof statementLine>;

export const statementImportDetail = statementImportSummary.extend({
  lines: z.array(statementLine),
  /** Receipts of ours in the statement's period that the statement does not have. */
  missing: z.array(reconciliationItem),
});
export type StatementImportDetail = z.infer<typeof statementImportDetail>;

export const reconciliationOverview = z.object({
  runs: z.array(reconciliationRun),
  items: z.array(reconciliationItem),
  imports: z.array(statementImportSummary),
});
export type ReconciliationOverview = z.infer<typeof reconciliationOverview>;

export const reconciliationQuery = z.object({
  status: itemStatus.default('OPEN'),
});

export const resolveItemRequest = z.object({
  note: z
    .string({ error: reconciliationMessages.giveNote })
    .max(2000)
    .transform((text) => text.trim())
    .pipe(z.string().min(5, reconciliationMessages.giveNote).max(500, reconciliationMessages.noteTooLong)),
});
export type ResolveItemRequest = z.input<typeof resolveItemRequest>;

export const statementImportRequest = z.object({
  fileName: z
    .string()
    .max(300)
    .transform((name) => name.trim() || 'statement.csv'),
  content: z
    .string({ error: reconciliationMessages.chooseFile })
    .min(1, reconciliationMessages.chooseFile)
    .max(statementMaxChars, reconciliationMessages.fileTooLarge),
});
export type StatementImportRequest = z.input<typeof statementImportRequest>;

export const reconciliationOverviewResponse = envelope(reconciliationOverview);
export const reconciliationRunResponse = envelope(reconciliationRun);
export const reconciliationItemResponse = envelope(reconciliationItem);
export const statementImportResponse = envelope(statementImportDetail);

// ---- PDFs ----

/** A calendar month, YYYY-MM (the platform's time zone). */
export const statementMonth = z
  .string({ error: reconciliationMessages.monthInvalid })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, reconciliationMessages.monthInvalid);

export const earningsStatementQuery = z.object({
  month: statementMonth,
  /** Admins only: whose statement. */
  mentorId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** The VAT inside a VAT-inclusive amount (prices are base plus VAT, rounded up): the amount less its base. */
export function vatIncluded(amount: number, vatPercent: number): number {
  if (vatPercent <= 0) return 0;
  const base = Math.floor((amount * 100) / (100 + vatPercent));
  return amount - base;
}

/** Where the PDFs are, under /myprosper/api. */
export const statementPaths = {
  paymentReceipt: (paymentId: number) => `/myprosper/api/payments/${paymentId}/receipt.pdf`,
  earningsStatement: (month: string) => `/myprosper/api/earnings/statement.pdf?month=${month}`,
} as const;

/** The words on the PDFs. */
export const pdfTexts = {
  receiptTitle: 'Payment receipt',
  receiptSubtitle: (number: string) => `Receipt ${number}`,
  receiptNumber: 'Receipt number',
  date: 'Date',
  paidBy: 'Paid by',
  paidFor: 'For',
  sessionFor: (reference: string, topic: string, mentor: string, when: string) =>
    `Session ${reference}: ${topic} with ${mentor}, ${when}`,
  walletTopUp: 'Money into the MyProsper wallet (a gift voucher or a top-up)',
  method: 'Method',
  mpesaMethod: (phone: string) => `M-PESA (${phone})`,
  cardMethod: 'Card',
  mpesaReceipt: 'M-PESA receipt',
  cardReference: 'Card reference',
  pendingReceipt: 'not yet known',
  amount: 'Amount paid',
  vat: (percent: number) => `of which VAT (${percent} %)`,
  receiptFooter:
    'Prices include VAT. Keep this receipt for your records; questions: write to us at the address above.',
  statementTitle: 'Monthly earnings statement',
  statementSubtitle: (name: string, month: string) => `${name} · ${month}`,
  sessionsHeading: 'Sessions held and settled',
  sessionColumns: ['Session', 'Program', 'Date', 'Gross', 'Commission', 'Earnings'] as const,
  noSessions: 'No sessions were settled this month.',
  totals: 'Totals',
  sessionsHeld: 'Sessions held',
  gross: 'Gross',
  commission: 'Commission',
  earnings: 'Earnings',
  payoutsHeading: 'Payouts',
  payoutColumns: ['Date', 'Method', 'Reference (M-PESA receipt)', 'Amount'] as const,
  noPayouts: 'No payouts this month.',
  paidOut: 'Paid out',
  statementFooter:
    'Earnings are the price paid less the platform commission. Payouts with an M-PESA receipt went to your registered M-PESA number.',
} as const;
