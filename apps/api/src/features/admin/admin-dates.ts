import { slotStart } from '@myprosper/contract/slots';

/** Dates of the platform's time zone (yyyy-MM-dd) as the instants admin filters compare with. */

/** The instant a local date begins. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  return slotStart(date, 0, timeZone);
}

/** The date after a yyyy-MM-dd date. */
export function nextDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** The date `days` before (negative: after) a yyyy-MM-dd date. */
export function daysBefore(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - days)).toISOString().slice(0, 10);
}

/** The Monday of the week of a yyyy-MM-dd date. */
export function mondayOf(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return daysBefore(date, (weekday + 6) % 7);
}

/** [from, to) of the local dates `from` to `to`, both included. */
export function localRange(from: string | undefined, to: string | undefined, timeZone: string) {
  return {
    from: from ? startOfLocalDay(from, timeZone) : undefined,
    to: to ? startOfLocalDay(nextDate(to), timeZone) : undefined,
  };
}
