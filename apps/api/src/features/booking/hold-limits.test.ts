import { defaultSessionRules } from '@myprosper/contract/rules';
import { describe, expect, it } from 'vitest';
import { holdPauseUntil, holdRefusal } from './hold-limits.ts';

const rules = defaultSessionRules;
const hour = 3_600_000;
const now = new Date('2026-11-27T12:00:00Z');
const ago = (hours: number) => new Date(now.getTime() - hours * hour);

describe('hold limits', () => {
  it('pauses holding after enough lapses within the window, until the pause after the last of them', () => {
    const lapses = [ago(20), ago(10), ago(1)];
    expect(holdPauseUntil(rules, lapses, now)).toEqual(
      new Date(ago(1).getTime() + rules.lapsePauseHours * hour),
    );
    // Spread wider than the window: no pause.
    expect(holdPauseUntil(rules, [ago(40), ago(10), ago(1)], now)).toBeNull();
    // Two lapses are not enough.
    expect(holdPauseUntil(rules, [ago(2), ago(1)], now)).toBeNull();
    // A pause that is over.
    expect(holdPauseUntil(rules, [ago(47), ago(46), ago(45)], now)).toBeNull();
  });

  it('refuses by the most specific limit first', () => {
    expect(holdRefusal(rules, { running: 2, runningWithMentor: 2, lapsedAt: [] }, now)).toEqual({
      kind: 'tooManyWithMentor',
      limit: rules.maxUnpaidHoldsPerMentor,
    });
    expect(holdRefusal(rules, { running: 2, runningWithMentor: 0, lapsedAt: [] }, now)).toEqual({
      kind: 'tooMany',
      limit: rules.maxUnpaidHolds,
    });
    expect(holdRefusal(rules, { running: 1, runningWithMentor: 1, lapsedAt: [] }, now)).toBeNull();
  });
});
