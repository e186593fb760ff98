import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection.ts';
import { advisorTopics, topics } from '../../db/schema/catalogue.ts';
import { payments } from '../../db/schema/payments.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { voucherPayments, vouchers } from '../../db/schema/vouchers.ts';

export type VoucherRow = typeof vouchers.$inferSelect;
export type NewVoucher = typeof vouchers.$inferInsert;

/** A voucher with the names people read. */
export interface VoucherRecord extends VoucherRow {
  /** Its mentor left (no longer an active mentor) or stopped giving its program. */
  mentorGone: boolean;
  topicName: string;
  advisorName: string;
  buyerName: string;
  buyerEmail: string;
}

const advisor = alias(users, 'voucher_advisor');
const buyer = alias(users, 'voucher_buyer');

const recordColumns = {
  voucher: vouchers,
  mentorGone: sql<boolean>`not (${advisor.role} = 'ADVISOR' and ${advisor.status} = 'ACTIVE'
    and exists (select 1 from ${advisorTopics} where ${advisorTopics.advisorId} = ${vouchers.advisorId}
                and ${advisorTopics.topicId} = ${vouchers.topicId}))`,
  topicName: topics.name,
  advisorName: advisor.name,
  buyerName: buyer.name,
  buyerEmail: buyer.email,
};

function toRecord(row: {
  voucher: VoucherRow;
  mentorGone: boolean;
  topicName: string;
  advisorName: string;
  buyerName: string;
  buyerEmail: string;
}): VoucherRecord {
  return {
    ...row.voucher,
    mentorGone: row.mentorGone,
    topicName: row.topicName,
    advisorName: row.advisorName,
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
  };
}

/** Gift vouchers and the payments made for them. Lock order: payment row, session row, voucher, wallets. */
export class VouchersRepository {
  constructor(private readonly db: DbOrTx) {}

  private records() {
    return this.db
      .select(recordColumns)
      .from(vouchers)
      .innerJoin(topics, eq(topics.id, vouchers.topicId))
      .innerJoin(advisor, eq(advisor.id, vouchers.advisorId))
      .innerJoin(buyer, eq(buyer.id, vouchers.buyerId));
  }

  async insert(values: NewVoucher): Promise<VoucherRow> {
    const [row] = await this.db.insert(vouchers).values(values).returning();
    return row!;
  }

  async findRecord(id: number): Promise<VoucherRecord | null> {
    const [row] = await this.records().where(eq(vouchers.id, id));
    return row ? toRecord(row) : null;
  }

  async findRecordByReference(reference: string): Promise<VoucherRecord | null> {
    const [row] = await this.records().where(eq(vouchers.reference, reference));
    return row ? toRecord(row) : null;
  }

  /** The vouchers a user bought, newest first. */
  async listBoughtBy(buyerId: number, limit = 100): Promise<VoucherRecord[]> {
    const rows = await this.records()
      .where(eq(vouchers.buyerId, buyerId))
      .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
      .limit(limit);
    return rows.map(toRecord);
  }

  async lock(id: number): Promise<VoucherRow | null> {
    const [row] = await this.db.select().from(vouchers).where(eq(vouchers.id, id)).for('update');
    return row ?? null;
  }

  /** The voucher a code names, locked (redemption): waits for any other redemption of it. */
  async lockByCodeHash(codeHash: string): Promise<VoucherRow | null> {
    const [row] = await this.db.select().from(vouchers).where(eq(vouchers.codeHash, codeHash)).for('update');
    return row ?? null;
  }

  async linkPayment(voucherId: number, paymentId: number): Promise<void> {
    await this.db.insert(voucherPayments).values({ voucherId, paymentId });
  }

