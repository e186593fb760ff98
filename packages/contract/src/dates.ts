import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { remembered } from './memo.ts';

/** Sessions are defined in this zone; every stored instant is UTC. */
export const platformTimeZone = 'Africa/Nairobi';

/** Formats of the spec: dates yyyy-MM-dd, times HH:mm:ss, date chips like 'Mon 3rd, Jan 2022'. */
export const dateFormat = 'yyyy-MM-dd';
export const timeFormat = 'HH:mm:ss';
export const dateChipFormat = 'EEE do, MMM yyyy';

/** Days of the week, Monday first: index + 1 is the ISO weekday (Monday = 1 … Sunday = 7). */
export const weekDays = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type WeekDayName = (typeof weekDays)[number];

/** Time bands of the mentor filter (spec 2.8), as 'HH:mm-HH:mm'. A mentor matches a band with a slot starting in it. */
export const timeBands = ['09:00-12:00', '12:00-14:00', '14:00-16:00', '16:00-19:00', '19:00-21:00'] as const;
/** ISO weekday: 1 = Monday … 7 = Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export function weekDayName(isoWeekday: IsoWeekday): WeekDayName {
  return weekDays[isoWeekday - 1]!;
}

export function isoWeekdayOfName(name: WeekDayName): IsoWeekday {
  return (weekDays.indexOf(name) + 1) as IsoWeekday;
}

/** Start hours of the one-hour session slots: 06:00 to 21:00, with no slot at 12:00 (lunch). */
export const slotStartHours: readonly number[] = [6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20, 21];

export function isSlotStartHour(hour: number): boolean {
  return slotStartHours.includes(hour);
}

export interface HourlySlot {
  /** HH:mm:ss */
  startTime: string;
  /** HH:mm:ss */
  endTime: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The slot starting at `hour` (0-23) as HH:mm:ss times. */
export function slotOfHour(hour: number): HourlySlot {
  return { startTime: `${pad(hour)}:00:00`, endTime: `${pad((hour + 1) % 24)}:00:00` };
}

/** The 15 hourly slots of a day, in order: 06:00-07:00 … 21:00-22:00, without 12:00-13:00. */
export const hourlySlots: readonly HourlySlot[] = slotStartHours.map(slotOfHour);

const calendarDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseParts(date: string): { year: number; month: number; day: number } | null {
  const match = calendarDatePattern.exec(date);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const probe = new Date(Date.UTC(year, month - 1, day));
  probe.setUTCFullYear(year);
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
}

/** Whether a string is a real calendar date written yyyy-MM-dd ('2022-02-30' is not). */
export function isCalendarDate(date: string): boolean {
  return parseParts(date) !== null;
}

function requireParts(date: string) {
  const parts = parseParts(date);
  if (!parts) throw new RangeError(`Not a yyyy-MM-dd date: ${date}`);
  return parts;
}

/** A calendar date as 'Mon 3rd, Jan 2022': the date itself, never shifted by a time zone. */
export function formatDateChip(date: string): string {
  const { year, month, day } = requireParts(date);
  const local = new Date(year, month - 1, day);
  local.setFullYear(year);
  return format(local, dateChipFormat);
}

/**
 * Today's calendar date (yyyy-MM-dd) in a time zone, the platform's by default. Worked out once per zone and
 * UTC minute: zones differ from UTC by whole minutes, so a zone's date cannot change within one.
 */
export function todayIn(timeZone: string = platformTimeZone, now: Date = new Date()): string {
  return dateInMinute(Math.floor(now.getTime() / 60_000), timeZone);
}

/** todayIn by UTC minute and zone. */
const dateInMinute = remembered(
  (minute: number, timeZone: string) => format(new Date(minute * 60_000), dateFormat, { in: tz(timeZone) }),
  64,
  (minute, timeZone) => `${minute} ${timeZone}`,
);

/** Calendar arithmetic on UTC midnights, so no zone or daylight saving change can move a day. */
function toUtcDay(date: string): Date {
  const { year, month, day } = requireParts(date);
  const value = new Date(Date.UTC(year, month - 1, day));
  value.setUTCFullYear(year);
  return value;
}

function fromUtcDay(value: Date): string {
  return `${String(value.getUTCFullYear()).padStart(4, '0')}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
}

/** The date `days` days after (or before, when negative) a yyyy-MM-dd date. */
export function addDaysToDate(date: string, days: number): string {
  const value = toUtcDay(date);
  value.setUTCDate(value.getUTCDate() + days);
  return fromUtcDay(value);
}

/** ISO weekday (Monday = 1 … Sunday = 7) of a yyyy-MM-dd date. */
export function isoWeekdayOf(date: string): IsoWeekday {
  const day = toUtcDay(date).getUTCDay();
  return (day === 0 ? 7 : day) as IsoWeekday;
}

/**
 * The next `weeks` dates (yyyy-MM-dd, ascending) falling on an ISO weekday, starting with `fromDate`
 * itself when it is that weekday. Used for the dates a mentor can be booked on.
 */
export function upcomingDatesOfWeekday(weekday: IsoWeekday, fromDate: string, weeks: number): string[] {
  if (!Number.isInteger(weekday) || weekday < 1 || weekday > 7) {
    throw new RangeError(`weekday must be 1 (Monday) to 7 (Sunday), got ${weekday}`);
  }
  if (!Number.isInteger(weeks) || weeks < 0)
    throw new RangeError(`weeks must be a whole number, got ${weeks}`);
  const first = addDaysToDate(fromDate, (weekday - isoWeekdayOf(fromDate) + 7) % 7);
  return Array.from({ length: weeks }, (_, week) => addDaysToDate(first, week * 7));
}

/**
 * A time of day in the platform's zone, named ('22:25 EAT'): a hold or deadline read the same wherever the
 * browser is set.
 */
export function platformClockTime(iso: string | Date): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: platformTimeZone,
  }).format(new Date(iso));
  return `${text} EAT`;
}
