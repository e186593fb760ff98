/**
 * An iCalendar (RFC 5545) file for one session: UTC times, CRLF line ends, long lines folded at 75 octets.
 * The UID is stable for a session and SEQUENCE grows with each reschedule, so calendars update the event.
 */

export interface CalendarPerson {
  name: string;
  email: string;
}

export interface CalendarEvent {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  /** When the file was made. */
  stamp: Date;
  summary: string;
  description: string;
  url: string;
  organizer: CalendarPerson;
  attendees: ReadonlyArray<CalendarPerson & { accepted: boolean }>;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
}

/**
 * The calendar file's organizer: a no-reply address of ours, never the mentor's own e-mail (a file anyone in
 * the session downloads, and forwards). The mailbox is noreply@ the domain of MAIL_FROM, or of PUBLIC_URL's
 * host when MAIL_FROM has none.
 */
export function noReplyOrganizer(env: { MAIL_FROM: string; PUBLIC_URL: string }): CalendarPerson {
  const address = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM.trim();
  const domain = /^[^@\s]+@([A-Za-z0-9.-]+)$/.exec(address)?.[1] ?? new URL(env.PUBLIC_URL).hostname;
  return { name: 'MyProsper', email: `noreply@${domain}` };
}

/** The spec's calendar export: the event ends 2 hours after the start. */
export const calendarEventHours = 2;

export function sessionEventUid(sessionId: number): string {
  return `session-${sessionId}@myprosper`;
}

/** 20250106T060000Z */
export function formatUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** TEXT values: backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** A parameter value (CN): quoted, without the characters a quoted value cannot hold. */
function paramValue(value: string): string {
  return `"${value.replace(/["\r\n]/g, '')}"`;
}

const encoder = new TextEncoder();

/** Folds a content line so no line is longer than 75 octets, never splitting a character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildCalendar(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//MyProsper//Sessions//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${formatUtc(event.stamp)}`,
    `DTSTART:${formatUtc(event.start)}`,
    `DTEND:${formatUtc(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    `STATUS:${event.status}`,
    `ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`,
    ...event.attendees.map(
      (person) =>
        `ATTENDEE;CN=${paramValue(person.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${person.accepted ? 'ACCEPTED' : 'NEEDS-ACTION'}:mailto:${person.email}`,
    ),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
