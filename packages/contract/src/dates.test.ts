import { describe, expect, it } from 'vitest';
import {
  addDaysToDate,
  formatDateChip,
  hourlySlots,
  isCalendarDate,
  isoWeekdayOf,
  isoWeekdayOfName,
  isSlotStartHour,
  slotOfHour,
  slotStartHours,
  todayIn,
  upcomingDatesOfWeekday,
  weekDayName,
  weekDays,
} from './dates.ts';

describe('formatDateChip', () => {
  it('writes the spec example', () => {
    expect(formatDateChip('2022-01-03')).toBe('Mon 3rd, Jan 2022');
  });

  it('uses every ordinal suffix', () => {
    expect(formatDateChip('2024-03-01')).toBe('Fri 1st, Mar 2024');
    expect(formatDateChip('2024-03-02')).toBe('Sat 2nd, Mar 2024');
    expect(formatDateChip('2024-03-11')).toBe('Mon 11th, Mar 2024');
    expect(formatDateChip('2024-03-22')).toBe('Fri 22nd, Mar 2024');
    expect(formatDateChip('2024-03-23')).toBe('Sat 23rd, Mar 2024');
    expect(formatDateChip('2024-03-31')).toBe('Sun 31st, Mar 2024');
  });

  it('keeps the calendar date at the edges of the year and on a leap day', () => {
    expect(formatDateChip('2025-12-31')).toBe('Wed 31st, Dec 2025');
    expect(formatDateChip('2026-01-01')).toBe('Thu 1st, Jan 2026');
    expect(formatDateChip('2024-02-29')).toBe('Thu 29th, Feb 2024');
  });

  it('refuses what is not a yyyy-MM-dd calendar date', () => {
    for (const bad of [
      '',
      '2022-1-3',
      '03/01/2022',
      '2022-02-30',
      '2023-02-29',
      '2022-13-01',
      '2022-01-03T00:00',
    ]) {
      expect(() => formatDateChip(bad), bad).toThrow(RangeError);
    }
  });
});

describe('isCalendarDate', () => {
  it('accepts real dates only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2022-04-31')).toBe(false);
    expect(isCalendarDate('2022-00-10')).toBe(false);
    expect(isCalendarDate('22-01-03')).toBe(false);
  });
});

describe('todayIn', () => {
  it('is the date in Nairobi, three hours ahead of UTC', () => {
    expect(todayIn('Africa/Nairobi', new Date('2024-05-06T20:59:59Z'))).toBe('2024-05-06');
    expect(todayIn('Africa/Nairobi', new Date('2024-05-06T21:00:00Z'))).toBe('2024-05-07');
    expect(todayIn(undefined, new Date('2024-12-31T21:30:00Z'))).toBe('2025-01-01');
  });

  it('follows the zone it is given', () => {
    expect(todayIn('UTC', new Date('2024-05-06T21:00:00Z'))).toBe('2024-05-06');
    expect(todayIn('America/Los_Angeles', new Date('2024-05-07T02:00:00Z'))).toBe('2024-05-06');
  });

  it('answers each zone its own date within one minute, asked again and again (the answers are remembered)', () => {
    const minute = ['2024-05-06T20:59:00Z', '2024-05-06T20:59:30Z', '2024-05-06T20:59:59.999Z'];
    for (const instant of [...minute, ...minute]) {
      expect(todayIn('Africa/Nairobi', new Date(instant))).toBe('2024-05-06');
      expect(todayIn('Asia/Kathmandu', new Date(instant))).toBe('2024-05-07');
    }
    // Kathmandu is 5:45 ahead: its date changes at 18:15 UTC, on a minute like every zone's.
    expect(todayIn('Asia/Kathmandu', new Date('2024-05-06T18:14:59Z'))).toBe('2024-05-06');
    expect(todayIn('Asia/Kathmandu', new Date('2024-05-06T18:15:00Z'))).toBe('2024-05-07');
  });
});

