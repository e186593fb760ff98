import { describe, expect, it } from 'vitest';
import {
  accountDelays,
  addressDelays,
  delayAfter,
  failureMemoryMinutes,
  secondsToWait,
} from './sign-in-delays.ts';

describe('progressive sign-in delays', () => {
  it('costs nothing for the first failures, then doubles up to the cap', () => {
    const waits = Array.from({ length: 14 }, (_, n) => delayAfter(n, accountDelays));
    expect(waits).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60]);
    expect(delayAfter(19, addressDelays)).toBe(0);
    expect(delayAfter(20, addressDelays)).toBe(1);
    expect(delayAfter(40, addressDelays)).toBe(15 * 60);
  });

  it('counts down from the last failure and forgets old ones', () => {
    const last = new Date('2026-11-27T10:00:00Z');
    const at = (seconds: number) => new Date(last.getTime() + seconds * 1000);
    const count = { failures: 8, lastFailedAt: last };
    expect(secondsToWait(count, accountDelays, at(0))).toBe(8);
    expect(secondsToWait(count, accountDelays, at(5.5))).toBe(3);
    expect(secondsToWait(count, accountDelays, at(8))).toBe(0);
    expect(secondsToWait(undefined, accountDelays, at(0))).toBe(0);
    const many = { failures: 30, lastFailedAt: last };
    expect(secondsToWait(many, addressDelays, at(60))).toBe(15 * 60 - 60);
    expect(secondsToWait(many, addressDelays, at(failureMemoryMinutes * 60))).toBe(0);
  });
});
