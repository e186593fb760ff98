import { describe, expect, it } from 'vitest';
import {
  checkSlot,
  hourOfTime,
  listBookableSlots,
  localDateTimeOf,
  type SlotRules,
  slotStart,
  toSessionAvailabilities,
} from './slots.ts';

// Wednesday 2025-01-01 08:00 in Nairobi (UTC+3) is 05:00Z.
const now = new Date('2025-01-01T05:00:00Z');

const monday9 = { dayOfWeek: 1, startHour: 9 };
const wednesday9 = { dayOfWeek: 3, startHour: 9 };
const wednesday10 = { dayOfWeek: 3, startHour: 10 };
const sunday21 = { dayOfWeek: 7, startHour: 21 };

function rules(overrides: Partial<SlotRules> = {}): SlotRules {
  return { availability: [monday9], now, horizonWeeks: 4, minNoticeMinutes: 120, ...overrides };
}

describe('listBookableSlots', () => {
  it('lists each weekly hour on every matching date of the next four weeks', () => {
    const slots = listBookableSlots(rules());
    expect(slots.map((s) => s.date)).toEqual(['2025-01-06', '2025-01-13', '2025-01-20', '2025-01-27']);
    expect(slots[0]).toEqual({
      date: '2025-01-06',
      time: '09:00',
      startsAt: '2025-01-06T06:00:00.000Z',
      endsAt: '2025-01-06T07:00:00.000Z',
    });
  });

  it('crosses week, month and year boundaries in the platform zone', () => {
    const lateDecember = new Date('2025-12-28T10:00:00Z'); // Sunday 13:00 in Nairobi
    const slots = listBookableSlots(rules({ now: lateDecember, availability: [monday9, sunday21] }));
    expect(slots.map((s) => `${s.date} ${s.time}`)).toEqual([
      '2025-12-28 21:00',
      '2025-12-29 09:00',
      '2026-01-04 21:00',
      '2026-01-05 09:00',
      '2026-01-11 21:00',
      '2026-01-12 09:00',
      '2026-01-18 21:00',
      '2026-01-19 09:00',
    ]);
    // Sunday 21:00 in Nairobi is 18:00Z the same day.
    expect(slots[0]?.startsAt).toBe('2025-12-28T18:00:00.000Z');
  });

  it('leaves out hours starting within the minimum notice, and today is kept when far enough', () => {
    // 08:00 local now: 09:00 is only one hour ahead, 10:00 exactly two.
    const slots = listBookableSlots(rules({ availability: [wednesday9, wednesday10], horizonWeeks: 1 }));
    expect(slots.map((s) => `${s.date} ${s.time}`)).toEqual(['2025-01-01 10:00']);
    const strict = listBookableSlots(
      rules({ availability: [wednesday9, wednesday10], horizonWeeks: 1, minNoticeMinutes: 121 }),
    );
    expect(strict).toEqual([]);
  });

  it('leaves out a taken hour and blocked dates', () => {
    const taken = [{ startsAt: new Date('2025-01-13T06:00:00Z'), endsAt: new Date('2025-01-13T07:00:00Z') }];
    const slots = listBookableSlots(rules({ taken, blockedDates: ['2025-01-20'] }));
    expect(slots.map((s) => s.date)).toEqual(['2025-01-06', '2025-01-27']);
  });

  it('ignores hours that are not session hours and bad weekdays', () => {
    const slots = listBookableSlots(
      rules({
        availability: [
          { dayOfWeek: 1, startHour: 12 },
          { dayOfWeek: 8, startHour: 9 },
          { dayOfWeek: 1, startHour: 22 },
        ],
      }),
    );
    expect(slots).toEqual([]);
  });

  it('follows another time zone when configured', () => {
    const slots = listBookableSlots(rules({ timeZone: 'UTC', horizonWeeks: 1 }));
    expect(slots[0]?.startsAt).toBe('2025-01-06T09:00:00.000Z');
  });
});

