import { platformTimeZone } from '@myprosper/contract/dates';
import type { PaymentProvider } from '@myprosper/contract/payments';

/** Instants as the admin reads them: in the platform's time zone (East Africa Time). */
const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: platformTimeZone,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat('en-GB', {
  timeZone: platformTimeZone,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? dateOnly.format(new Date(iso)) : '—';
}

/** 'yyyy-MM-dd' (a local date) as '3 Mar' for chart axes. */
export function shortDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
  });
}

/** Words for the codes the API answers: 'PENDING_PAYMENT' → 'Pending payment'. */
export function humanize(code: string): string {
  const text = code.replaceAll('_', ' ').toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Today in the platform's time zone, yyyy-MM-dd. */
export function todayLocal(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: platformTimeZone }).format(new Date());
}

/** A payment provider as the admin reads it. */
export function providerLabel(provider: PaymentProvider): string {
  return provider === 'MPESA' ? 'M-PESA' : 'Card';
}

const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: platformTimeZone,
  hour: '2-digit',
  minute: '2-digit',
});
const clockWithSeconds = new Intl.DateTimeFormat('en-GB', {
  timeZone: platformTimeZone,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** An instant's time of day in the platform's time zone; `seconds` for call records. */
export function formatTime(iso: string | null | undefined, { seconds = false } = {}): string {
  if (!iso) return '—';
  return (seconds ? clockWithSeconds : clock).format(new Date(iso));
}

/** An instant to the second in the platform's time zone: '27 Nov 2026, 16:58:09' (call records). */
export function formatDateTimeSeconds(iso: string): string {
  return `${formatDate(iso)}, ${clockWithSeconds.format(new Date(iso))}`;
}
