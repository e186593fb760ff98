import { formatDateChip } from '@myprosper/contract/dates';

/** 'Mon 3rd, Jan 2022 at 14:00' from the platform's local yyyy-MM-dd'T'HH:mm:ss. */
export function journeyWhen(startTime: string): string {
  const [date = '', time = ''] = startTime.split('T');
  return `${formatDateChip(date)} at ${time.slice(0, 5)}`;
}
