/** The parts of a PostgreSQL error we act on; drizzle wraps the driver's error in `cause`. */
export interface PgErrorInfo {
  code: string;
  constraint?: string;
  detail?: string;
}

export function pgErrorOf(error: unknown): PgErrorInfo | null {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; detail?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
        detail: typeof candidate.detail === 'string' ? candidate.detail : undefined,
      };
    }
    current = candidate.cause;
  }
  return null;
}

export const exclusionViolation = '23P01';
export const uniqueViolation = '23505';
/** Deadlock and serialization failure: the transaction may simply be run again. */
export function isRetryable(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  return code === '40P01' || code === '40001';
}

/** Runs `work` (a whole transaction) up to three times while it fails on a deadlock or serialization failure. */
export async function withRetries<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt < 3 && isRetryable(error)) continue;
      throw error;
    }
  }
}

/**
 * Attempts after deadlocks. Writes of one person (or one mentor's hour) racing each other can each wait for the
 * other's row under the exclusion constraints, and PostgreSQL ends one of them; run again a moment later, it
 * waits for the winner instead and is refused by the constraint in the winner's words.
 */
export const maxDeadlockAttempts = 10;

/** A random pause before running a deadlocked write again, growing with each try, so racers fall out of step. */
export function pauseBeforeRetry(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
}

/** Runs a transaction, and again after a deadlock or serialization failure (up to maxDeadlockAttempts). */
export async function runAgainAfterDeadlock<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= maxDeadlockAttempts || !isRetryable(error)) throw error;
      await pauseBeforeRetry(attempt);
    }
  }
}
