import { describe, expect, it } from 'vitest';
import { hasAttended, secondsPresent, stintsOf } from './presence.ts';

const startsAt = new Date('2026-03-02T09:00:00Z');
const endsAt = new Date('2026-03-02T10:00:00Z');
const at = (minutes: number, seconds = 0) => new Date(startsAt.getTime() + minutes * 60_000 + seconds * 1000);
const afterEnd = at(90);

describe('secondsPresent: time in the call between the start and the end', () => {
  it('counts five seconds as five seconds, which is no attendance', () => {
    const seconds = secondsPresent([{ joinedAt: at(1), leftAt: at(1, 5) }], { startsAt, endsAt }, afterEnd);
    expect(seconds).toBe(5);
    expect(hasAttended(seconds, 10)).toBe(false);
  });

  it('counts a join before the start only from the start', () => {
    const before = secondsPresent([{ joinedAt: at(-9), leftAt: at(-1) }], { startsAt, endsAt }, afterEnd);
    expect(before).toBe(0);
    const across = secondsPresent([{ joinedAt: at(-9), leftAt: at(3) }], { startsAt, endsAt }, afterEnd);
    expect(across).toBe(180);
  });

  it('counts an open stint until now, or until the end', () => {
    expect(secondsPresent([{ joinedAt: at(5), leftAt: null }], { startsAt, endsAt }, at(20))).toBe(900);
    expect(secondsPresent([{ joinedAt: at(5), leftAt: null }], { startsAt, endsAt }, afterEnd)).toBe(3300);
  });

  it('does not count time after the end, nor overlapping pages twice', () => {
    const seconds = secondsPresent(
      [
        { joinedAt: at(50), leftAt: at(70) },
        { joinedAt: at(55), leftAt: at(58) },
        { joinedAt: at(2), leftAt: at(4) },
      ],
      { startsAt, endsAt },
      afterEnd,
    );
    expect(seconds).toBe(12 * 60);
    expect(hasAttended(seconds, 10)).toBe(true);
  });

  it('adds short stints up to an attendance', () => {
    const stints = [0, 10, 20, 30, 40].map((m) => ({ joinedAt: at(m), leftAt: at(m + 2) }));
    expect(hasAttended(secondsPresent(stints, { startsAt, endsAt }, afterEnd), 10)).toBe(true);
  });
});

describe('stintsOf: stints from the join and leave records', () => {
  it('pairs each page join with its leave, and leaves an open page open', () => {
    expect(
      stintsOf([
        { participantId: 'a', kind: 'JOINED', at: at(1) },
        { participantId: 'a', kind: 'LEFT', at: at(2) },
        { participantId: 'b', kind: 'JOINED', at: at(3) },
        { participantId: null, kind: 'STARTED', at: at(1) },
      ]),
    ).toEqual([
      { joinedAt: at(1), leftAt: at(2) },
      { joinedAt: at(3), leftAt: null },
    ]);
  });
});