describe('toSessionAvailabilities', () => {
  it('groups hours and dates by weekday, Monday first, in the spec shape', () => {
    const slots = listBookableSlots(
      rules({ availability: [sunday21, wednesday10, monday9], horizonWeeks: 2 }),
    );
    expect(toSessionAvailabilities(slots)).toEqual([
      {
        dayName: 'Monday',
        sessionTimeSlots: [{ startTime: '09:00:00', endTime: '10:00:00' }],
        sessionDates: ['2025-01-06', '2025-01-13'],
      },
      {
        dayName: 'Wednesday',
        sessionTimeSlots: [{ startTime: '10:00:00', endTime: '11:00:00' }],
        sessionDates: ['2025-01-01', '2025-01-08'],
      },
      {
        dayName: 'Sunday',
        sessionTimeSlots: [{ startTime: '21:00:00', endTime: '22:00:00' }],
        sessionDates: ['2025-01-05', '2025-01-12'],
      },
    ]);
  });

  it('drops a day whose every hour is taken', () => {
    const taken = [{ startsAt: new Date('2025-01-06T06:00:00Z'), endsAt: new Date('2025-01-06T07:00:00Z') }];
    expect(toSessionAvailabilities(listBookableSlots(rules({ taken, horizonWeeks: 1 })))).toEqual([]);
  });
});

describe('checkSlot', () => {
  it('accepts an offered hour and gives its instants in UTC (09:00 Nairobi is 06:00Z)', () => {
    const check = checkSlot(rules(), '2025-01-06', '09:00');
    expect(check).toEqual({
      ok: true,
      startsAt: new Date('2025-01-06T06:00:00Z'),
      endsAt: new Date('2025-01-06T07:00:00Z'),
    });
  });

  it('names what is wrong with a refused choice', () => {
    expect(checkSlot(rules(), '2025-02-30', '09:00')).toEqual({ ok: false, problem: 'invalidDate' });
    expect(checkSlot(rules(), '2025-01-06', '09:30')).toEqual({ ok: false, problem: 'invalidTime' });
    expect(checkSlot(rules(), '2025-01-06', '9')).toEqual({ ok: false, problem: 'invalidTime' });
    expect(checkSlot(rules(), '2025-01-07', '09:00')).toEqual({ ok: false, problem: 'notOffered' });
    expect(checkSlot(rules(), '2024-12-30', '09:00')).toEqual({ ok: false, problem: 'past' });
    expect(checkSlot(rules({ blockedDates: ['2025-01-06'] }), '2025-01-06', '09:00')).toEqual({
      ok: false,
      problem: 'blocked',
    });
    expect(checkSlot(rules({ availability: [wednesday9] }), '2025-01-01', '09:00')).toEqual({
      ok: false,
      problem: 'tooSoon',
    });
    expect(checkSlot(rules(), '2025-02-03', '09:00')).toEqual({ ok: false, problem: 'tooFar' });
  });

  it('agrees with the listed slots', () => {
    const listed = listBookableSlots(rules({ availability: [monday9, wednesday9, wednesday10, sunday21] }));
    for (const slot of listed)
      expect(
        checkSlot(rules({ availability: [monday9, wednesday9, wednesday10, sunday21] }), slot.date, slot.time)
          .ok,
      ).toBe(true);
  });
});

describe('times', () => {
  it('reads HH:mm and HH:mm:ss on the hour only', () => {
    expect(hourOfTime('09:00')).toBe(9);
    expect(hourOfTime('21:00:00')).toBe(21);
    expect(hourOfTime('24:00')).toBeNull();
    expect(hourOfTime('09:15')).toBeNull();
  });

  it('turns a Nairobi date and hour into UTC and back', () => {
    const start = slotStart('2025-03-10', 6);
    expect(start.toISOString()).toBe('2025-03-10T03:00:00.000Z');
    expect(localDateTimeOf(start)).toEqual({
      date: '2025-03-10',
      time: '06:00',
      hour: 6,
      dateTime: '2025-03-10T06:00:00',
    });
    // 22:30Z is already the next day in Nairobi.
    expect(localDateTimeOf(new Date('2025-03-10T22:30:00Z'))).toEqual({
      date: '2025-03-11',
      time: '01:30',
      hour: 1,
      dateTime: '2025-03-11T01:30:00',
    });
  });
});