describe('calendar arithmetic', () => {
  it('adds and subtracts days across months, years and leap days', () => {
    expect(addDaysToDate('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDaysToDate('2024-02-28', 2)).toBe('2024-03-01');
    expect(addDaysToDate('2025-12-29', 7)).toBe('2026-01-05');
    expect(addDaysToDate('2026-01-05', -7)).toBe('2025-12-29');
  });

  it('knows the ISO weekday of a date', () => {
    expect(isoWeekdayOf('2022-01-03')).toBe(1);
    expect(isoWeekdayOf('2022-01-09')).toBe(7);
    expect(isoWeekdayOf('2024-02-29')).toBe(4);
  });

  it('names weekdays Monday first', () => {
    expect(weekDays[0]).toBe('Monday');
    expect(weekDayName(1)).toBe('Monday');
    expect(weekDayName(7)).toBe('Sunday');
    expect(isoWeekdayOfName('Wednesday')).toBe(3);
  });
});

describe('upcomingDatesOfWeekday', () => {
  it('starts on the first such weekday after the given date', () => {
    // 2022-01-03 is a Monday.
    expect(upcomingDatesOfWeekday(3, '2022-01-03', 4)).toEqual([
      '2022-01-05',
      '2022-01-12',
      '2022-01-19',
      '2022-01-26',
    ]);
  });

  it('includes the given date when it is that weekday', () => {
    expect(upcomingDatesOfWeekday(1, '2022-01-03', 2)).toEqual(['2022-01-03', '2022-01-10']);
  });

  it('wraps to the next week for an earlier weekday', () => {
    // Friday 2022-01-07: the next Monday is 2022-01-10.
    expect(upcomingDatesOfWeekday(1, '2022-01-07', 1)).toEqual(['2022-01-10']);
    expect(upcomingDatesOfWeekday(7, '2022-01-07', 1)).toEqual(['2022-01-09']);
  });

  it('crosses a year end in ascending order', () => {
    expect(upcomingDatesOfWeekday(2, '2025-12-20', 4)).toEqual([
      '2025-12-23',
      '2025-12-30',
      '2026-01-06',
      '2026-01-13',
    ]);
  });

  it('gives nothing for zero weeks and refuses bad input', () => {
    expect(upcomingDatesOfWeekday(1, '2022-01-03', 0)).toEqual([]);
    expect(() => upcomingDatesOfWeekday(0 as 1, '2022-01-03', 1)).toThrow(RangeError);
    expect(() => upcomingDatesOfWeekday(8 as 1, '2022-01-03', 1)).toThrow(RangeError);
    expect(() => upcomingDatesOfWeekday(1, '2022-01-03', -1)).toThrow(RangeError);
    expect(() => upcomingDatesOfWeekday(1, '2022-02-30', 1)).toThrow(RangeError);
  });
});

describe('hourly slots', () => {
  it('has the 15 one-hour slots from 06:00 to 22:00 without 12:00-13:00', () => {
    expect(hourlySlots).toHaveLength(15);
    expect(hourlySlots[0]).toEqual({ startTime: '06:00:00', endTime: '07:00:00' });
    expect(hourlySlots[5]).toEqual({ startTime: '11:00:00', endTime: '12:00:00' });
    expect(hourlySlots[6]).toEqual({ startTime: '13:00:00', endTime: '14:00:00' });
    expect(hourlySlots[14]).toEqual({ startTime: '21:00:00', endTime: '22:00:00' });
    expect(hourlySlots.map((slot) => slot.startTime)).not.toContain('12:00:00');
  });

  it('tells slot hours apart', () => {
    expect(slotStartHours).toHaveLength(15);
    expect(isSlotStartHour(6)).toBe(true);
    expect(isSlotStartHour(21)).toBe(true);
    expect(isSlotStartHour(12)).toBe(false);
    expect(isSlotStartHour(5)).toBe(false);
    expect(isSlotStartHour(22)).toBe(false);
    expect(slotOfHour(9)).toEqual({ startTime: '09:00:00', endTime: '10:00:00' });
  });
});
