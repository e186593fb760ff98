import type { DbOrTx } from '../../db/connection.ts';
import {
  accountDelays,
  addressDelays,
  type FailureCount,
  failureKeys,
  secondsToWait,
} from './sign-in-delays.ts';
import { SignInFailuresRepository } from './sign-in-failures.repository.ts';

/** One typed password's try, counted under sign-in's delays (sign-in-delays.ts). */
export interface PasswordTry {
  keys: { account: string; address: string };
  counts: Map<string, FailureCount>;
  /** Seconds still to wait before this try may be heard (0: go ahead). */
  wait: number;
}

/**
 * A password typed for an e-mail from an address: what sign-in's delays say of it now. Sign-in and the mentor
 * application's step 1 (a rejected applicant's password) share the counts, so one cannot guess around the
 * other's delays.
 */
export async function startPasswordTry(
  db: DbOrTx,
  email: string,
  address: string,
  now: Date,
): Promise<PasswordTry> {
  const keys = failureKeys(email, address);
  const counts = await new SignInFailuresRepository(db).find([keys.account, keys.address]);
  const wait = Math.max(
    secondsToWait(counts.get(keys.account), accountDelays, now),
    secondsToWait(counts.get(keys.address), addressDelays, now),
  );
  return { keys, counts, wait };
}

/** A wrong password counts under the account and the address; a right one clears the account's count. */
export async function endPasswordTry(
  db: DbOrTx,
  attempt: PasswordTry,
  isRight: boolean,
  now: Date,
): Promise<void> {
  const failures = new SignInFailuresRepository(db);
  if (!isRight) {
    await failures.recordFailure([attempt.keys.account, attempt.keys.address], now);
    return;
  }
  // Only an account with failures counted has a row to clear: a plain sign-in writes nothing more.
  if (attempt.counts.has(attempt.keys.account)) await failures.clear(attempt.keys.account);
}
