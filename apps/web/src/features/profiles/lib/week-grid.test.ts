import { describe, expect, it } from 'vitest';
import {
  countDaySlots,
  sameSlots,
  slotKey,
  slotLabel,
  toggleSlot,
  toggleWholeDay,
  toSlotKeys,
  toTimeSlotRequest,
} from './week-grid.ts';

describe('the weekly availability grid', () => {
  it('reads the server week into chosen hours, ignoring hours outside the 15 slots', () => {
    const keys = toSlotKeys([
      { dayName: 'Monday', sessionTimeSlots: [{ startTime: '09:00:00', endTime: '10:00:00' }] },
      {
        dayName: 'Sunday',
        sessionTimeSlots: [
          { startTime: '08:00:00', endTime: '09:00:00' },
          { startTime: '12:00:00', endTime: '13:00:00' },
        ],
      },
    ]);
    expect([...keys].sort()).toEqual(['Monday|9', 'Sunday|8']);
  });

  it('toggles one hour on and off without changing the original set', () => {
    const start = new Set([slotKey('Monday', 9)]);
    const added = toggleSlot(start, slotKey('Sunday', 8));
    expect(added.has('Sunday|8')).toBe(true);
    expect(start.has('Sunday|8')).toBe(false);
    expect(toggleSlot(added, slotKey('Sunday', 8)).has('Sunday|8')).toBe(false);
  });

  it('selects a whole day (15 hours), and clears it when it was full', () => {
    const full = toggleWholeDay(new Set([slotKey('Friday', 6)]), 'Friday');
    expect(countDaySlots(full, 'Friday')).toBe(15);
    expect(countDaySlots(toggleWholeDay(full, 'Friday'), 'Friday')).toBe(0);
  });

  it('compares two weeks by their hours', () => {
    expect(sameSlots(new Set([slotKey('Monday', 9)]), new Set([slotKey('Monday', 9)]))).toBe(true);
    expect(sameSlots(new Set([slotKey('Monday', 9)]), new Set([slotKey('Monday', 10)]))).toBe(false);
  });

  it('sends all seven days, Monday first, with the hours in order', () => {
    const request = toTimeSlotRequest(7, new Set([slotKey('Sunday', 13), slotKey('Sunday', 8)]));
    expect(request.advisorId).toBe(7);
    expect(request.sessionDaysDTOList.map((day) => day.dayName)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(request.sessionDaysDTOList[6]?.sessionTimeSlots).toEqual([
      { startTime: '08:00:00', endTime: '09:00:00' },
      { startTime: '13:00:00', endTime: '14:00:00' },
    ]);
    expect(request.sessionDaysDTOList[0]?.sessionTimeSlots).toEqual([]);
  });

  it('labels a slot as start - end', () => {
    expect(slotLabel(6)).toBe('06:00 - 07:00');
    expect(slotLabel(21)).toBe('21:00 - 22:00');
  });
});
