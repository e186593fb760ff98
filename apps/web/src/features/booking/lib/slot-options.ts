import {
  formatDateChip,
  isCalendarDate,
  isoWeekdayOf,
  type WeekDayName,
  weekDayName,
} from '@myprosper/contract/dates';
import { hourOfTime } from '@myprosper/contract/slots';

/**
 * The choices of a slot picker, built from the mentor's free hours: day name -> time slot -> dates. Only
 * hours that are truly free (the server's bookableSlots) appear; every list is ascending.
 */

/** One free hour, as the server lists it: yyyy-MM-dd and HH:mm in the platform time zone. */
export interface FreeHour {
  date: string;
  time: string;
}

export interface TimeChoice {
  /** HH:mm, as the payloads send it */
  time: string;
  /** 'HH:mm - HH:mm' */
  label: string;
  /** yyyy-MM-dd, ascending */
  dates: string[];
}

export interface DayChoice {
  day: WeekDayName;
  times: TimeChoice[];
}

export interface SlotSelection {
  day: WeekDayName | null;
  /** HH:mm */
  time: string | null;
  /** yyyy-MM-dd */
  date: string | null;
}

export const emptySelection: SlotSelection = { day: null, time: null, date: null };

const pad = (n: number) => String(n).padStart(2, '0');

/** 'HH:mm - HH:mm' for the one-hour slot starting at `time` (HH:mm). */
export function slotLabel(time: string): string {
  const hour = hourOfTime(time);
  if (hour === null) return time;
  return `${pad(hour)}:00 - ${pad((hour + 1) % 24)}:00`;
}

/** The date chip text: 'Mon 3rd, Jan 2022'. */
export function dateChipLabel(date: string): string {
  return isCalendarDate(date) ? formatDateChip(date) : date;
}

/** Days Monday first; within a day, times and then dates ascending. Duplicates collapse. */
export function buildDayChoices(hours: readonly FreeHour[]): DayChoice[] {
  const byDay = new Map<number, Map<string, Set<string>>>();
  for (const { date, time } of hours) {
    if (!isCalendarDate(date) || hourOfTime(time) === null) continue;
    const weekday = isoWeekdayOf(date);
    const times = byDay.get(weekday) ?? new Map<string, Set<string>>();
    const dates = times.get(time) ?? new Set<string>();
    dates.add(date);
    times.set(time, dates);
    byDay.set(weekday, times);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a - b)
    .map(([weekday, times]) => ({
      day: weekDayName(weekday as Parameters<typeof weekDayName>[0]),
      times: [...times.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([time, dates]) => ({ time, label: slotLabel(time), dates: [...dates].sort() })),
    }));
}

/** The free hours plus one more (the session's own hour when rescheduling: it is held by that very session). */
export function withHour(hours: readonly FreeHour[], extra: FreeHour | null): FreeHour[] {
  if (!extra || hours.some((h) => h.date === extra.date && h.time === extra.time)) return [...hours];
  return [...hours, extra];
}

export function findDay(choices: readonly DayChoice[], day: WeekDayName | null): DayChoice | undefined {
  return choices.find((choice) => choice.day === day);
}

export function findTime(choices: readonly DayChoice[], selection: SlotSelection): TimeChoice | undefined {
  return findDay(choices, selection.day)?.times.find((choice) => choice.time === selection.time);
}

/** Where a picker starts: the first day and its first time, no date yet (the person picks one). */
export function initialSelection(choices: readonly DayChoice[]): SlotSelection {
  const first = choices[0];
  return { day: first?.day ?? null, time: first?.times[0]?.time ?? null, date: null };
}

/** The selection matching an hour (the current start of a session being rescheduled). */
export function selectionAt(choices: readonly DayChoice[], hour: FreeHour): SlotSelection {
  if (!isCalendarDate(hour.date)) return initialSelection(choices);
  const day = weekDayName(isoWeekdayOf(hour.date));
  const time = findDay(choices, day)?.times.find((choice) => choice.time === hour.time);
  if (!time) return initialSelection(choices);
  return { day, time: time.time, date: time.dates.includes(hour.date) ? hour.date : null };
}

/** Changing the day resets the time to the day's first slot and clears the date (spec). */
export function changeDay(choices: readonly DayChoice[], day: WeekDayName): SlotSelection {
  return { day, time: findDay(choices, day)?.times[0]?.time ?? null, date: null };
}

/** Changing the time keeps the date only when that date is free at the new time too. */
export function changeTime(
  choices: readonly DayChoice[],
  selection: SlotSelection,
  time: string,
): SlotSelection {
  const next = { ...selection, time };
  const dates = findTime(choices, next)?.dates ?? [];
  return { ...next, date: next.date && dates.includes(next.date) ? next.date : null };
}

/** A selection that is no longer offered (the hour was just taken) loses its date; its day and time fall back. */
export function keepValid(choices: readonly DayChoice[], selection: SlotSelection): SlotSelection {
  const day = findDay(choices, selection.day);
  if (!day) return initialSelection(choices);
  const time = day.times.find((choice) => choice.time === selection.time);
  if (!time) return changeDay(choices, day.day);
  return selection.date && !time.dates.includes(selection.date) ? { ...selection, date: null } : selection;
}
