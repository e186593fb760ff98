import { describe, expect, it } from 'vitest';
import {
  buildDayChoices,
  changeDay,
  changeTime,
  initialSelection,
  keepValid,
  selectionAt,
  slotLabel,
  withHour,
} from './slot-options.ts';

// 2026-03-02 is a Monday, 2026-03-03 a Tuesday.
const hours = [
  { date: '2026-03-10', time: '10:00' },
  { date: '2026-03-03', time: '09:00' },
  { date: '2026-03-09', time: '14:00' },
  { date: '2026-03-02', time: '14:00' },
  { date: '2026-03-02', time: '09:00' },
  { date: '2026-03-02', time: '09:00' },
];

describe('slot choices', () => {
  it('groups free hours by day (Monday first), then time, then dates, all ascending', () => {
    expect(buildDayChoices(hours)).toEqual([
      {
        day: 'Monday',
        times: [
          { time: '09:00', label: '09:00 - 10:00', dates: ['2026-03-02'] },
          { time: '14:00', label: '14:00 - 15:00', dates: ['2026-03-02', '2026-03-09'] },
        ],
      },
      {
        day: 'Tuesday',
        times: [
          { time: '09:00', label: '09:00 - 10:00', dates: ['2026-03-03'] },
          { time: '10:00', label: '10:00 - 11:00', dates: ['2026-03-10'] },
        ],
      },
    ]);
  });

  it('labels a slot start - end in HH:mm', () => {
    expect(slotLabel('21:00')).toBe('21:00 - 22:00');
  });

  it('starts on the first day and its first time with no date', () => {
    expect(initialSelection(buildDayChoices(hours))).toEqual({ day: 'Monday', time: '09:00', date: null });
    expect(initialSelection([])).toEqual({ day: null, time: null, date: null });
  });

  it('resets the time to the first slot and clears the date when the day changes', () => {
    const choices = buildDayChoices(hours);
    expect(changeDay(choices, 'Tuesday')).toEqual({ day: 'Tuesday', time: '09:00', date: null });
  });

  it('keeps the date on a time change only if it is free then too', () => {
    const choices = buildDayChoices(hours);
    const picked = { day: 'Monday' as const, time: '14:00', date: '2026-03-09' };
    expect(changeTime(choices, picked, '09:00').date).toBeNull();
    expect(changeTime(choices, { ...picked, date: '2026-03-02' }, '09:00').date).toBe('2026-03-02');
  });

  it('selects the current hour of a session, held by that session and added back', () => {
    const current = { date: '2026-03-17', time: '16:00' };
    const choices = buildDayChoices(withHour(hours, current));
    expect(selectionAt(choices, current)).toEqual({ day: 'Tuesday', time: '16:00', date: '2026-03-17' });
    expect(withHour(hours, hours[0]!)).toHaveLength(hours.length);
  });

  it('drops a date that was just taken', () => {
    const before = { day: 'Monday' as const, time: '14:00', date: '2026-03-09' };
    const choices = buildDayChoices(hours.filter((h) => h.date !== '2026-03-09'));
    expect(keepValid(choices, before)).toEqual({ day: 'Monday', time: '14:00', date: null });
  });
});
