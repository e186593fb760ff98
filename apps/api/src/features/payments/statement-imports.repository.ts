import { and, asc, desc, eq, gte, inArray, isNotNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection.ts';
import { payouts } from '../../db/schema/admin.ts';
import { mpesaRequests } from '../../db/schema/mpesa-requests.ts';
import { paybillPayments } from '../../db/schema/paybill.ts';
import { ledgerTransactions, payments } from '../../db/schema/payments.ts';
import { mpesaStatementImports, mpesaStatementLines } from '../../db/schema/reconciliation.ts';
import { users } from '../../db/schema/users.ts';
import { paybillLedgerReferences } from './paybill-ledger.ts';

export type ImportRow = typeof mpesaStatementImports.$inferSelect & { importedByName: string | null };
export type LineRow = typeof mpesaStatementLines.$inferSelect;
export type NewLine = typeof mpesaStatementLines.$inferInsert;

/** A Paybill payment the fallback kept (not applied to a booking): what became of it. */
export type KeptPaybillStatus = 'REVIEW' | 'CREDITED' | 'REVERSING' | 'REFUNDED';

/** What we hold for a receipt: an M-PESA payment of ours, a kept Paybill payment, or money we sent out. */
export interface OurReceipt {
  /**
   * Money in: PAYMENT (an M-PESA payment, Paybill ones applied to a booking included) and PAYBILL (a Paybill
   * payment kept for review, credited or sent back: its ledger transaction parked it). Money out: PAYOUT
   * (recorded by an admin) and MPESA_REQUEST (B2C, reversal).
   */
  kind: 'PAYMENT' | 'PAYBILL' | 'PAYOUT' | 'MPESA_REQUEST';
  id: number;
  amount: number;
  ledgerTransactionId: number | null;
  /** PAYBILL: the kept payment's state; MPESA_REQUEST: the kept Paybill payment a reversal sent back. */
  paybill: { id: number; receipt: string; status: KeptPaybillStatus } | null;
}

const importer = alias(users, 'importer');

/**
 * Imported M-PESA statements and their lines, and what we hold for a statement's receipts (the items a line
 * could not be matched to live with the reconciliation runs' items: ReconciliationRepository).
 */
export class StatementImportsRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Serialises imports of one file (the unique index decides; this makes the second wait, not fail half-way). */
  async lockImports(sha256: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`statement:${sha256}`}))`);
  }

  async importBySha(sha256: string): Promise<{ id: number } | null> {
    const [row] = await this.db
      .select({ id: mpesaStatementImports.id })
      .from(mpesaStatementImports)
      .where(eq(mpesaStatementImports.sha256, sha256));
    return row ?? null;
  }

  async insertImport(values: typeof mpesaStatementImports.$inferInsert): Promise<number> {
    const [row] = await this.db
      .insert(mpesaStatementImports)
      .values(values)
      .returning({ id: mpesaStatementImports.id });
    if (!row) throw new Error('statement import not recorded');
    return row.id;
  }

  async setImportCounts(id: number, matched: number, flagged: number): Promise<void> {
    await this.db
      .update(mpesaStatementImports)
      .set({ matched, flagged })
      .where(eq(mpesaStatementImports.id, id));
  }

  async insertLine(values: NewLine): Promise<number> {
    const [row] = await this.db
      .insert(mpesaStatementLines)
      .values(values)
      .returning({ id: mpesaStatementLines.id });
    if (!row) throw new Error('statement line not recorded');
    return row.id;
  }

  private importColumns() {
    return {
      id: mpesaStatementImports.id,
      fileName: mpesaStatementImports.fileName,
      sha256: mpesaStatementImports.sha256,
      importedBy: mpesaStatementImports.importedBy,
      periodFrom: mpesaStatementImports.periodFrom,
      periodTo: mpesaStatementImports.periodTo,
      lineCount: mpesaStatementImports.lineCount,
      matched: mpesaStatementImports.matched,
      flagged: mpesaStatementImports.flagged,
      createdAt: mpesaStatementImports.createdAt,
      importedByName: importer.name,
    };
  }

  async imports(limit: number): Promise<ImportRow[]> {
    return this.db
      .select(this.importColumns())
      .from(mpesaStatementImports)
      .leftJoin(importer, eq(importer.id, mpesaStatementImports.importedBy))
      .orderBy(desc(mpesaStatementImports.id))
      .limit(limit);
  }

  async import(id: number): Promise<ImportRow | null> {
    const [row] = await this.db
      .select(this.importColumns())
      .from(mpesaStatementImports)
      .leftJoin(importer, eq(importer.id, mpesaStatementImports.importedBy))
      .where(eq(mpesaStatementImports.id, id));
    return row ?? null;
  }

  async lines(importId: number): Promise<LineRow[]> {
    return this.db
      .select()
      .from(mpesaStatementLines)
      .where(eq(mpesaStatementLines.importId, importId))
      .orderBy(asc(mpesaStatementLines.lineNo));
  }

  async line(id: number): Promise<LineRow | null> {
    const [row] = await this.db.select().from(mpesaStatementLines).where(eq(mpesaStatementLines.id, id));
    return row ?? null;
  }

  async setLineMatch(
    id: number,
    match: {
      match: string;
      paymentId: number | null;
      ledgerTransactionId: number | null;
      ourAmount: number | null;
      note: string | null;
    },
  ): Promise<void> {
    await this.db.update(mpesaStatementLines).set(match).where(eq(mpesaStatementLines.id, id));
  }

  /**
   * What we hold for a receipt: a succeeded M-PESA payment with it, a Paybill payment kept for review (or
   * credited or sent back since: one applied to a booking is the payment), a payout recorded with it as
   * reference, or a succeeded B2C payment or reversal.
   */
  async ourReceipt(receipt: string): Promise<OurReceipt | null> {
    const [payment] = await this.db
      .select({
        id: payments.id,
        amount: payments.amount,
        ledgerTransactionId: sql<number | null>`(
          select ${ledgerTransactions.id} from ${ledgerTransactions}
          where ${ledgerTransactions.paymentId} = ${payments.id}
          order by ${ledgerTransactions.id} limit 1)`,
      })
      .from(payments)
      .where(
        and(
          eq(payments.provider, 'MPESA'),
          eq(payments.providerReference, receipt),
          eq(payments.status, 'SUCCEEDED'),
        ),
      );
    if (payment) return { kind: 'PAYMENT', ...payment, paybill: null };
    const kept = await this.keptPaybill(eq(paybillPayments.transId, receipt));
    if (kept) {
      return {
        kind: 'PAYBILL',
        id: kept.id,
        amount: kept.amount,
        ledgerTransactionId: kept.parkedTransactionId,
        paybill: { id: kept.id, receipt: kept.transId, status: kept.status },
      };
    }
    const [payout] = await this.db
      .select({ id: payouts.id, amount: payouts.amount, ledgerTransactionId: payouts.transactionId })
      .from(payouts)
      .where(sql`lower(${payouts.reference}) = lower(${receipt})`);
    if (payout) return { kind: 'PAYOUT', ...payout, paybill: null };
    const [request] = await this.db
      .select({
        id: mpesaRequests.id,
        kind: mpesaRequests.kind,
        amount: mpesaRequests.amount,
        originalReceipt: mpesaRequests.originalReceipt,
      })
      .from(mpesaRequests)
      .where(
        and(
          eq(mpesaRequests.receipt, receipt),
          eq(mpesaRequests.state, 'SUCCEEDED'),
          inArray(mpesaRequests.kind, ['B2C', 'REVERSAL']),
        ),
      )
      .limit(1);
    if (!request) return null;
    // A reversal of a kept Paybill payment: the ledger transaction that took its money out of suspense.
    const reversed =
      request.kind === 'REVERSAL' && request.originalReceipt
        ? await this.keptPaybill(
            and(eq(paybillPayments.transId, request.originalReceipt), eq(paybillPayments.status, 'REFUNDED')),
          )
        : null;
    const [posted] = reversed
      ? await this.db
          .select({ id: ledgerTransactions.id })
          .from(ledgerTransactions)
          .where(eq(ledgerTransactions.idempotencyKey, paybillLedgerReferences.reversal(reversed.id)))
      : [];
    return {
      kind: 'MPESA_REQUEST',
      id: request.id,
      amount: request.amount ?? 0,
      ledgerTransactionId: posted?.id ?? null,
      paybill: reversed ? { id: reversed.id, receipt: reversed.transId, status: reversed.status } : null,
    };
  }

  /** A Paybill payment that was kept rather than applied to a booking (whatever became of it since). */
  private async keptPaybill(where: SQL | undefined) {
    const [row] = await this.db
      .select({
        id: paybillPayments.id,
        transId: paybillPayments.transId,
        amount: paybillPayments.amount,
        status: paybillPayments.status,
        parkedTransactionId: paybillPayments.parkedTransactionId,
      })
      .from(paybillPayments)
      .where(and(where, ne(paybillPayments.status, 'APPLIED')));
    if (!row || row.status === 'APPLIED') return null;
    return { ...row, status: row.status };
  }

  /** Our succeeded M-PESA payments with a receipt completed within the period. */
  async receiptsBetween(from: Date, to: Date) {
    return this.db
      .select({ id: payments.id, amount: payments.amount, receipt: payments.providerReference })
      .from(payments)
      .where(
        and(
          eq(payments.provider, 'MPESA'),
          eq(payments.status, 'SUCCEEDED'),
          isNotNull(payments.providerReference),
          gte(payments.completedAt, from),
          lte(payments.completedAt, to),
        ),
      )
      .orderBy(asc(payments.id));
  }

  /** A statement line with this receipt in an import other than `exceptImportId` (a later statement had it). */
  async receiptOnAnyStatement(receipt: string, exceptImportId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: mpesaStatementLines.id })
      .from(mpesaStatementLines)
      .where(and(eq(mpesaStatementLines.receipt, receipt), ne(mpesaStatementLines.importId, exceptImportId)))
      .limit(1);
    return row !== undefined;
  }
}
