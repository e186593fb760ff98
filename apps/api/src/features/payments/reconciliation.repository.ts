import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection.ts';
import { payouts } from '../../db/schema/admin.ts';
import { mpesaRequests } from '../../db/schema/mpesa-requests.ts';
import { ledgerTransactions, payments } from '../../db/schema/payments.ts';
import {
  mpesaStatementImports,
  mpesaStatementLines,
  reconciliationItems,
  reconciliationRuns,
} from '../../db/schema/reconciliation.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import type { PaymentRow } from './payments.repository.ts';

export type RunRow = typeof reconciliationRuns.$inferSelect;
export type ItemRow = typeof reconciliationItems.$inferSelect & { resolvedByName: string | null };
export type ImportRow = typeof mpesaStatementImports.$inferSelect & { importedByName: string | null };
export type LineRow = typeof mpesaStatementLines.$inferSelect;
export type NewLine = typeof mpesaStatementLines.$inferInsert;

export interface OpenItem {
  subject: string;
  problem: string;
  detail: string;
  receipt?: string | null;
  amount?: number | null;
  paymentId?: number | null;
  runId?: number | null;
  statementLineId?: number | null;
  importId?: number | null;
}

/** What we hold for a receipt: an M-PESA payment of ours, or a payout an admin recorded. */
export interface OurReceipt {
  /** PAYMENT: money in; PAYOUT (recorded by an admin) and MPESA_REQUEST (B2C, reversal): money out. */
  kind: 'PAYMENT' | 'PAYOUT' | 'MPESA_REQUEST';
  id: number;
  amount: number;
  ledgerTransactionId: number | null;
}

const resolver = alias(users, 'resolver');
const importer = alias(users, 'importer');

/** Reconciliation runs, the items they could not match, and imported M-PESA statements. */
export class ReconciliationRepository {
  constructor(private readonly db: DbOrTx) {}

  async startRun(trigger: 'SCHEDULED' | 'ADMIN', now: Date): Promise<number> {
    const [row] = await this.db
      .insert(reconciliationRuns)
      .values({ trigger, startedAt: now })
      .returning({ id: reconciliationRuns.id });
    if (!row) throw new Error('reconciliation run not recorded');
    return row.id;
  }

  async finishRun(id: number, counts: { checked: number; settled: number; unmatched: number }, now: Date) {
    const [row] = await this.db
      .update(reconciliationRuns)
      .set({ ...counts, finishedAt: now })
      .where(eq(reconciliationRuns.id, id))
      .returning();
    if (!row) throw new Error('reconciliation run vanished');
    return row;
  }

  async runs(limit: number): Promise<RunRow[]> {
    return this.db.select().from(reconciliationRuns).orderBy(desc(reconciliationRuns.id)).limit(limit);
  }

