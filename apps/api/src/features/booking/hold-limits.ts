import type { SessionRules } from '@myprosper/contract/rules';

type HoldRules = Pick<
  SessionRules,
  | 'maxUnpaidHolds'
  | 'maxUnpaidHoldsPerMentor'
  | 'lapsedHoldsBeforePause'
  | 'lapseWindowHours'
  | 'lapsePauseHours'
>;

/** What a person holds and let lapse, as BookingRepository.readHoldsOf reads it under the person's lock. */
export interface HoldsOfPerson {
  /** Unpaid holds still running, over all mentors. */
  running: number;
  /** Of those, with the mentor being booked. */
  runningWithMentor: number;
  /** When each hold the person let lapse ran out, over the last lapseWindowHours + lapsePauseHours. */
  lapsedAt: Date[];
}

export type HoldRefusal =
  | { kind: 'tooMany'; limit: number }
  | { kind: 'tooManyWithMentor'; limit: number }
  | { kind: 'paused'; until: Date };

/** The hours a person must read their lapses over to know whether they are paused now. */
export function lapseLookbackHours(rules: HoldRules): number {
  return rules.lapseWindowHours + rules.lapsePauseHours;
}

/**
 * Until when a person may not hold: `lapsedHoldsBeforePause` lapses within any `lapseWindowHours` pause
 * holding for `lapsePauseHours` after the last of them. Null when not paused at `now`.
 */
export function holdPauseUntil(rules: HoldRules, lapsedAt: readonly Date[], now: Date): Date | null {
  const times = [...lapsedAt].map((at) => at.getTime()).sort((a, b) => a - b);
  const n = rules.lapsedHoldsBeforePause;
  const windowMs = rules.lapseWindowHours * 3_600_000;
  let until: number | null = null;
  for (let first = 0; first + n - 1 < times.length; first++) {
    const last = times[first + n - 1]!;
    if (last - times[first]! <= windowMs) {
      const end = last + rules.lapsePauseHours * 3_600_000;
      if (until === null || end > until) until = end;
    }
  }
  return until !== null && until > now.getTime() ? new Date(until) : null;
}

/** Why a person may not hold another unpaid time now, or null when they may. */
export function holdRefusal(rules: HoldRules, holds: HoldsOfPerson, now: Date): HoldRefusal | null {
  const until = holdPauseUntil(rules, holds.lapsedAt, now);
  if (until) return { kind: 'paused', until };
  if (holds.runningWithMentor >= rules.maxUnpaidHoldsPerMentor) {
    return { kind: 'tooManyWithMentor', limit: rules.maxUnpaidHoldsPerMentor };
  }
  if (holds.running >= rules.maxUnpaidHolds) return { kind: 'tooMany', limit: rules.maxUnpaidHolds };
  return null;
}
