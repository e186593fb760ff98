import { and, count, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { recoveryCodes, twoStepSecrets } from '../../db/schema/two-step.ts';

export type TwoStepRow = typeof twoStepSecrets.$inferSelect;

/** The two-step sign-in secret and recovery codes of accounts. */
export class TwoStepRepository {
  constructor(private readonly db: DbOrTx) {}

  async find(userId: number): Promise<TwoStepRow | null> {
    const [row] = await this.db
      .select()
      .from(twoStepSecrets)
      .where(eq(twoStepSecrets.userId, userId))
      .limit(1);
    return row ?? null;
  }

  /** Whether the account has it on (set up and confirmed). */
  async isOn(userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: twoStepSecrets.userId })
      .from(twoStepSecrets)
      .where(and(eq(twoStepSecrets.userId, userId), isNotNull(twoStepSecrets.enabledAt)))
      .limit(1);
    return row !== undefined;
  }

  /** Keeps a new secret while the account is setting up; false (and nothing changes) when it is already on. */
  async startSetup(userId: number, sealedSecret: string): Promise<boolean> {
    const rows = await this.db
      .insert(twoStepSecrets)
      .values({ userId, secret: sealedSecret })
      .onConflictDoUpdate({
        target: twoStepSecrets.userId,
        set: { secret: sealedSecret, lastStep: null, createdAt: sql`now()` },
        setWhere: isNull(twoStepSecrets.enabledAt),
      })
      .returning({ userId: twoStepSecrets.userId });
    return rows.length > 0;
  }

  /**
   * Turns it on with the step of the confirming code and these recovery code hashes (replacing any), only while
   * it is off and the secret is still `sealedSecret` (a setup started again in between wins). False otherwise.
   */
  async enable(userId: number, sealedSecret: string, step: number, codeHashes: string[]): Promise<boolean> {
    const rows = await this.db
      .update(twoStepSecrets)
      .set({ enabledAt: sql`now()`, lastStep: step })
      .where(
        and(
          eq(twoStepSecrets.userId, userId),
          eq(twoStepSecrets.secret, sealedSecret),
          isNull(twoStepSecrets.enabledAt),
        ),
      )
      .returning({ userId: twoStepSecrets.userId });
    if (rows.length === 0) return false;
    await this.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await this.db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    return true;
  }

  /**
   * Records the step of a code just taken, only when it is later than the last one taken: false when this or
   * a later step was taken already (the code is a replay, or another request took it at the same moment).
   */
  async takeStep(userId: number, step: number): Promise<boolean> {
    const rows = await this.db
      .update(twoStepSecrets)
      .set({ lastStep: step })
      .where(
        and(
          eq(twoStepSecrets.userId, userId),
          isNotNull(twoStepSecrets.enabledAt),
          or(isNull(twoStepSecrets.lastStep), lt(twoStepSecrets.lastStep, step)),
        ),
      )
      .returning({ userId: twoStepSecrets.userId });
    return rows.length > 0;
  }

  /**
   * Counts one code about to be checked against the account's limit: false (and nothing changes) when `max`
   * codes were tried in the window that began after `windowStart`; otherwise the count goes up, or starts a new
   * window at `now` when the last one began at `windowStart` or before. One statement, so requests at the same
   * moment each take a guess of their own (PostgreSQL checks the row again under its lock).
   */
  async takeCodeGuess(userId: number, now: Date, windowStart: Date, max: number): Promise<boolean> {
    const isNewWindow = or(
      isNull(twoStepSecrets.failedCodesSince),
      lte(twoStepSecrets.failedCodesSince, windowStart),
    );
    const rows = await this.db
      .update(twoStepSecrets)
      .set({
        failedCodes: sql`case when ${isNewWindow} then 1 else ${twoStepSecrets.failedCodes} + 1 end`,
        failedCodesSince: sql`case when ${isNewWindow} then ${now.toISOString()}::timestamptz else ${twoStepSecrets.failedCodesSince} end`,
      })
      .where(and(eq(twoStepSecrets.userId, userId), or(isNewWindow, lt(twoStepSecrets.failedCodes, max))))
      .returning({ userId: twoStepSecrets.userId });
    return rows.length > 0;
  }

  /** A right code: the count of codes tried starts again. */
  async clearCodeGuesses(userId: number): Promise<void> {
    await this.db
      .update(twoStepSecrets)
      .set({ failedCodes: 0, failedCodesSince: null })
      .where(eq(twoStepSecrets.userId, userId));
  }

  /** Spends a recovery code: true the one time it is there. */
  async takeRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
    const rows = await this.db
      .delete(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash)))
      .returning({ userId: recoveryCodes.userId });
    return rows.length > 0;
  }

  async countRecoveryCodes(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, userId));
    return row?.n ?? 0;
  }

  /** Turns it off: the secret and the recovery codes are forgotten. */
  async remove(userId: number): Promise<void> {
    await this.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await this.db.delete(twoStepSecrets).where(eq(twoStepSecrets.userId, userId));
  }
}
