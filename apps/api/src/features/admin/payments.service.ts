import {
  type AdminPayment,
  type AdminPaymentPage,
  type AdminPaymentQueryResult,
  type AdminRefundPage,
  adminMoneyMessages,
} from '@myprosper/contract/admin-money';
import type { AdminPaymentDetails, PaymentEvent } from '@myprosper/contract/admin-refunds';
import type { PaymentAttemptStatus, PaymentProvider } from '@myprosper/contract/payments';
import type { Db } from '../../db/connection.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import type { MpesaService, OperatorRefunds } from '../payments/payments.door.ts';
import { AuditLogRepository } from './audit-log.repository.ts';
import { AdminPaymentsRepository } from './payments.repository.ts';

/** The audit log's name for payments. */
const paymentEntity = 'payment';

type PaymentListRow = Awaited<ReturnType<AdminPaymentsRepository['search']>>['rows'][number];

/** A payment row as the console shows it (never the callback token). */
export function toAdminPayment(row: PaymentListRow): AdminPayment {
  return {
    id: row.id,
    provider: row.provider,
    status: row.status,
    amount: row.amount,
    phoneNumber: row.phoneNumber,
    payer: row.payer,
    session: row.sessionId === null ? null : { id: row.sessionId, reference: row.sessionReference ?? '' },
    merchantRequestId: row.merchantRequestId,
    checkoutRequestId: row.checkoutRequestId,
    providerReference: row.providerReference,
    resultCode: row.resultCode,
    resultDesc: row.resultDesc,
    failureReason: row.failureReason,
    outcomeNote: row.outcomeNote,
    refunded: row.refunded,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    expiredAt: row.expiredAt?.toISOString() ?? null,
  };
}

/** Every payment with its provider references; asking M-PESA again about a stuck one; refunds. */
export class AdminPaymentsService {
  constructor(
    private readonly db: Db,
    private readonly mpesa: MpesaService,
    private readonly operatorRefunds: OperatorRefunds,
  ) {}

  /** One payment: its refunds, what can be refunded of it now, and what admins did with it. */
  async details(paymentId: number): Promise<AdminPaymentDetails> {
    const row = await new AdminPaymentsRepository(this.db).findOne(paymentId);
    const plan = await this.operatorRefunds.plan(paymentId);
    if (!row || !plan) throw notFound(adminMoneyMessages.paymentNotFound);
    const [refunds, audit] = await Promise.all([
      this.operatorRefunds.list(paymentId),
      new AuditLogRepository(this.db).list({
        entity: paymentEntity,
        entityId: paymentId,
        limit: 100,
        offset: 0,
      }),
    ]);
    const history: PaymentEvent[] = audit.rows.map((entry) => {
      const after = (entry.after ?? {}) as { what?: string; outcome?: string; reason?: string };
      return {
        at: entry.at.toISOString(),
        action: entry.action,
        by: entry.actorName ?? null,
        what: after.what ?? (after.outcome ? `M-PESA asked again: ${after.outcome}` : entry.action),
        reason: after.reason ?? null,
      };
    });
    return { payment: toAdminPayment(row), refunds, plan, history };
  }

  /**
   * An operator's refund of the payment (whole or part, to the wallet or to M-PESA), with the audit row in the
   * refund's own transaction. The same request id again changes nothing and answers the payment as it stands.
   */
  async refund(
    admin: CurrentUser,
    paymentId: number,
    input: { amount: number; destination: 'WALLET' | 'MPESA'; reason: string; requestId: string },
  ): Promise<AdminPaymentDetails> {
    await this.operatorRefunds.refund(paymentId, { ...input, actorId: admin.id }, async (tx, record) => {
      await new AuditLogRepository(tx).record({
        actorId: admin.id,
        action: 'REFUND_PAYMENT',
        entity: paymentEntity,
        entityId: paymentId,
        before: { refunded: record.refundedBefore },
        after: {
          refunded: record.refundedAfter,
          refundId: record.refundId,
          amount: record.amount,
          destination: record.destination,
          source: record.source,
          reason: record.reason,
          what: record.text,
        },
      });
    });
    return this.details(paymentId);
  }

  async search(filter: {
    status?: PaymentAttemptStatus;
    provider?: PaymentProvider;
    query?: string;
    page: number;
    pageSize: number;
  }): Promise<AdminPaymentPage> {
    const { rows, total } = await new AdminPaymentsRepository(this.db).search({
      ...filter,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    return { items: rows.map(toAdminPayment), total, page: filter.page, pageSize: filter.pageSize };
  }

  /**
   * Re-runs the M-PESA status query of a pending push (the reconcile job's query, now). A final answer is
   * applied by the payments feature, with the audit row in the same transaction; an answer that changes
   * nothing is audited on its own.
   */
  async query(admin: CurrentUser, paymentId: number): Promise<AdminPaymentQueryResult> {
    const repository = new AdminPaymentsRepository(this.db);
    const row = await repository.findRow(paymentId);
    if (!row) throw notFound(adminMoneyMessages.paymentNotFound);
    if (row.provider !== 'MPESA') throw invalid(adminMoneyMessages.notMpesa);
    // An EXPIRED push may be asked about too: only a success still applies to it.
    if (row.status !== 'PENDING' && row.status !== 'EXPIRED') {
      throw new AppError('CONFLICT', adminMoneyMessages.notPending);
    }
    const audit = (outcome: string) => ({
      actorId: admin.id,
      action: 'QUERY_MPESA_PAYMENT',
      entity: paymentEntity,
      entityId: paymentId,
      before: { status: row.status },
      after: { outcome },
    });
    const outcome = await this.mpesa.settleByQuery(row, async (tx, applied) => {
      await new AuditLogRepository(tx).record({
        ...audit(applied),
        after: { outcome: applied, status: applied },
      });
    });
    if (outcome === 'ALREADY_FINAL') throw new AppError('CONFLICT', adminMoneyMessages.notPending);
    if (outcome === 'PENDING' || outcome === 'UNAVAILABLE') {
      await new AuditLogRepository(this.db).record(audit(outcome));
    }
    const payment = await repository.findOne(paymentId);
    return { outcome, payment: toAdminPayment(payment!) };
  }

  async refunds(page: number, pageSize: number): Promise<AdminRefundPage> {
    const { rows, credits, total } = await new AdminPaymentsRepository(this.db).refunds({
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return {
      items: rows.map((row) => {
        const to = credits.filter((credit) => credit.transactionId === row.transactionId);
        return {
          transactionId: row.transactionId,
          session:
            row.sessionId === null ? null : { id: row.sessionId, reference: row.sessionReference ?? '' },
          amount: to.reduce((sum, credit) => sum + credit.amount, 0),
          memo: row.memo,
          to: to.map((credit) => ({
            name: credit.name === 'VOUCHERS' ? 'Voucher' : credit.name,
            amount: credit.amount,
          })),
          createdAt: row.createdAt.toISOString(),
        };
      }),
      total,
      page,
      pageSize,
    };
  }
}
