import type { PaymentMethodDetails, PayoutMethod } from '@myprosper/contract/advisor-settings';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { payoutMethods } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';

export type PayoutMethodRow = typeof payoutMethods.$inferSelect;

/** A mentor's payout methods: one row per method, at most one preferred (a partial unique index). */
export class PayoutMethodsRepository {
  constructor(private readonly db: DbOrTx) {}

  async list(userId: number): Promise<PayoutMethodRow[]> {
    return this.db
      .select()
      .from(payoutMethods)
      .where(eq(payoutMethods.userId, userId))
      .orderBy(asc(payoutMethods.method));
  }

  /** The account's own phone number when it is verified (2547XXXXXXXX), else null. */
  async verifiedPhoneOf(userId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ phoneNumber: users.phoneNumber, verifiedAt: users.phoneVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    return row?.verifiedAt ? row.phoneNumber : null;
  }

  /** Serialises changes of one person's methods (call inside a transaction). */
  async lockOwner(userId: number): Promise<void> {
    await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  }

  async hasOtherPreferred(userId: number, method: PayoutMethod): Promise<boolean> {
    const [row] = await this.db
      .select({ id: payoutMethods.id })
      .from(payoutMethods)
      .where(
        and(
          eq(payoutMethods.userId, userId),
          ne(payoutMethods.method, method),
          eq(payoutMethods.preferred, true),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async clearPreferred(userId: number): Promise<void> {
    await this.db
      .update(payoutMethods)
      .set({ preferred: false, updatedAt: sql`now()` })
      .where(and(eq(payoutMethods.userId, userId), eq(payoutMethods.preferred, true)));
  }

  /** Saves one method's details, replacing what was saved for that method. */
  async save(
    userId: number,
    details: PaymentMethodDetails,
    preferred: boolean,
    mpesaVerifiedAt: Date | null = null,
  ): Promise<void> {
    const fields = {
      preferred,
      mpesaPhoneNumber: details.method === 'MPESA' ? details.mpesaPhoneNumber : null,
      mpesaVerifiedAt: details.method === 'MPESA' ? mpesaVerifiedAt : null,
      bankName: details.method === 'BANK' ? (details.bankName ?? null) : null,
      branch: details.method === 'BANK' ? details.branch : null,
      accountName: details.method === 'BANK' ? details.accountName : null,
      accountNumber: details.method === 'BANK' ? details.accountNumber : null,
      paypalEmail: details.method === 'PAYPAL' ? details.paypalEmail : null,
    };
    await this.db
      .insert(payoutMethods)
      .values({ userId, method: details.method, ...fields })
      .onConflictDoUpdate({
        target: [payoutMethods.userId, payoutMethods.method],
        set: { ...fields, updatedAt: sql`now()` },
      });
  }
}
