import { Badge } from '@mantine/core';
import type { Session } from '@myprosper/contract/sessions';
import { paymentBadge, paymentBadgeColor, type Viewer } from '../lib/session-view.ts';

/** Paid / Awaiting payment / Expired / Cancelled, as this viewer sees the session. */
export function PaymentBadge({ session, viewer }: { session: Session; viewer: Viewer }) {
  const label = paymentBadge(session, viewer);
  return (
    <Badge color={paymentBadgeColor[label]} variant="light" radius="sm">
      {label}
    </Badge>
  );
}
