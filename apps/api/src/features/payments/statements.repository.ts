import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection.ts';
import { payouts } from '../../db/schema/admin.ts';
import { pricingSettings, topics } from '../../db/schema/catalogue.ts';
import { payments, sessionSettlements } from '../../db/schema/payments.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';

const mentor = alias(users, 'mentor');

/** What the receipts and earnings statements (PDF) show. */
export class StatementsRepository {
  constructor(private readonly db: DbOrTx) {}

  /** One payment with its payer and, when it paid for one, its session. */
  async receipt(paymentId: number) {
    const [row] = await this.db
      .select({
        id: payments.id,
        payerId: payments.payerId,
        payerName: users.name,
        payerEmail: users.email,
        provider: payments.provider,
        status: payments.status,
        amount: payments.amount,
        phoneNumber: payments.phoneNumber,
        providerReference: payments.providerReference,
        completedAt: payments.completedAt,
        createdAt: payments.createdAt,
        sessionReference: sessions.reference,
        sessionStartsAt: sessions.startsAt,
        topicName: topics.name,
        mentorName: mentor.name,
      })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.payerId))
      .leftJoin(sessions, eq(sessions.id, payments.sessionId))
      .leftJoin(topics, eq(topics.id, sessions.topicId))
      .leftJoin(mentor, eq(mentor.id, sessions.advisorId))
      .where(eq(payments.id, paymentId));
    return row ?? null;
  }

  /** The VAT percent of an individual session's price (the receipts show the VAT inside the amount). */
  async vatPercent(): Promise<number> {
    const [row] = await this.db
      .select({ vat: pricingSettings.vatTax })
      .from(pricingSettings)
      .where(eq(pricingSettings.priceType, 'INDIVIDUAL'));
    return row?.vat ?? 0;
  }

  async person(userId: number) {
    const [row] = await this.db
      .select({ id: users.id, name: users.name, email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  }

  /** A mentor's sessions settled (paid to them) within [from, to), in order. */
  async settlements(mentorId: number, from: Date, to: Date) {
    return this.db
      .select({
        reference: sessions.reference,
        startsAt: sessions.startsAt,
        topicName: topics.name,
        paid: sessionSettlements.paid,
        commission: sessionSettlements.commission,
        earnings: sessionSettlements.earnings,
        settledAt: sessionSettlements.settledAt,
      })
      .from(sessionSettlements)
      .innerJoin(sessions, eq(sessions.id, sessionSettlements.sessionId))
      .innerJoin(topics, eq(topics.id, sessions.topicId))
      .where(
        and(
          eq(sessions.advisorId, mentorId),
          gte(sessionSettlements.settledAt, from),
          lt(sessionSettlements.settledAt, to),
        ),
      )
      .orderBy(asc(sessionSettlements.settledAt), asc(sessions.id));
  }

  /** Payouts to a mentor within [from, to), with their references (the M-PESA receipt of an M-PESA payout). */
  async payouts(mentorId: number, from: Date, to: Date) {
    return this.db
      .select({
        amount: payouts.amount,
        method: payouts.method,
        reference: payouts.reference,
        paidAt: payouts.paidAt,
      })
      .from(payouts)
      .where(and(eq(payouts.mentorId, mentorId), gte(payouts.paidAt, from), lt(payouts.paidAt, to)))
      .orderBy(asc(payouts.paidAt), asc(payouts.id));
  }
}
