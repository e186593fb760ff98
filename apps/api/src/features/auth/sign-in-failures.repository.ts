import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { signInFailures } from '../../db/schema/verification.ts';
import { type FailureCount, failureMemoryMinutes } from './sign-in-delays.ts';

/** Wrong-password counts per account and per address (sign-in-delays.ts says what they are for). */
export class SignInFailuresRepository {
  constructor(private readonly db: DbOrTx) {}

  async find(keys: string[]): Promise<Map<string, FailureCount>> {
    const rows = await this.db
      .select({
        key: signInFailures.key,
        failures: signInFailures.failures,
        lastFailedAt: signInFailures.lastFailedAt,
      })
      .from(signInFailures)
      .where(inArray(signInFailures.key, keys));
    return new Map(rows.map((row) => [row.key, { failures: row.failures, lastFailedAt: row.lastFailedAt }]));
  }

  /** One more failure under each key, counted afresh when the last one is older than the memory. */
  async recordFailure(keys: string[], now: Date): Promise<void> {
    const forgetBefore = new Date(now.getTime() - failureMemoryMinutes * 60_000);
    await this.db
      .insert(signInFailures)
      .values(keys.map((key) => ({ key, failures: 1, lastFailedAt: now })))
      .onConflictDoUpdate({
        target: signInFailures.key,
        set: {
          failures: sql`case when ${signInFailures.lastFailedAt} < ${forgetBefore.toISOString()}::timestamptz then 1 else ${signInFailures.failures} + 1 end`,
          lastFailedAt: now,
        },
      });
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(signInFailures).where(eq(signInFailures.key, key));
  }
}
