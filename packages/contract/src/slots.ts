import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { type SessionAvailability, sessionAvailability } from './catalogue.ts';
import {
  addDaysToDate,
  type IsoWeekday,
  isCalendarDate,
  isoWeekdayOf,
  isSlotStartHour,
  platformTimeZone,
  slotOfHour,
  todayIn,
  weekDayName,
} from './dates.ts';
import { remembered } from './memo.ts';

/**
 * Bookable slots: a mentor's weekly hours over the coming weeks, in the platform time zone, minus blocked
 * dates, minus what is already taken, minus anything too soon. Pure: the caller passes `now`.
 */

/** A session lasts one hour. */
export const sessionLengthMinutes = 60;
export const defaultHorizonWeeks = 4;
export const defaultMinNoticeMinutes = 120;

/** One row of a mentor's weekly availability: ISO weekday (1 = Monday … 7 = Sunday) and start hour. */
export interface WeeklyHour {
  dayOfWeek: number;
  startHour: number;
}

/** A time range that is no longer free (a held or paid session). */
export interface TakenRange {
  startsAt: Date;
  endsAt: Date;
}

export interface SlotRules {
  availability: readonly WeeklyHour[];
  /** Dates (yyyy-MM-dd, platform zone) the mentor gives no session on. */
  blockedDates?: readonly string[];
  taken?: readonly TakenRange[];
  now: Date;
  horizonWeeks?: number;
  minNoticeMinutes?: number;
  timeZone?: string;
}

/** One bookable hour: its calendar date and time in the platform zone, and its instants. */
export const bookableSlot = z.object({
  /** yyyy-MM-dd in the platform time zone */
  date: z.string(),
  /** HH:mm, as the booking payload sends it */
  time: z.string(),
  /** ISO instant (UTC) */
  startsAt: z.string(),
  endsAt: z.string(),
});
export type BookableSlot = z.infer<typeof bookableSlot>;

/** GET /myprosper/api/getAdvisorAvailability/{advisorId}: the spec's form plus the exact bookable hours. */
export const advisorAvailability = z.object({
  advisorId: z.number().int(),
  timeZone: z.string(),
  sessionAvailabilities: z.array(sessionAvailability),
  bookableSlots: z.array(bookableSlot),
});
export type AdvisorAvailability = z.infer<typeof advisorAvailability>;

const hhmm = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** 'HH:mm' (or 'HH:mm:ss') -> whole hour, or null when it is not a time on the hour. */
export function hourOfTime(time: string): number | null {
  const match = hhmm.exec(time.length === 8 && time.endsWith(':00') ? time.slice(0, 5) : time);
  if (!match || match[2] !== '00') return null;
  return Number(match[1]);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** slotStart's instant in milliseconds, remembered: zone arithmetic is dear. */
const slotStartMs = remembered(
  (date: string, hour: number, timeZone: string): number => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return new TZDate(year, month - 1, day, hour, 0, 0, 0, timeZone).getTime();
  },
  5000,
  (date, hour, timeZone) => `${timeZone} ${date} ${hour}`,
);

/** The instant a calendar date and hour (platform zone) stands for. */
export function slotStart(date: string, hour: number, timeZone: string = platformTimeZone): Date {
  return new Date(slotStartMs(date, hour, timeZone));
}

export function slotEnd(start: Date): Date {
  return new Date(start.getTime() + sessionLengthMinutes * 60_000);
}

