import { describe, expect, it } from 'vitest';
import {
  buildCalendar,
  type CalendarEvent,
  escapeText,
  foldLine,
  formatUtc,
  noReplyOrganizer,
} from './session-calendar.ts';

interface Property {
  name: string;
  params: Record<string, string>;
  value: string;
}

/** A small RFC 5545 reader: unfolds lines, then splits name, parameters and value. */
function parseCalendar(text: string): Property[] {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  return unfolded
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => {
      const match = /^([A-Z-]+)((?:;[A-Z-]+=(?:"[^"]*"|[^;:]*))*):(.*)$/.exec(line);
      if (!match) throw new Error(`bad line: ${line}`);
      const params: Record<string, string> = {};
      for (const param of (match[2] ?? '').matchAll(/;([A-Z-]+)=("[^"]*"|[^;:]*)/g)) {
        params[param[1]!] = param[2]!.replace(/^"|"$/g, '');
      }
      return { name: match[1]!, params, value: match[3]! };
    });
}

function parseUtc(value: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) throw new Error(`not a UTC date-time: ${value}`);
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

const event: CalendarEvent = {
  uid: 'session-42@myprosper',
  sequence: 3,
  start: new Date('2025-01-06T06:00:00Z'),
  end: new Date('2025-01-06T08:00:00Z'),
  stamp: new Date('2025-01-01T05:00:00Z'),
  summary: 'Career growth, money; and more — with Achieng Otieno',
  description: `Reference MPS-7K3Q9X.\nJoin at https://myprosper.test/sessions/42. ${'Long text '.repeat(12)}`,
  url: 'https://myprosper.test/sessions/42',
  organizer: { name: 'Achieng Otieno', email: 'achieng@example.test' },
  attendees: [
    { name: 'Jane Wanjiru', email: 'jane@example.test', accepted: true },
    { name: 'Brian "Bee" Kamau', email: 'brian@example.test', accepted: false },
  ],
  status: 'CONFIRMED',
};

describe('buildCalendar', () => {
  it('reads back with UTC times, the stable UID and the sequence', () => {
    const properties = parseCalendar(buildCalendar(event));
    const one = (name: string) => properties.filter((p) => p.name === name);
    expect(properties[0]).toMatchObject({ name: 'BEGIN', value: 'VCALENDAR' });
    expect(properties.at(-1)).toMatchObject({ name: 'END', value: 'VCALENDAR' });
    expect(one('VERSION')[0]?.value).toBe('2.0');
    expect(one('UID')[0]?.value).toBe('session-42@myprosper');
    expect(one('SEQUENCE')[0]?.value).toBe('3');
    expect(parseUtc(one('DTSTART')[0]!.value)).toEqual(event.start);
    expect(parseUtc(one('DTEND')[0]!.value)).toEqual(event.end);
    expect(one('DTSTART')[0]?.value).toBe('20250106T060000Z');
    expect(one('URL')[0]?.value).toBe('https://myprosper.test/sessions/42');
    expect(one('SUMMARY')[0]?.value).toBe('Career growth\\, money\\; and more — with Achieng Otieno');
    expect(one('DESCRIPTION')[0]?.value.startsWith('Reference MPS-7K3Q9X.\\nJoin at')).toBe(true);
    expect(one('ORGANIZER')[0]).toEqual({
      name: 'ORGANIZER',
      params: { CN: 'Achieng Otieno' },
      value: 'mailto:achieng@example.test',
    });
    expect(one('ATTENDEE').map((a) => [a.params.CN, a.params.PARTSTAT, a.value])).toEqual([
      ['Jane Wanjiru', 'ACCEPTED', 'mailto:jane@example.test'],
      ['Brian Bee Kamau', 'NEEDS-ACTION', 'mailto:brian@example.test'],
    ]);
  });

  it('keeps every line within 75 octets', () => {
    for (const line of buildCalendar(event).split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
  });
});

describe('noReplyOrganizer', () => {
  it('is noreply@ the domain we send mail from, or of PUBLIC_URL, never a person', () => {
    const publicUrl = 'https://app.myprosper.example';
    expect(
      noReplyOrganizer({ MAIL_FROM: 'MyProsper <hello@myprosper.co.ke>', PUBLIC_URL: publicUrl }),
    ).toEqual({
      name: 'MyProsper',
      email: 'noreply@myprosper.co.ke',
    });
    expect(noReplyOrganizer({ MAIL_FROM: 'team@mail.myprosper.example', PUBLIC_URL: publicUrl }).email).toBe(
      'noreply@mail.myprosper.example',
    );
    expect(noReplyOrganizer({ MAIL_FROM: 'MyProsper', PUBLIC_URL: publicUrl }).email).toBe(
      'noreply@app.myprosper.example',
    );
  });
});

describe('pieces', () => {
  it('formats UTC date-times', () => {
    expect(formatUtc(new Date('2025-12-31T21:05:09.123Z'))).toBe('20251231T210509Z');
  });

  it('escapes text values', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds without splitting a multi-byte character', () => {
    const folded = foldLine(`X:${'é'.repeat(60)}`);
    const lines = folded.split('\r\n ');
    expect(lines.join('')).toBe(`X:${'é'.repeat(60)}`);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
});
