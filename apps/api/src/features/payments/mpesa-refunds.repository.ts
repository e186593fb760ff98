import { and, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { payments } from '../../db/schema/payments.ts';
import { mpesaRefunds, refundPreferences } from '../../db/schema/refunds.ts';
import { users } from '../../db/schema/users.ts';

export type MpesaRefundRow = typeof mpesaRefunds.$inferSelect;
export type NewMpesaRefund = typeof mpesaRefunds.$inferInsert;
export type RefundDestinationValue = (typeof refundPreferences.$inferSelect)['destination'];

/** An STK payment that paid a share, as a refund needs it. */
export interface SharePayment {
  id: number;
  provider: 'MPESA' | 'CARD';
  amount: number;
  phoneNumber: string | null;
  receipt: string | null;
  payerId: number;
  /** Given back of it already (payments.refunded). */
  refunded: number;
}

/** mpesa_refunds and refund_preferences, and what a refund reads of payments and users. */
export class MpesaRefundsRepository {
  constructor(private readonly db: DbOrTx) {}

  /** The provider payment that paid a share (the latest that succeeded), or null if it was paid otherwise. */
  async sharePayment(participantId: number): Promise<SharePayment | null> {
    const [row] = await this.db
      .select({
        id: payments.id,
        provider: payments.provider,
        amount: payments.amount,
        phoneNumber: payments.phoneNumber,
        receipt: payments.providerReference,
        payerId: payments.payerId,
        refunded: payments.refunded,
      })
      .from(payments)
      .where(and(eq(payments.participantId, participantId), eq(payments.status, 'SUCCEEDED')))
      .orderBy(desc(payments.completedAt), desc(payments.id))
      .limit(1);
    return row ?? null;
  }

  /** The user's phone if they proved it (2547XXXXXXXX), else null. */
  async verifiedPhone(userId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ phone: users.phoneNumber })
      .from(users)
      .where(and(eq(users.id, userId), isNotNull(users.phoneVerifiedAt)));
    return row?.phone ?? null;
  }

  /** Raises what was given back of a payment (its CHECK refuses more than the payment's amount). */
  async addRefunded(paymentId: number, amount: number): Promise<void> {
    await this.db
      .update(payments)
      .set({ refunded: sql`${payments.refunded} + ${amount}`, updatedAt: new Date() })
      .where(eq(payments.id, paymentId));
  }

  async insert(values: NewMpesaRefund): Promise<MpesaRefundRow> {
    const [row] = await this.db.insert(mpesaRefunds).values(values).returning();
    return row!;
  }

  async findByReference(reference: string): Promise<MpesaRefundRow | null> {
    const [row] = await this.db.select().from(mpesaRefunds).where(eq(mpesaRefunds.reference, reference));
    return row ?? null;
  }

  async find(id: number): Promise<MpesaRefundRow | null> {
    const [row] = await this.db.select().from(mpesaRefunds).where(eq(mpesaRefunds.id, id));
    return row ?? null;
  }

  /** Locks one sending for its settlement. */
  async lock(id: number): Promise<MpesaRefundRow | null> {
    const [row] = await this.db.select().from(mpesaRefunds).where(eq(mpesaRefunds.id, id)).for('update');
    return row ?? null;
  }

  /** Handed to Daraja (again, by B2C after a reversal M-PESA could not place). */
  async markRequested(id: number, method: MpesaRefundRow['method'], now: Date): Promise<void> {
    await this.db
      .update(mpesaRefunds)
      .set({ method, requestedAt: now, attempts: sql`${mpesaRefunds.attempts} + 1` })
      .where(and(eq(mpesaRefunds.id, id), eq(mpesaRefunds.status, 'PENDING')));
  }

  async markPaid(id: number, receipt: string | null, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(mpesaRefunds)
      .set({ status: 'PAID', receipt, settledAt: now })
      .where(and(eq(mpesaRefunds.id, id), eq(mpesaRefunds.status, 'PENDING')))
      .returning({ id: mpesaRefunds.id });
    return rows.length === 1;
  }

  async markFailed(id: number, reason: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(mpesaRefunds)
      .set({ status: 'FAILED', failureReason: reason, settledAt: now })
      .where(and(eq(mpesaRefunds.id, id), eq(mpesaRefunds.status, 'PENDING')))
      .returning({ id: mpesaRefunds.id });
    return rows.length === 1;
  }

  /** Pending sendings decided before `before`, oldest first. */
  async pending(before: Date, limit: number): Promise<MpesaRefundRow[]> {
    return this.db
      .select()
      .from(mpesaRefunds)
      .where(and(eq(mpesaRefunds.status, 'PENDING'), lt(mpesaRefunds.createdAt, before)))
      .orderBy(mpesaRefunds.id)
      .limit(limit);
  }

  /** A person's sendings, newest first (of one session when given). */
  async listFor(userId: number, sessionId?: number): Promise<MpesaRefundRow[]> {
    return this.db
      .select()
      .from(mpesaRefunds)
      .where(
        and(eq(mpesaRefunds.userId, userId), sessionId ? eq(mpesaRefunds.sessionId, sessionId) : undefined),
      )
      .orderBy(desc(mpesaRefunds.id))
      .limit(100);
  }

  /** The M-PESA receipt of a payment (what a Reversal names). */
  async paymentReceipt(paymentId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ receipt: payments.providerReference })
      .from(payments)
      .where(eq(payments.id, paymentId));
    return row?.receipt ?? null;
  }

  /** Where to tell a person: their e-mail, and their phone only if they proved it. */
  async contact(userId: number): Promise<{ name: string; email: string; phone: string | null } | null> {
    const [row] = await this.db
      .select({
        name: users.name,
        email: users.email,
        phone: sql<
          string | null
        >`case when ${users.phoneVerifiedAt} is not null then ${users.phoneNumber} end`,
      })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  }

  async preference(userId: number): Promise<RefundDestinationValue> {
    const [row] = await this.db
      .select({ destination: refundPreferences.destination })
      .from(refundPreferences)
      .where(eq(refundPreferences.userId, userId));
    return row?.destination ?? 'WALLET';
  }

  async savePreference(userId: number, destination: RefundDestinationValue, now: Date): Promise<void> {
    await this.db
      .insert(refundPreferences)
      .values({ userId, destination, updatedAt: now })
      .onConflictDoUpdate({ target: refundPreferences.userId, set: { destination, updatedAt: now } });
  }
}
