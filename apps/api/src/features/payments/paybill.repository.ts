import { randomInt } from 'node:crypto';
import { accountReferenceAlphabet } from '@myprosper/contract/paybill';
import { and, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { pgErrorOf, uniqueViolation } from '../../db/database-errors.ts';
import { paybillCodeChecks, paybillPayments, paybillReferences } from '../../db/schema/paybill.ts';
import { sessionParticipants } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';

export type PaybillPaymentRow = typeof paybillPayments.$inferSelect;
export type PaybillCodeCheckRow = typeof paybillCodeChecks.$inferSelect;
export type PaybillReferenceRow = typeof paybillReferences.$inferSelect;

/** 'BK' and six letters or digits nobody confuses (no O/0, no I/1). */
export function newAccountReference(): string {
  let text = 'BK';
  for (let i = 0; i < 6; i++) text += accountReferenceAlphabet[randomInt(accountReferenceAlphabet.length)];
  return text;
}

/** Account references, Paybill payments received, and the codes people typed. */
export class PaybillRepository {
  constructor(private readonly db: DbOrTx) {}

  /**
   * The share's account reference, made on first use; the amount is the one shown now. A new reference
   * that happens to be taken already is drawn again.
   */
  async referenceFor(participantId: number, amount: number): Promise<PaybillReferenceRow> {
    for (let attempt = 1; ; attempt++) {
      try {
        const [row] = await this.db
          .insert(paybillReferences)
          .values({ reference: newAccountReference(), participantId, amount })
          .onConflictDoUpdate({
            target: paybillReferences.participantId,
            set: { amount, updatedAt: new Date() },
          })
          .returning();
        return row!;
      } catch (error) {
        const info = pgErrorOf(error);
        if (attempt < 5 && info?.code === uniqueViolation) continue;
        throw error;
      }
    }
  }

  async findReference(reference: string): Promise<PaybillReferenceRow | null> {
    const [row] = await this.db
      .select()
      .from(paybillReferences)
      .where(eq(paybillReferences.reference, reference));
    return row ?? null;
  }

  async referenceOfParticipant(participantId: number): Promise<PaybillReferenceRow | null> {
    const [row] = await this.db
      .select()
      .from(paybillReferences)
      .where(eq(paybillReferences.participantId, participantId));
    return row ?? null;
  }

  /** Records a receipt once: null when that TransID is known already (a confirmation sent twice). */
  async insertPayment(values: typeof paybillPayments.$inferInsert): Promise<PaybillPaymentRow | null> {
    const [row] = await this.db
      .insert(paybillPayments)
      .values(values)
      .onConflictDoNothing({ target: paybillPayments.transId })
      .returning();
    return row ?? null;
  }

  async findPaymentByTransId(transId: string): Promise<PaybillPaymentRow | null> {
    const [row] = await this.db.select().from(paybillPayments).where(eq(paybillPayments.transId, transId));
    return row ?? null;
  }

  async lockPayment(id: number): Promise<PaybillPaymentRow | null> {
    return this.lockPaymentWhere(eq(paybillPayments.id, id));
  }

  async lockPaymentByTransId(transId: string): Promise<PaybillPaymentRow | null> {
    return this.lockPaymentWhere(eq(paybillPayments.transId, transId));
  }

  private async lockPaymentWhere(where: SQL): Promise<PaybillPaymentRow | null> {
    const [row] = await this.db.select().from(paybillPayments).where(where).for('update');
    return row ?? null;
  }

  async updatePayment(
    id: number,
    values: Partial<typeof paybillPayments.$inferInsert>,
  ): Promise<PaybillPaymentRow> {
    const [row] = await this.db
      .update(paybillPayments)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(paybillPayments.id, id))
      .returning();
    return row!;
  }

  /** Payments for admins, newest first: those waiting for review, or all of them. */
  async listPayments(filter: { reviewOnly: boolean; limit: number }) {
    const where: SQL | undefined = filter.reviewOnly ? eq(paybillPayments.status, 'REVIEW') : undefined;
    return this.describedPayments()
      .where(where)
      .orderBy(desc(paybillPayments.createdAt), desc(paybillPayments.id))
      .limit(filter.limit);
  }

  async describePayment(id: number) {
    const [row] = await this.describedPayments().where(eq(paybillPayments.id, id));
    return row ?? null;
  }

  /** A payment with the session and the person its participant names (admins' view). */
  private describedPayments() {
    return this.db
      .select({
        payment: paybillPayments,
        sessionId: sessionParticipants.sessionId,
        suggestedUserId: sessionParticipants.adviseeId,
      })
      .from(paybillPayments)
      .leftJoin(sessionParticipants, eq(sessionParticipants.id, paybillPayments.participantId));
  }

  /** A typed code's check, unless that code is being checked or was confirmed for anyone already (null). */
  async insertCodeCheck(values: typeof paybillCodeChecks.$inferInsert): Promise<PaybillCodeCheckRow | null> {
    const [row] = await this.db
      .insert(paybillCodeChecks)
      .values(values)
      .onConflictDoNothing({
        target: paybillCodeChecks.code,
        where: sql`${paybillCodeChecks.status} <> 'REFUSED'`,
      })
      .returning();
    return row ?? null;
  }

  async openCheckOfCode(code: string): Promise<PaybillCodeCheckRow | null> {
    const [row] = await this.db
      .select()
      .from(paybillCodeChecks)
      .where(and(eq(paybillCodeChecks.code, code), sql`${paybillCodeChecks.status} <> 'REFUSED'`));
    return row ?? null;
  }

  async lockCodeCheck(id: number): Promise<PaybillCodeCheckRow | null> {
    const [row] = await this.db
      .select()
      .from(paybillCodeChecks)
      .where(eq(paybillCodeChecks.id, id))
      .for('update');
    return row ?? null;
  }

  async latestCheckOf(participantId: number): Promise<PaybillCodeCheckRow | null> {
    const [row] = await this.db
      .select()
      .from(paybillCodeChecks)
      .where(eq(paybillCodeChecks.participantId, participantId))
      .orderBy(desc(paybillCodeChecks.createdAt), desc(paybillCodeChecks.id))
      .limit(1);
    return row ?? null;
  }

  async settleCodeCheck(id: number, status: 'CONFIRMED' | 'REFUSED', reason: string | null): Promise<void> {
    await this.db
      .update(paybillCodeChecks)
      .set({ status, reason, updatedAt: new Date() })
      .where(and(eq(paybillCodeChecks.id, id), eq(paybillCodeChecks.status, 'CHECKING')));
  }

  /**
   * Takes the turn of one M-PESA receipt until the transaction ends: its STK callback, its confirmation and
   * a typed code never apply it side by side.
   */
  async lockReceipt(receipt: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`mpesa-receipt:${receipt}`}))`);
  }

  async participantById(id: number) {
    const [row] = await this.db
      .select({
        id: sessionParticipants.id,
        sessionId: sessionParticipants.sessionId,
        adviseeId: sessionParticipants.adviseeId,
        paymentStatus: sessionParticipants.paymentStatus,
        isHost: sessionParticipants.isHost,
      })
      .from(sessionParticipants)
      .where(eq(sessionParticipants.id, id));
    return row ?? null;
  }

  /** The account's phone number, only once proven by an SMS code (2547XXXXXXXX). */
  async verifiedPhoneOf(userId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ phone: users.phoneNumber })
      .from(users)
      .where(and(eq(users.id, userId), isNotNull(users.phoneVerifiedAt)));
    return row?.phone ?? null;
  }

  async userExists(userId: number): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    return row !== undefined;
  }
}
