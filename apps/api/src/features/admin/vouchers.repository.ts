import type { AdminVoucher } from '@myprosper/contract/admin-money';
import { and, count, desc, eq, exists, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection.ts';
import { topics } from '../../db/schema/catalogue.ts';
import { payments } from '../../db/schema/payments.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { voucherPayments, vouchers } from '../../db/schema/vouchers.ts';
import { containing, phoneContaining } from './search-terms.ts';

const buyer = alias(users, 'buyer_user');
const mentor = alias(users, 'voucher_mentor');

/** Gift vouchers as the console lists them (read only: the vouchers feature owns their changes). */
export class AdminVouchersRepository {
  constructor(private readonly db: DbOrTx) {}

  async search(filter: {
    id?: number;
    status?: AdminVoucher['status'];
    query?: string;
    limit: number;
    offset: number;
  }) {
    const conditions: SQL[] = [];
    if (filter.id !== undefined) conditions.push(eq(vouchers.id, filter.id));
    if (filter.status) conditions.push(eq(vouchers.status, filter.status));
    if (filter.query) {
      const text = containing(filter.query);
      conditions.push(
        or(
          ilike(vouchers.reference, text),
          ilike(vouchers.recipientName, text),
          ilike(vouchers.recipientEmail, text),
          ilike(vouchers.recipientPhone, phoneContaining(filter.query)),
          ilike(buyer.name, text),
          ilike(buyer.email, text),
          ilike(buyer.phoneNumber, phoneContaining(filter.query)),
          ilike(mentor.name, text),
          // The receipt or card reference of its purchase (the code in the buyer's SMS).
          exists(
            this.db
              .select({ one: sql`1` })
              .from(voucherPayments)
              .innerJoin(payments, eq(payments.id, voucherPayments.paymentId))
              .where(
                and(
                  eq(voucherPayments.voucherId, vouchers.id),
                  or(ilike(payments.providerReference, text), ilike(payments.checkoutRequestId, text)),
                ),
              ),
          ),
        )!,
      );
    }
    const where = and(...conditions);
    const rows = await this.db
      .select({
        id: vouchers.id,
        reference: vouchers.reference,
        status: vouchers.status,
        amount: vouchers.amount,
        toppedUp: vouchers.toppedUp,
        paymentMode: vouchers.paymentMode,
        buyer: { id: buyer.id, name: buyer.name, email: buyer.email },
        recipientName: vouchers.recipientName,
        recipientEmail: vouchers.recipientEmail,
        recipientPhone: vouchers.recipientPhone,
        topic: { id: topics.id, name: topics.name },
        mentor: { id: mentor.id, name: mentor.name },
        createdAt: vouchers.createdAt,
        paidAt: vouchers.paidAt,
        deliveredAt: vouchers.deliveredAt,
        redeemedAt: vouchers.redeemedAt,
        refundedAt: vouchers.refundedAt,
        redeemedSessionId: vouchers.redeemedSessionId,
        redeemedSessionReference: sessions.reference,
      })
      .from(vouchers)
      .innerJoin(buyer, eq(buyer.id, vouchers.buyerId))
      .innerJoin(mentor, eq(mentor.id, vouchers.advisorId))
      .innerJoin(topics, eq(topics.id, vouchers.topicId))
      .leftJoin(sessions, eq(sessions.id, vouchers.redeemedSessionId))
      .where(where)
      .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
      .limit(filter.limit)
      .offset(filter.offset);
    const [total] = await this.db
      .select({ n: count() })
      .from(vouchers)
      .innerJoin(buyer, eq(buyer.id, vouchers.buyerId))
      .innerJoin(mentor, eq(mentor.id, vouchers.advisorId))
      .where(where);
    return { rows, total: total?.n ?? 0 };
  }

  /** One voucher as the list shows it, with when it was refunded; null when there is none. */
  async find(id: number) {
    const { rows } = await this.search({ id, limit: 1, offset: 0 });
    return rows[0] ?? null;
  }
}

type AdminVoucherRow = Awaited<ReturnType<AdminVouchersRepository['search']>>['rows'][number];

/** A row of the list as the contract shows it. */
export function toAdminVoucher(row: AdminVoucherRow): AdminVoucher {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    amount: row.amount,
    paymentMode: row.paymentMode,
    buyer: row.buyer,
    recipient: { name: row.recipientName, email: row.recipientEmail, phone: row.recipientPhone },
    topic: row.topic,
    mentor: row.mentor,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
    redeemedSession:
      row.redeemedSessionId === null
        ? null
        : { id: row.redeemedSessionId, reference: row.redeemedSessionReference ?? '' },
  };
}