  /** Pending M-PESA pushes made before `before`, after the id `afterId`, in id order (a run pages through all). */
  async pendingMpesa(before: Date, afterId: number, limit: number): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, 'PENDING'),
          eq(payments.provider, 'MPESA'),
          lte(payments.createdAt, before),
          gt(payments.id, afterId),
        ),
      )
      .orderBy(asc(payments.id))
      .limit(limit);
  }

  /** Opens an item for its subject, or brings the open one up to date (one OPEN item per subject). */
  async openItem(item: OpenItem, now: Date): Promise<number> {
    const values = {
      subject: item.subject,
      problem: item.problem,
      detail: item.detail,
      receipt: item.receipt ?? null,
      amount: item.amount ?? null,
      paymentId: item.paymentId ?? null,
      runId: item.runId ?? null,
      statementLineId: item.statementLineId ?? null,
      importId: item.importId ?? null,
      createdAt: now,
      updatedAt: now,
    };
    const [row] = await this.db
      .insert(reconciliationItems)
      .values(values)
      .onConflictDoUpdate({
        target: reconciliationItems.subject,
        targetWhere: sql`${reconciliationItems.status} = 'OPEN'`,
        set: {
          problem: values.problem,
          detail: values.detail,
          receipt: values.receipt,
          amount: values.amount,
          runId: values.runId,
          statementLineId: values.statementLineId,
          importId: values.importId,
          updatedAt: now,
        },
      })
      .returning({ id: reconciliationItems.id });
    if (!row) throw new Error('reconciliation item not recorded');
    return row.id;
  }

  /** The open item of a subject is settled (a later check found the answer). */
  async settleSubject(subject: string, now: Date): Promise<void> {
    await this.db
      .update(reconciliationItems)
      .set({ status: 'SETTLED', updatedAt: now })
      .where(and(eq(reconciliationItems.subject, subject), eq(reconciliationItems.status, 'OPEN')));
  }

  private itemColumns() {
    return {
      id: reconciliationItems.id,
      subject: reconciliationItems.subject,
      problem: reconciliationItems.problem,
      detail: reconciliationItems.detail,
      receipt: reconciliationItems.receipt,
      amount: reconciliationItems.amount,
      paymentId: reconciliationItems.paymentId,
      runId: reconciliationItems.runId,
      statementLineId: reconciliationItems.statementLineId,
      importId: reconciliationItems.importId,
      status: reconciliationItems.status,
      resolvedBy: reconciliationItems.resolvedBy,
      resolvedAt: reconciliationItems.resolvedAt,
      resolutionNote: reconciliationItems.resolutionNote,
      createdAt: reconciliationItems.createdAt,
      updatedAt: reconciliationItems.updatedAt,
      resolvedByName: resolver.name,
    };
  }

  async items(status: string, limit: number): Promise<ItemRow[]> {
    return this.db
      .select(this.itemColumns())
      .from(reconciliationItems)
      .leftJoin(resolver, eq(resolver.id, reconciliationItems.resolvedBy))
      .where(eq(reconciliationItems.status, status))
      .orderBy(desc(reconciliationItems.updatedAt), desc(reconciliationItems.id))
      .limit(limit);
  }

  async item(id: number): Promise<ItemRow | null> {
    const [row] = await this.db
      .select(this.itemColumns())
      .from(reconciliationItems)
      .leftJoin(resolver, eq(resolver.id, reconciliationItems.resolvedBy))
      .where(eq(reconciliationItems.id, id));
    return row ?? null;
  }

  async lockItem(id: number) {
    const [row] = await this.db
      .select()
      .from(reconciliationItems)
      .where(eq(reconciliationItems.id, id))
      .for('update');
    return row ?? null;
  }

  async resolveItem(id: number, by: number, note: string, now: Date): Promise<void> {
    await this.db
      .update(reconciliationItems)
      .set({ status: 'RESOLVED', resolvedBy: by, resolvedAt: now, resolutionNote: note, updatedAt: now })
      .where(and(eq(reconciliationItems.id, id), eq(reconciliationItems.status, 'OPEN')));
  }

  async touchItem(id: number, detail: string, now: Date): Promise<void> {
    await this.db
      .update(reconciliationItems)
      .set({ detail, updatedAt: now })
      .where(eq(reconciliationItems.id, id));
  }

  async settleItem(id: number, now: Date): Promise<void> {
    await this.db
      .update(reconciliationItems)
      .set({ status: 'SETTLED', updatedAt: now })
      .where(and(eq(reconciliationItems.id, id), eq(reconciliationItems.status, 'OPEN')));
  }

  async missingOf(importId: number): Promise<ItemRow[]> {
    return this.db
      .select(this.itemColumns())
      .from(reconciliationItems)
      .leftJoin(resolver, eq(resolver.id, reconciliationItems.resolvedBy))
      .where(
        and(
          eq(reconciliationItems.importId, importId),
          eq(reconciliationItems.problem, 'MISSING_FROM_STATEMENT'),
        ),
      )
      .orderBy(asc(reconciliationItems.id));
  }

  // ---- Statements ----

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

  /** What we hold for a receipt: a succeeded M-PESA payment with it, or a payout recorded with it as reference. */
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
    if (payment) return { kind: 'PAYMENT', ...payment };
    const [payout] = await this.db
      .select({ id: payouts.id, amount: payouts.amount, ledgerTransactionId: payouts.transactionId })
      .from(payouts)
      .where(sql`lower(${payouts.reference}) = lower(${receipt})`);
    if (payout) return { kind: 'PAYOUT', ...payout };
    const [request] = await this.db
      .select({ id: mpesaRequests.id, amount: mpesaRequests.amount })
      .from(mpesaRequests)
      .where(
        and(
          eq(mpesaRequests.receipt, receipt),
          eq(mpesaRequests.state, 'SUCCEEDED'),
          inArray(mpesaRequests.kind, ['B2C', 'REVERSAL']),
        ),
      )
      .limit(1);
    return request
      ? { kind: 'MPESA_REQUEST', id: request.id, amount: request.amount ?? 0, ledgerTransactionId: null }
      : null;
  }

  /** B2C payments and reversals still without a final result, made before `before`. */
  async openMpesaRequests(before: Date) {
    return this.db
      .select({
        id: mpesaRequests.id,
        kind: mpesaRequests.kind,
        reference: mpesaRequests.reference,
        amount: mpesaRequests.amount,
        statusChecks: mpesaRequests.statusChecks,
      })
      .from(mpesaRequests)
      .where(
        and(
          inArray(mpesaRequests.kind, ['B2C', 'REVERSAL']),
          inArray(mpesaRequests.state, ['REQUESTED', 'ACCEPTED', 'UNKNOWN']),
          lte(mpesaRequests.createdAt, before),
        ),
      )
      .orderBy(asc(mpesaRequests.id))
      .limit(500);
  }

  /** Open items of requests that have a final result now are settled; answers how many. */
  async settleFinishedRequestItems(now: Date): Promise<number> {
    const rows = await this.db
      .update(reconciliationItems)
      .set({ status: 'SETTLED', updatedAt: now })
      .where(
        and(
          eq(reconciliationItems.status, 'OPEN'),
          sql`${reconciliationItems.subject} like 'mpesa-request:%'`,
          sql`exists (select 1 from ${mpesaRequests} where ${mpesaRequests.id} =
            substring(${reconciliationItems.subject} from 15)::int
            and ${mpesaRequests.state} in ('SUCCEEDED', 'FAILED'))`,
        ),
      )
      .returning({ id: reconciliationItems.id });
    return rows.length;
  }

  /**
   * A succeeded M-PESA payment without a receipt (settled by the push query, which has none) for this account
   * reference (the session's) and amount, the oldest first: the statement line tells its receipt.
   */
  async receiptlessPayment(accountReference: string, amount: number, completedBefore: Date) {
    const [row] = await this.db
      .select({ id: payments.id, amount: payments.amount })
      .from(payments)
      .innerJoin(sessions, eq(sessions.id, payments.sessionId))
      .where(
        and(
          eq(payments.provider, 'MPESA'),
          eq(payments.status, 'SUCCEEDED'),
          isNull(payments.providerReference),
          eq(sql`upper(${sessions.reference})`, accountReference),
          eq(payments.amount, amount),
          lte(payments.createdAt, completedBefore),
        ),
      )
      .orderBy(asc(payments.id))
      .limit(1)
      .for('update', { of: payments });
    return row ?? null;
  }

  /** Records the receipt of a payment that had none; false when another took it first. */
  async recordReceipt(paymentId: number, receipt: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(payments)
      .set({ providerReference: receipt, updatedAt: now })
      .where(and(eq(payments.id, paymentId), isNull(payments.providerReference)))
      .returning({ id: payments.id });
    return rows.length > 0;
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
