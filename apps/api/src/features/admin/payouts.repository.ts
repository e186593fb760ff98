import type { PayoutMethodDetails } from '@myprosper/contract/admin-money';
import { and, asc, count, desc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection.ts';
import { payouts } from '../../db/schema/admin.ts';
import { ledgerAccounts } from '../../db/schema/payments.ts';
import { payoutMethods } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';
import { containing } from './search-terms.ts';

const payer = alias(users, 'payout_admin');
const balance = sql<number>`coalesce(${ledgerAccounts.balance}, 0)`.mapWith(Number);

/** What mentors are owed (their wallet balance), how they want to be paid, and the payouts recorded. */
export class AdminPayoutsRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Mentors (suspended ones included), the most owed first. */
  async mentorsOwed(filter: { query?: string; owedOnly: boolean }) {
    const conditions: SQL[] = [eq(users.role, 'ADVISOR')];
    if (filter.owedOnly) conditions.push(gt(ledgerAccounts.balance, 0));
    if (filter.query) {
      const text = containing(filter.query);
      conditions.push(or(ilike(users.name, text), ilike(users.email, text), ilike(users.phoneNumber, text))!);
    }
    return this.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        phoneNumber: users.phoneNumber,
        status: users.status,
        balance,
        paidOutTotal:
          sql<number>`(select coalesce(sum(p.amount), 0) from payouts p where p.mentor_id = ${users.id})`.mapWith(
            Number,
          ),
      })
      .from(users)
      .leftJoin(ledgerAccounts, eq(ledgerAccounts.userId, users.id))
      .where(and(...conditions))
      .orderBy(desc(balance), asc(users.name), asc(users.id))
      .limit(1000);
  }

  async findMentor(id: number) {
    const [row] = await this.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, 'ADVISOR')));
    return row ?? null;
  }

  /** Each mentor's preferred payout method (or their only one, or the latest), by mentor id. */
  async methodsOf(mentorIds: readonly number[]): Promise<Map<number, PayoutMethodDetails>> {
    const methods = new Map<number, PayoutMethodDetails>();
    if (mentorIds.length === 0) return methods;
    const rows = await this.db
      .select({
        userId: payoutMethods.userId,
        method: payoutMethods.method,
        mpesaPhoneNumber: payoutMethods.mpesaPhoneNumber,
        bankName: payoutMethods.bankName,
        branch: payoutMethods.branch,
        accountName: payoutMethods.accountName,
        accountNumber: payoutMethods.accountNumber,
        paypalEmail: payoutMethods.paypalEmail,
      })
      .from(payoutMethods)
      .where(inArray(payoutMethods.userId, [...mentorIds]))
      .orderBy(desc(payoutMethods.preferred), desc(payoutMethods.updatedAt), desc(payoutMethods.id));
    for (const { userId, ...method } of rows) if (!methods.has(userId)) methods.set(userId, method);
    return methods;
  }

  /** Each mentor's latest payout, by mentor id. */
  async lastPayoutsOf(mentorIds: readonly number[]) {
    const latest = new Map<number, { amount: number; reference: string; paidAt: Date }>();
    if (mentorIds.length === 0) return latest;
    const rows = await this.db
      .selectDistinctOn([payouts.mentorId], {
        mentorId: payouts.mentorId,
        amount: payouts.amount,
        reference: payouts.reference,
        paidAt: payouts.paidAt,
      })
      .from(payouts)
      .where(inArray(payouts.mentorId, [...mentorIds]))
      .orderBy(payouts.mentorId, desc(payouts.paidAt), desc(payouts.id));
    for (const { mentorId, ...payout } of rows) latest.set(mentorId, payout);
    return latest;
  }

  async insert(values: typeof payouts.$inferInsert): Promise<number> {
    const [row] = await this.db.insert(payouts).values(values).returning({ id: payouts.id });
    return row!.id;
  }

  /** Payouts recorded, newest first. */
  async history(filter: { id?: number; mentorId?: number; limit: number; offset: number }) {
    const conditions: SQL[] = [];
    if (filter.id !== undefined) conditions.push(eq(payouts.id, filter.id));
    if (filter.mentorId !== undefined) conditions.push(eq(payouts.mentorId, filter.mentorId));
    const where = and(...conditions);
    const rows = await this.db
      .select({
        id: payouts.id,
        mentor: { id: users.id, name: users.name },
        amount: payouts.amount,
        method: payouts.method,
        details: payouts.details,
        reference: payouts.reference,
        paidById: payouts.paidBy,
        paidByName: payer.name,
        paidAt: payouts.paidAt,
      })
      .from(payouts)
      .innerJoin(users, eq(users.id, payouts.mentorId))
      .leftJoin(payer, eq(payer.id, payouts.paidBy))
      .where(where)
      .orderBy(desc(payouts.paidAt), desc(payouts.id))
      .limit(filter.limit)
      .offset(filter.offset);
    const [total] = await this.db.select({ n: count() }).from(payouts).where(where);
    return { rows, total: total?.n ?? 0 };
  }
}
