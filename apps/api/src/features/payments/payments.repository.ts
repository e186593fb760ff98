import type { PaymentAttempt } from '@myprosper/contract/payments';
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { payments } from '../../db/schema/payments.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** A payment as its payer sees it; never the row (the callback token stays on the server). */
export function toPaymentAttempt(row: PaymentRow): PaymentAttempt {
  return {
    id: row.id,
    provider: row.provider,
    status: row.status,
    amount: row.amount,
    phoneNumber: row.phoneNumber,
    reason: row.status === 'FAILED' || row.status === 'EXPIRED' ? row.failureReason : null,
    note: row.outcomeNote,
    receipt: row.providerReference,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** Payments asked of providers, and the forward-only changes of their state. */
export class PaymentsRepository {
  constructor(private readonly db: DbOrTx) {}

  async insert(values: typeof payments.$inferInsert): Promise<PaymentRow> {
    const [row] = await this.db.insert(payments).values(values).returning();
    return row!;
  }

  /**
   * Takes the turn of each key (a payment's purpose, a phone number) until the transaction ends, always in
   * the same order so two callers never wait on each other.
   */
  async lockPromptKeys(keys: readonly string[]): Promise<void> {
    for (const key of [...keys].sort()) {
      await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`mpesa-prompt:${key}`}))`);
    }
  }

  /** When each M-PESA push to `phone` since `since` was asked, oldest first. */
  async promptsTo(phone: string, since: Date): Promise<Date[]> {
    const rows = await this.db
      .select({ at: payments.createdAt })
      .from(payments)
      .where(
        and(eq(payments.provider, 'MPESA'), eq(payments.phoneNumber, phone), gt(payments.createdAt, since)),
      )
      .orderBy(asc(payments.createdAt));
    return rows.map((row) => row.at);
  }

  /** Whether an M-PESA push for this attendee's share is still waiting for its answer. */
  async hasPendingPushFor(participantId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.provider, 'MPESA'),
          eq(payments.participantId, participantId),
          eq(payments.status, 'PENDING'),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Daraja accepted the push: its ids. A callback that came first may have set them already. */
  async recordPushIds(id: number, ids: { merchantRequestId: string; checkoutRequestId: string }) {
    await this.db
      .update(payments)
      .set({ ...ids, updatedAt: new Date() })
      .where(and(eq(payments.id, id), isNull(payments.checkoutRequestId)));
  }

  async lockByToken(token: string): Promise<PaymentRow | null> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(eq(payments.callbackToken, token))
      .for('update');
    return row ?? null;
  }

  async find(id: number): Promise<PaymentRow | null> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, id));
    return row ?? null;
  }

  async lock(id: number): Promise<PaymentRow | null> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, id)).for('update');
    return row ?? null;
  }

  async findByReference(provider: PaymentRow['provider'], reference: string): Promise<PaymentRow | null> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.providerReference, reference)));
    return row ?? null;
  }

  /**
   * PENDING (or EXPIRED: a success that came late) to SUCCEEDED, once: answers false when it was final already.
   */
  async markSucceeded(
    id: number,
    fields: { providerReference: string | null; resultCode: number; resultDesc: string; now: Date },
  ): Promise<boolean> {
    const rows = await this.db
      .update(payments)
      .set({
        status: 'SUCCEEDED',
        providerReference: fields.providerReference,
        resultCode: fields.resultCode,
        resultDesc: fields.resultDesc,
        completedAt: fields.now,
        updatedAt: fields.now,
      })
      .where(and(eq(payments.id, id), inArray(payments.status, ['PENDING', 'EXPIRED'])))
      .returning({ id: payments.id });
    return rows.length === 1;
  }

  /**
   * The M-PESA receipt of a succeeded payment that had none (settled by the STK query, which carries none):
   * answers false when it has one already (the receipts' unique index keeps a receipt to one payment).
   */
  async recordReceipt(id: number, receipt: string): Promise<boolean> {
    const rows = await this.db
      .update(payments)
      .set({ providerReference: receipt, updatedAt: new Date() })
      .where(and(eq(payments.id, id), isNull(payments.providerReference)))
      .returning({ id: payments.id });
    return rows.length === 1;
  }

  /** PENDING to EXPIRED, once, with the reason people read (issue 25): answers false when it was final already. */
  async markExpired(id: number, fields: { reason: string; now: Date }): Promise<boolean> {
    const rows = await this.db
      .update(payments)
      .set({ status: 'EXPIRED', failureReason: fields.reason, expiredAt: fields.now, updatedAt: fields.now })
      .where(and(eq(payments.id, id), eq(payments.status, 'PENDING')))
      .returning({ id: payments.id });
    return rows.length === 1;
  }

  /** Card checkouts still pending that were started before `before`, oldest first. */
  async pendingCard(before: Date, limit: number): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(
        and(eq(payments.status, 'PENDING'), eq(payments.provider, 'CARD'), lte(payments.createdAt, before)),
      )
      .orderBy(asc(payments.createdAt))
      .limit(limit);
  }

  /** PENDING to FAILED, once, with the reason people read. */
  async markFailed(
    id: number,
    fields: { resultCode: number | null; resultDesc: string; reason: string; now: Date },
  ): Promise<boolean> {
    const rows = await this.db
      .update(payments)
      .set({
        status: 'FAILED',
        resultCode: fields.resultCode,
        resultDesc: fields.resultDesc,
        failureReason: fields.reason,
        completedAt: fields.now,
        updatedAt: fields.now,
      })
      .where(and(eq(payments.id, id), eq(payments.status, 'PENDING')))
      .returning({ id: payments.id });
    return rows.length === 1;
  }

  async setOutcomeNote(id: number, note: string): Promise<void> {
    await this.db
      .update(payments)
      .set({ outcomeNote: note, updatedAt: new Date() })
      .where(eq(payments.id, id));
  }

  /** M-PESA pushes still pending that were made before `before`, oldest first. */
  async pendingMpesa(before: Date, limit: number): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(
        and(eq(payments.status, 'PENDING'), eq(payments.provider, 'MPESA'), lte(payments.createdAt, before)),
      )
      .orderBy(asc(payments.createdAt))
      .limit(limit);
  }

  /** A payer's latest attempt for a session. */
  async latestForSession(payerId: number, sessionId: number): Promise<PaymentRow | null> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.payerId, payerId), eq(payments.sessionId, sessionId)))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(1);
    return row ?? null;
  }
}