  async voucherIdOfPayment(paymentId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ voucherId: voucherPayments.voucherId })
      .from(voucherPayments)
      .where(eq(voucherPayments.paymentId, paymentId));
    return row?.voucherId ?? null;
  }

  /** ACTIVE to REFUNDED, once: false when it was no longer unused. */
  async markRefunded(id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(vouchers)
      .set({ status: 'REFUNDED', refundedAt: now, updatedAt: now })
      .where(and(eq(vouchers.id, id), eq(vouchers.status, 'ACTIVE')))
      .returning({ id: vouchers.id });
    return rows.length === 1;
  }

  /**
   * An unused voucher raised to `amount` (today's price), MyProsper adding `added` (kept in topped_up): false when
   * it was no longer unused.
   */
  async raise(id: number, amount: number, added: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(vouchers)
      .set({ amount, toppedUp: sql`${vouchers.toppedUp} + ${added}`, updatedAt: now })
      .where(and(eq(vouchers.id, id), eq(vouchers.status, 'ACTIVE')))
      .returning({ id: vouchers.id });
    return rows.length === 1;
  }

  /** An unused voucher (not yet redeemed or refunded) given to another mentor: false when it was used. */
  async reassign(id: number, advisorId: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(vouchers)
      .set({ advisorId, updatedAt: now })
      .where(and(eq(vouchers.id, id), inArray(vouchers.status, ['PENDING_PAYMENT', 'ACTIVE'])))
      .returning({ id: vouchers.id });
    return rows.length === 1;
  }

  /** Active mentors who give this program, by name: whom a voucher of it may be given to. */
  async mentorsGiving(topicId: number): Promise<Array<{ id: number; name: string }>> {
    return this.db
      .select({ id: users.id, name: users.name })
      .from(advisorTopics)
      .innerJoin(users, eq(users.id, advisorTopics.advisorId))
      .where(and(eq(advisorTopics.topicId, topicId), eq(users.role, 'ADVISOR'), eq(users.status, 'ACTIVE')))
      .orderBy(asc(users.name), asc(users.id));
  }

  /** Whether an M-PESA push for this voucher is still waiting for its answer. */
  async hasPendingPayment(voucherId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: payments.id })
      .from(voucherPayments)
      .innerJoin(payments, eq(payments.id, voucherPayments.paymentId))
      .where(
        and(
          eq(voucherPayments.voucherId, voucherId),
          eq(payments.provider, 'MPESA'),
          eq(payments.status, 'PENDING'),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** The latest payment attempt of each voucher given. */
  async latestPayments(voucherIds: readonly number[]) {
    if (voucherIds.length === 0) return new Map<number, typeof payments.$inferSelect>();
    const rows = await this.db
      .selectDistinctOn([voucherPayments.voucherId], {
        voucherId: voucherPayments.voucherId,
        payment: payments,
      })
      .from(voucherPayments)
      .innerJoin(payments, eq(payments.id, voucherPayments.paymentId))
      .where(inArray(voucherPayments.voucherId, [...voucherIds]))
      .orderBy(voucherPayments.voucherId, desc(payments.createdAt), desc(payments.id));
    return new Map(rows.map((row) => [row.voucherId, row.payment]));
  }

  /** PENDING_PAYMENT to ACTIVE, once: false when it was no longer awaiting payment. */
  async markPaid(id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(vouchers)
      .set({ status: 'ACTIVE', paidAt: now, updatedAt: now })
      .where(and(eq(vouchers.id, id), eq(vouchers.status, 'PENDING_PAYMENT')))
      .returning({ id: vouchers.id });
    return rows.length === 1;
  }

  /** ACTIVE to REDEEMED for one participant's share, once: false when it was not ACTIVE any more. */
  async markRedeemed(
    id: number,
    redemption: { userId: number; sessionId: number; participantId: number; now: Date },
  ): Promise<boolean> {
    const rows = await this.db
      .update(vouchers)
      .set({
        status: 'REDEEMED',
        redeemedAt: redemption.now,
        redeemedBy: redemption.userId,
        redeemedSessionId: redemption.sessionId,
        redeemedParticipantId: redemption.participantId,
        updatedAt: redemption.now,
      })
      .where(and(eq(vouchers.id, id), eq(vouchers.status, 'ACTIVE'), isNotNull(vouchers.codeHash)))
      .returning({ id: vouchers.id });
    return rows.length === 1;
  }

  /**
   * The shares these participants paid with vouchers were refunded to VOUCHERS (a cancellation): their
   * vouchers can be used again. Answers how many were restored.
   */
  async restoreForParticipants(participantIds: readonly number[], now: Date): Promise<number> {
    if (participantIds.length === 0) return 0;
    const rows = await this.db
      .update(vouchers)
      .set({
        status: 'ACTIVE',
        redeemedAt: null,
        redeemedBy: null,
        redeemedSessionId: null,
        redeemedParticipantId: null,
        updatedAt: now,
      })
      .where(
        and(eq(vouchers.status, 'REDEEMED'), inArray(vouchers.redeemedParticipantId, [...participantIds])),
      )
      .returning({ id: vouchers.id });
    return rows.length;
  }

  /**
   * Takes the delivery of a paid voucher with a fresh code (its hash): only while it is not delivered and no
   * other sender took it in the last `leaseMs`. A code given earlier but never confirmed sent is replaced.
   */
  async claimDelivery(id: number, codeHash: string, now: Date, leaseMs: number): Promise<VoucherRow | null> {
    const [row] = await this.db
      .update(vouchers)
      .set({ codeHash, deliveryClaimedAt: now, updatedAt: now })
      .where(
        and(
          eq(vouchers.id, id),
          eq(vouchers.status, 'ACTIVE'),
          isNull(vouchers.deliveredAt),
          or(
            isNull(vouchers.deliveryClaimedAt),
            lt(vouchers.deliveryClaimedAt, new Date(now.getTime() - leaseMs)),
          ),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Marks the delivery of the code `codeHash` done; a sender whose claim was taken over marks nothing. */
  async markDelivered(id: number, codeHash: string, now: Date): Promise<void> {
    await this.db
      .update(vouchers)
      .set({ deliveredAt: now, updatedAt: now })
      .where(and(eq(vouchers.id, id), eq(vouchers.codeHash, codeHash)));
  }

  /** Paid vouchers whose code was never confirmed sent, paid before `before`, oldest first. */
  async undelivered(before: Date, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: vouchers.id })
      .from(vouchers)
      .where(
        and(
          eq(vouchers.status, 'ACTIVE'),
          isNull(vouchers.deliveredAt),
          lt(vouchers.paidAt, before),
          or(isNull(vouchers.deliveryClaimedAt), lt(vouchers.deliveryClaimedAt, before)),
        ),
      )
      .orderBy(vouchers.paidAt)
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /** The program of a session (a voucher pays only a session of its program). */
  async topicOfSession(sessionId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ topicId: sessions.topicId })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    return row?.topicId ?? null;
  }
}
