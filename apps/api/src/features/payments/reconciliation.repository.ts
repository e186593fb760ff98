import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection.ts';
import { mpesaRequests } from '../../db/schema/mpesa-requests.ts';
import { payments } from '../../db/schema/payments.ts';
import { reconciliationItems, reconciliationRuns } from '../../db/schema/reconciliation.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import type { PaymentRow } from './payments.repository.ts';

export type RunRow = typeof reconciliationRuns.$inferSelect;
export type ItemRow = typeof reconciliationItems.$inferSelect & { resolvedByName: string | null };

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

const resolver = alias(users, 'resolver');

/** Reconciliation runs and the items they (or a statement import) could not match. */
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
}
