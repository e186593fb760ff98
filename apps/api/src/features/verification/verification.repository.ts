import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { users } from '../../db/schema/users.ts';
import { phoneCodes } from '../../db/schema/verification.ts';

export type PhoneCodePurpose = (typeof phoneCodes.$inferSelect)['purpose'];
export type PhoneCodeRow = typeof phoneCodes.$inferSelect;

/** An account that lost an unverified number to the person who proved it theirs (told by e-mail). */
export interface ReleasedHolder {
  id: number;
  email: string;
  name: string;
}

/** phone_codes, and the users columns a proven phone changes. */
export class VerificationRepository {
  constructor(private readonly db: DbOrTx) {}

  /**
   * Takes the transaction's turn for one number: code requests for it and proofs of it run one at a time, so
   * the limits are counted exactly and two accounts proving one number cannot deadlock on each other's rows.
   */
  async lockNumber(phoneNumber: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone:${phoneNumber}`}))`);
  }

  /** The newest code asked for this number (by anyone, for any purpose), to space them a minute apart. */
  async latestFor(phoneNumber: string) {
    const [row] = await this.db
      .select({ createdAt: phoneCodes.createdAt })
      .from(phoneCodes)
      .where(eq(phoneCodes.phoneNumber, phoneNumber))
      .orderBy(desc(phoneCodes.createdAt))
      .limit(1);
    return row ?? null;
  }

  async countForNumberSince(phoneNumber: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(phoneCodes)
      .where(and(eq(phoneCodes.phoneNumber, phoneNumber), gt(phoneCodes.createdAt, since)));
    return row?.n ?? 0;
  }

  async countForAddressSince(address: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(phoneCodes)
      .where(and(eq(phoneCodes.requestedFrom, address), gt(phoneCodes.createdAt, since)));
    return row?.n ?? 0;
  }

  /** Whether an account other than `exceptUserId` holds this number verified. */
  async isVerifiedByOther(phoneNumber: string, exceptUserId: number | null): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.phoneNumber, phoneNumber),
          isNotNull(users.phoneVerifiedAt),
          exceptUserId === null ? undefined : ne(users.id, exceptUserId),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async insertCode(code: typeof phoneCodes.$inferInsert): Promise<void> {
    await this.db.insert(phoneCodes).values(code);
  }

  /** The newest code of this account (or of nobody: an applicant) for this number and these purposes. */
  async latestCode(userId: number | null, phoneNumber: string, purposes: PhoneCodePurpose[]) {
    const [row] = await this.db
      .select()
      .from(phoneCodes)
      .where(
        and(
          userId === null ? isNull(phoneCodes.userId) : eq(phoneCodes.userId, userId),
          eq(phoneCodes.phoneNumber, phoneNumber),
          inArray(phoneCodes.purpose, purposes),
        ),
      )
      .orderBy(desc(phoneCodes.createdAt), desc(phoneCodes.id))
      .limit(1);
    return row ?? null;
  }

  /**
   * Spends one of the code's tries, if it has one left and is still usable; answers the hash to compare, or
   * null. Counted before comparing, in one statement, so parallel guesses cannot get more than the tries.
   */
  async takeTry(id: number, now: Date, tries: number): Promise<{ codeHash: string } | null> {
    const [row] = await this.db
      .update(phoneCodes)
      .set({ attempts: sql`${phoneCodes.attempts} + 1` })
      .where(
        and(
          eq(phoneCodes.id, id),
          lt(phoneCodes.attempts, tries),
          isNull(phoneCodes.usedAt),
          gt(phoneCodes.expiresAt, now),
        ),
      )
      .returning({ codeHash: phoneCodes.codeHash });
    return row ?? null;
  }

  /** Marks the code taken; false when another request took it first. */
  async markUsed(id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(phoneCodes)
      .set({ usedAt: now })
      .where(and(eq(phoneCodes.id, id), isNull(phoneCodes.usedAt)))
      .returning({ id: phoneCodes.id });
    return rows.length === 1;
  }

  async phoneOf(userId: number) {
    const [row] = await this.db
      .select({ phoneNumber: users.phoneNumber, phoneVerifiedAt: users.phoneVerifiedAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row ?? null;
  }

  /**
   * The account's number is now this one, proven. A number another account proved first makes the partial
   * unique index users_phone_unique refuse it (23505), which the service answers as a 409.
   */
  async setVerifiedPhone(userId: number, phoneNumber: string, now: Date): Promise<void> {
    await this.db
      .update(users)
      .set({ phoneNumber, phoneVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, userId));
  }

  /** Every other account holding this number unverified loses it; answers them, to be told by e-mail. */
  async releaseFromOthers(phoneNumber: string, exceptUserId: number, now: Date): Promise<ReleasedHolder[]> {
    return this.db
      .update(users)
      .set({ phoneNumber: null, updatedAt: now })
      .where(
        and(eq(users.phoneNumber, phoneNumber), isNull(users.phoneVerifiedAt), ne(users.id, exceptUserId)),
      )
      .returning({ id: users.id, email: users.email, name: users.name });
  }
}
