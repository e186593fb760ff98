import type { AddAdvisorTimeSlotRequest, WeekDaySlots } from '@myprosper/contract/advisor-settings';
import { slotOfHour, slotStartHours, type WeekDayName, weekDays } from '@myprosper/contract/dates';

/** One chosen hour of the week: 'Monday|9'. */
export type WeekSlotKey = `${WeekDayName}|${number}`;

export function slotKey(day: WeekDayName, hour: number): WeekSlotKey {
  return `${day}|${hour}`;
}

/** The week as the server answers it, as the set of chosen (day, start hour) pairs. */
export function toSlotKeys(week: readonly WeekDaySlots[]): Set<WeekSlotKey> {
  const keys = new Set<WeekSlotKey>();
  for (const day of week) {
    for (const slot of day.sessionTimeSlots) {
      const hour = Number(slot.startTime.slice(0, 2));
      if (slotStartHours.includes(hour)) keys.add(slotKey(day.dayName, hour));
    }
  }
  return keys;
}

export function toggleSlot(keys: ReadonlySet<WeekSlotKey>, key: WeekSlotKey): Set<WeekSlotKey> {
  const next = new Set(keys);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

/** Every hour of one day chosen, or none when all were chosen already. */
export function toggleWholeDay(keys: ReadonlySet<WeekSlotKey>, day: WeekDayName): Set<WeekSlotKey> {
  const next = new Set(keys);
  const dayKeys = slotStartHours.map((hour) => slotKey(day, hour));
  const isFull = dayKeys.every((key) => next.has(key));
  for (const key of dayKeys) {
    if (isFull) next.delete(key);
    else next.add(key);
  }
  return next;
}

export function countDaySlots(keys: ReadonlySet<WeekSlotKey>, day: WeekDayName): number {
  return slotStartHours.filter((hour) => keys.has(slotKey(day, hour))).length;
}

export function sameSlots(a: ReadonlySet<WeekSlotKey>, b: ReadonlySet<WeekSlotKey>): boolean {
  return a.size === b.size && [...a].every((key) => b.has(key));
}

/** The addAdvisorTimeSlot payload: all seven days, Monday first, hours in order (HH:mm:ss). */
export function toTimeSlotRequest(
  advisorId: number,
  keys: ReadonlySet<WeekSlotKey>,
): AddAdvisorTimeSlotRequest {
  return {
    advisorId,
    sessionDaysDTOList: weekDays.map((dayName) => ({
      dayName,
      sessionTimeSlots: slotStartHours.filter((hour) => keys.has(slotKey(dayName, hour))).map(slotOfHour),
    })),
  };
}

/** '06:00 - 07:00' */
export function slotLabel(hour: number): string {
  const { startTime, endTime } = slotOfHour(hour);
  return `${startTime.slice(0, 5)} - ${endTime.slice(0, 5)}`;
}
