import type { SessionAvailability } from '@myprosper/contract/catalogue';
import {
  type IsoWeekday,
  isSlotStartHour,
  slotOfHour,
  upcomingDatesOfWeekday,
  weekDayName,
} from '@myprosper/contract/dates';

/** How far ahead a mentor's dates are offered. */
export const sessionDateWeeks = 4;

export interface WeeklyHourRow {
  /** ISO weekday, 1 = Monday … 7 = Sunday */
  dayOfWeek: number;
  startHour: number;
}

/**
 * The spec's sessionAvailabilities from a mentor's weekly hours: one entry per weekday that has hours
 * (Monday first), its hourly slots, and the next `weeks` dates of that weekday counted from `today`
 * (yyyy-MM-dd in the platform zone). Taken hours are not subtracted here: the booking feature does that.
 */
export function weeklySessionAvailabilities(
  weekly: readonly WeeklyHourRow[],
  today: string,
  weeks: number = sessionDateWeeks,
): SessionAvailability[] {
  const hoursByDay = new Map<IsoWeekday, Set<number>>();
  for (const { dayOfWeek, startHour } of weekly) {
    if (!Number.isInteger(dayOfWeek) || dayOfWeek < 1 || dayOfWeek > 7 || !isSlotStartHour(startHour))
      continue;
    const day = dayOfWeek as IsoWeekday;
    hoursByDay.set(day, (hoursByDay.get(day) ?? new Set()).add(startHour));
  }
  return [...hoursByDay.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, hours]) => ({
      dayName: weekDayName(day),
      sessionTimeSlots: [...hours].sort((a, b) => a - b).map(slotOfHour),
      sessionDates: [...datesOfWeekday(day, today, weeks)],
    }));
}

/** Each weekday's coming dates, worked out once per day: they are the same for every mentor. */
let comingDates: { key: string; byWeekday: Map<IsoWeekday, readonly string[]> } | null = null;

function datesOfWeekday(day: IsoWeekday, today: string, weeks: number): readonly string[] {
  const key = `${today}|${weeks}`;
  if (comingDates?.key !== key) comingDates = { key, byWeekday: new Map() };
  let dates = comingDates.byWeekday.get(day);
  if (!dates) {
    dates = upcomingDatesOfWeekday(day, today, weeks);
    comingDates.byWeekday.set(day, dates);
  }
  return dates;
}
