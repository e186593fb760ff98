import { Badge } from '@mantine/core';
import { humanize } from '../lib/format.ts';

const colors: Record<string, string> = {
  ACTIVE: 'teal',
  CONFIRMED: 'teal',
  SUCCEEDED: 'teal',
  PAID: 'teal',
  REDEEMED: 'gray',
  LIVE: 'teal',
  PENDING_REVIEW: 'yellow',
  PENDING_PAYMENT: 'yellow',
  PENDING: 'yellow',
  UNPAID: 'yellow',
  HIDDEN: 'gray',
  DRAFT: 'gray',
  EXPIRED: 'gray',
  REJECTED: 'red',
  SUSPENDED: 'red',
  CANCELLED: 'red',
  FAILED: 'red',
};

/** A status code as a coloured word. */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <Badge color={colors[status] ?? 'gray'} variant="light" radius="sm">
      {label ?? humanize(status)}
    </Badge>
  );
}
