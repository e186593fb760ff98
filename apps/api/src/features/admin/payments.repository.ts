import type { PaymentAttemptStatus, PaymentProvider } from '@myprosper/contract/payments';
import { and, count, desc, eq, exists, gt, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, payments } from '../../db/schema/payments.ts';
import { mpesaRefunds } from '../../db/schema/refunds.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { voucherPayments, vouchers } from '../../db/schema/vouchers.ts';
import { containing, phoneContaining } from './search-terms.ts';

export interface AdminPaymentFilter {
  id?: number;
  sessionId?: number;
  status?: PaymentAttemptStatus;
  provider?: PaymentProvider;
  query?: string;
  limit: number;
  offset: number;
}

const paymentColumns = {
  id: payments.id,
  provider: payments.provider,
  status: payments.status,
  amount: payments.amount,
  phoneNumber: payments.phoneNumber,
  payer: { id: users.id, name: users.name, email: users.email },
  sessionId: payments.sessionId,
  sessionReference: sessions.reference,
  merchantRequestId: payments.merchantRequestId,
  checkoutRequestId: payments.checkoutRequestId,
  providerReference: payments.providerReference,
  resultCode: payments.resultCode,
  resultDesc: payments.resultDesc,
  failureReason: payments.failureReason,
  outcomeNote: payments.outcomeNote,
  refunded: payments.refunded,
  createdAt: payments.createdAt,
  completedAt: payments.completedAt,
  expiredAt: payments.expiredAt,
};

/** Payments with their provider references, refunds, and the counts the dashboard shows. */
export class AdminPaymentsRepository {
  constructor(private readonly db: DbOrTx) {}

  private conditions(filter: AdminPaymentFilter): SQL[] {
    const conditions: SQL[] = [];
    if (filter.id !== undefined) conditions.push(eq(payments.id, filter.id));
    if (filter.sessionId !== undefined) conditions.push(eq(payments.sessionId, filter.sessionId));
    if (filter.status) conditions.push(eq(payments.status, filter.status));
    if (filter.provider) conditions.push(eq(payments.provider, filter.provider));
    if (filter.query) {
      const text = containing(filter.query);
      conditions.push(
        or(
          ilike(payments.providerReference, text),
          ilike(payments.checkoutRequestId, text),
          ilike(payments.merchantRequestId, text),
          ilike(payments.phoneNumber, phoneContaining(filter.query)),
          ilike(users.name, text),
          ilike(users.email, text),
          ilike(sessions.reference, text),
          // The gift voucher it bought, and the receipt of money it sent back to M-PESA.
          exists(
            this.db
              .select({ one: sql`1` })
              .from(voucherPayments)
              .innerJoin(vouchers, eq(vouchers.id, voucherPayments.voucherId))
              .where(and(eq(voucherPayments.paymentId, payments.id), ilike(vouchers.reference, text))),
          ),
          exists(
            this.db
              .select({ one: sql`1` })
              .from(mpesaRefunds)
              .where(and(eq(mpesaRefunds.paymentId, payments.id), ilike(mpesaRefunds.receipt, text))),
          ),
        )!,
      );
    }
    return conditions;
  }

  /** Newest first. */
  async search(filter: AdminPaymentFilter) {
    const where = and(...this.conditions(filter));
    const rows = await this.db
      .select(paymentColumns)
      .from(payments)
      .innerJoin(users, eq(users.id, payments.payerId))
      .leftJoin(sessions, eq(sessions.id, payments.sessionId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(filter.limit)
      .offset(filter.offset);
    const [total] = await this.db
      .select({ n: count() })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.payerId))
      .leftJoin(sessions, eq(sessions.id, payments.sessionId))
      .where(where);
    return { rows, total: total?.n ?? 0 };
  }

  async findOne(id: number) {
    const { rows } = await this.search({ id, limit: 1, offset: 0 });
    return rows[0] ?? null;
  }

  /** The payment row as the payments feature reads it (for its status query). */
  async findRow(id: number) {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, id));
    return row ?? null;
  }

  /** Payments still PENDING that were made before `before`. */
  async countStuck(before: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.status, 'PENDING'), lte(payments.createdAt, before)));
    return row?.n ?? 0;
  }

  /** REFUND transactions, newest first, with where the money went. */
  async refunds(filter: { limit: number; offset: number }) {
    const rows = await this.db
      .select({
        transactionId: ledgerTransactions.id,
        sessionId: ledgerTransactions.sessionId,
        sessionReference: sessions.reference,
        memo: ledgerTransactions.memo,
        createdAt: ledgerTransactions.createdAt,
      })
      .from(ledgerTransactions)
      .leftJoin(sessions, eq(sessions.id, ledgerTransactions.sessionId))
      .where(eq(ledgerTransactions.kind, 'REFUND'))
      .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id))
      .limit(filter.limit)
      .offset(filter.offset);
    const [total] = await this.db
      .select({ n: count() })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.kind, 'REFUND'));
    const ids = rows.map((row) => row.transactionId);
    const credits =
      ids.length === 0
        ? []
        : await this.db
            .select({
              transactionId: ledgerEntries.transactionId,
              amount: ledgerEntries.amount,
              name: sql<string>`coalesce(${users.name}, ${ledgerAccounts.code}, '')`,
            })
            .from(ledgerEntries)
            .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
            .leftJoin(users, eq(users.id, ledgerAccounts.userId))
            .where(and(inArray(ledgerEntries.transactionId, ids), gt(ledgerEntries.amount, 0)))
            .orderBy(ledgerEntries.id);
    return { rows, credits, total: total?.n ?? 0 };
  }
}