/** localDateTimeOf by instant (milliseconds) and zone, remembered: sessions start on the hour, few instants recur. */
const localDateTimeAt = remembered(
  (ms: number, timeZone: string) => {
    const local = new TZDate(ms, timeZone);
    const date = `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
    const time = `${pad(local.getHours())}:${pad(local.getMinutes())}`;
    return { date, time, hour: local.getHours(), dateTime: `${date}T${time}:${pad(local.getSeconds())}` };
  },
  5000,
  (ms, timeZone) => `${timeZone} ${ms}`,
);

/**
 * What an instant shows in the platform zone: date (yyyy-MM-dd), time (HH:mm), hour, and the spec's
 * startTime form yyyy-MM-dd'T'HH:mm:ss.
 */
export function localDateTimeOf(
  instant: Date,
  timeZone: string = platformTimeZone,
): { date: string; time: string; hour: number; dateTime: string } {
  return { ...localDateTimeAt(instant.getTime(), timeZone) };
}

function overlaps(start: Date, end: Date, taken: readonly TakenRange[]): boolean {
  return taken.some((range) => range.startsAt < end && start < range.endsAt);
}

function weeklyHoursByDay(availability: readonly WeeklyHour[]): Map<IsoWeekday, number[]> {
  const byDay = new Map<IsoWeekday, number[]>();
  for (const row of availability) {
    if (!Number.isInteger(row.dayOfWeek) || row.dayOfWeek < 1 || row.dayOfWeek > 7) continue;
    if (!isSlotStartHour(row.startHour)) continue;
    const day = row.dayOfWeek as IsoWeekday;
    const hours = byDay.get(day) ?? [];
    if (!hours.includes(row.startHour)) hours.push(row.startHour);
    byDay.set(day, hours);
  }
  for (const hours of byDay.values()) hours.sort((a, b) => a - b);
  return byDay;
}

/** First and last calendar dates (inclusive) of the booking horizon, starting today in the platform zone. */
export function horizonDates(
  now: Date,
  horizonWeeks: number,
  timeZone: string,
): { first: string; last: string } {
  const first = todayIn(timeZone, now);
  return { first, last: addDaysToDate(first, horizonWeeks * 7 - 1) };
}

/** Every bookable hour, ascending. */
export function listBookableSlots(rules: SlotRules): BookableSlot[] {
  const timeZone = rules.timeZone ?? platformTimeZone;
  const horizonWeeks = rules.horizonWeeks ?? defaultHorizonWeeks;
  const earliest = new Date(
    rules.now.getTime() + (rules.minNoticeMinutes ?? defaultMinNoticeMinutes) * 60_000,
  );
  const blocked = new Set(rules.blockedDates ?? []);
  const taken = rules.taken ?? [];
  const byDay = weeklyHoursByDay(rules.availability);
  const { first } = horizonDates(rules.now, horizonWeeks, timeZone);
  const slots: BookableSlot[] = [];
  for (let offset = 0; offset < horizonWeeks * 7; offset++) {
    const date = addDaysToDate(first, offset);
    if (blocked.has(date)) continue;
    for (const hour of byDay.get(isoWeekdayOf(date)) ?? []) {
      const start = slotStart(date, hour, timeZone);
      const end = slotEnd(start);
      if (start < earliest || overlaps(start, end, taken)) continue;
      slots.push({
        date,
        time: `${pad(hour)}:00`,
        startsAt: start.toISOString(),
        endsAt: end.toISOString(),
      });
    }
  }
  return slots;
}

/**
 * The spec's sessionAvailabilities: per weekday (Monday first) that has a bookable hour, the hours bookable on
 * at least one date and the dates (ascending) with at least one bookable hour. A (date, time) pair from these
 * lists is not always free: `listBookableSlots` is exact.
 */
export function toSessionAvailabilities(slots: readonly BookableSlot[]): SessionAvailability[] {
  const days = new Map<IsoWeekday, { hours: Set<number>; dates: Set<string> }>();
  for (const slot of slots) {
    const day = isoWeekdayOf(slot.date);
    const entry = days.get(day) ?? { hours: new Set<number>(), dates: new Set<string>() };
    entry.hours.add(Number(slot.time.slice(0, 2)));
    entry.dates.add(slot.date);
    days.set(day, entry);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, entry]) => ({
      dayName: weekDayName(day),
      sessionTimeSlots: [...entry.hours].sort((a, b) => a - b).map(slotOfHour),
      sessionDates: [...entry.dates].sort(),
    }));
}

export type SlotProblem =
  | 'invalidDate'
  | 'invalidTime'
  | 'notOffered'
  | 'blocked'
  | 'past'
  | 'tooSoon'
  | 'tooFar';

export type SlotCheck = { ok: true; startsAt: Date; endsAt: Date } | { ok: false; problem: SlotProblem };

/**
 * Whether a chosen date (yyyy-MM-dd) and time (HH:mm) is one of the mentor's hours, inside the horizon and
 * far enough ahead. Taken hours are not checked here: the database refuses those.
 */
export function checkSlot(rules: SlotRules, date: string, time: string): SlotCheck {
  const timeZone = rules.timeZone ?? platformTimeZone;
  const horizonWeeks = rules.horizonWeeks ?? defaultHorizonWeeks;
  if (!isCalendarDate(date)) return { ok: false, problem: 'invalidDate' };
  const hour = hourOfTime(time);
  if (hour === null) return { ok: false, problem: 'invalidTime' };
  const startsAt = slotStart(date, hour, timeZone);
  const endsAt = slotEnd(startsAt);
  if (startsAt <= rules.now) return { ok: false, problem: 'past' };
  const hours = weeklyHoursByDay(rules.availability).get(isoWeekdayOf(date)) ?? [];
  if (!hours.includes(hour)) return { ok: false, problem: 'notOffered' };
  if ((rules.blockedDates ?? []).includes(date)) return { ok: false, problem: 'blocked' };
  const earliest = rules.now.getTime() + (rules.minNoticeMinutes ?? defaultMinNoticeMinutes) * 60_000;
  if (startsAt.getTime() < earliest) return { ok: false, problem: 'tooSoon' };
  if (date > horizonDates(rules.now, horizonWeeks, timeZone).last) return { ok: false, problem: 'tooFar' };
  return { ok: true, startsAt, endsAt };
}
