import {
  type AdminVoucherDetails,
  type AdminVoucherEvent,
  adminMoneyMessages,
} from '@myprosper/contract/admin-money';
import { formatKes } from '@myprosper/contract/payments';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import type { VoucherAdministration, VoucherAudit } from '../vouchers/vouchers.door.ts';
import { AuditLogRepository } from './audit-log.repository.ts';
import { AdminVouchersRepository, toAdminVoucher } from './vouchers.repository.ts';

const voucherEntity = 'voucher';

/** Vouchers as an operator finds and fixes them: details with history, refund, another mentor. All audited. */
export class AdminVouchersService {
  constructor(
    private readonly db: Db,
    private readonly vouchers: VoucherAdministration,
  ) {}

  async details(voucherId: number): Promise<AdminVoucherDetails> {
    const row = await new AdminVouchersRepository(this.db).find(voucherId);
    if (!row) throw notFound(adminMoneyMessages.voucherNotFound);
    const [audit, mentors, currentPrice] = await Promise.all([
      new AuditLogRepository(this.db).list({
        entity: voucherEntity,
        entityId: voucherId,
        limit: 100,
        offset: 0,
      }),
      this.vouchers.mentorsGiving(row.topic.id),
      this.vouchers.currentPrice(),
    ]);
    const own: Array<AdminVoucherEvent | null> = [
      { at: row.createdAt.toISOString(), what: `Bought by ${row.buyer.name}`, by: null, reason: null },
      row.paidAt && {
        at: row.paidAt.toISOString(),
        what: `Paid by ${row.paymentMode}`,
        by: null,
        reason: null,
      },
      row.deliveredAt && {
        at: row.deliveredAt.toISOString(),
        what: `Code sent to ${row.recipientName}`,
        by: null,
        reason: null,
      },
      row.redeemedAt && {
        at: row.redeemedAt.toISOString(),
        what: `Redeemed for session ${row.redeemedSessionReference ?? ''}`.trim(),
        by: null,
        reason: null,
      },
    ];
    const actions: AdminVoucherEvent[] = audit.rows.map((entry) => {
      const after = (entry.after ?? {}) as { what?: string; reason?: string };
      return {
        at: entry.at.toISOString(),
        what: after.what ?? entry.action,
        by: entry.actorName ?? null,
        reason: after.reason ?? null,
      };
    });
    const history = [...own.filter((event): event is AdminVoucherEvent => event !== null), ...actions].sort(
      (a, b) => a.at.localeCompare(b.at),
    );
    return {
      ...toAdminVoucher(row),
      refundedAt: row.refundedAt?.toISOString() ?? null,
      history,
      canRefund: row.status === 'ACTIVE',
      canReassign: row.status === 'ACTIVE' || row.status === 'PENDING_PAYMENT',
      currentPrice,
      toppedUp: row.toppedUp,
      canExtend: row.status === 'ACTIVE' && currentPrice > row.amount,
      mentorsOfProgram: mentors.filter((mentor) => mentor.id !== row.mentor.id),
    };
  }

  async refund(admin: CurrentUser, voucherId: number, reason: string) {
    const after = await this.vouchers.refund(
      voucherId,
      reason,
      this.audit(admin, 'REFUND_VOUCHER', reason, (record) => ({
        status: record.status,
        what: `Cancelled; ${formatKes(record.amount - record.toppedUp)} to ${record.buyerName}'s wallet`,
      })),
    );
    return {
      details: await this.details(voucherId),
      message: adminMoneyMessages.voucherRefunded(formatKes(after.amount - after.toppedUp), after.buyerName),
    };
  }

  async extend(admin: CurrentUser, voucherId: number, reason: string) {
    const after = await this.vouchers.extend(
      voucherId,
      reason,
      this.audit(admin, 'EXTEND_VOUCHER', reason, (record) => ({
        amount: record.amount,
        toppedUp: record.toppedUp,
        what: `Extended to today's price, ${formatKes(record.amount)}, paid by MyProsper`,
      })),
    );
    return {
      details: await this.details(voucherId),
      message: adminMoneyMessages.voucherExtended(formatKes(after.amount)),
    };
  }

  async reassign(admin: CurrentUser, voucherId: number, mentorId: number, reason: string) {
    const after = await this.vouchers.reassign(
      voucherId,
      mentorId,
      reason,
      this.audit(admin, 'REASSIGN_VOUCHER', reason, (record) => ({
        mentorId: record.advisorId,
        what: `Given to ${record.advisorName}`,
      })),
    );
    return {
      details: await this.details(voucherId),
      message: adminMoneyMessages.voucherReassigned(after.advisorName),
    };
  }

  private audit(
    admin: CurrentUser,
    action: string,
    reason: string,
    afterOf: (record: Parameters<VoucherAudit>[2]) => Record<string, unknown>,
  ): VoucherAudit {
    return async (tx, before, after) => {
      await new AuditLogRepository(tx).record({
        actorId: admin.id,
        action,
        entity: voucherEntity,
        entityId: before.id,
        before: { status: before.status, mentorId: before.advisorId, amount: before.amount },
        after: { ...afterOf(after), reason },
      });
    };
  }
}
