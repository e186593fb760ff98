/**
 * Progressive delays after wrong passwords (issue 19; ASVS V6.3.1): the first few failures cost nothing, then
 * every further one doubles the wait before the next try is heard. Counted per typed account (by the e-mail as
 * typed, so an unknown one is delayed alike and a delay tells nothing about who has an account) and per address.
 * The account's wait is capped low so that a storm of wrong passwords slows its owner down but never shuts them
 * out; an address's cap is long, as one address trying many accounts is the attack. A device already signed in
 * keeps going through its refresh cookie, which no delay touches.
 */

export interface DelayRule {
  /** Failures that cost no wait. */
  free: number;
  /** The longest wait, in seconds. */
  maxSeconds: number;
}

/** An account: its owner is slowed, never locked out for more than a minute at a time. */
export const accountDelays: DelayRule = { free: 5, maxSeconds: 60 };
/** An address (many people may share one, so more are free; one address trying many accounts is the attack). */
export const addressDelays: DelayRule = { free: 20, maxSeconds: 15 * 60 };
/** Failures older than this are forgotten: the count starts again. */
export const failureMemoryMinutes = 60;

export interface FailureCount {
  failures: number;
  lastFailedAt: Date;
}

/** Seconds to wait after `failures` wrong passwords: 0 for the free ones, then 1, 2, 4, … up to the rule's most. */
export function delayAfter(failures: number, rule: DelayRule): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.maxSeconds, 2 ** (failures - rule.free));
}

/** Whole seconds still to wait at `now` (0 when the next try may go ahead). */
export function secondsToWait(count: FailureCount | undefined, rule: DelayRule, now: Date): number {
  if (!count) return 0;
  const elapsedMs = now.getTime() - count.lastFailedAt.getTime();
  if (elapsedMs >= failureMemoryMinutes * 60_000) return 0;
  return Math.max(0, Math.ceil(delayAfter(count.failures, rule) - elapsedMs / 1000));
}

/** The keys a sign-in attempt is counted under. */
export function failureKeys(username: string, ip: string): { account: string; address: string } {
  return { account: `account:${username.trim().toLowerCase()}`, address: `address:${ip}` };
}
