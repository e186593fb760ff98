import { Badge } from '@mantine/core';
import { type VoucherStatus, voucherStatusLabels } from '@myprosper/contract/vouchers';

const colors: Record<VoucherStatus, string> = {
  PENDING_PAYMENT: 'yellow',
  ACTIVE: 'green',
  REDEEMED: 'gray',
  REFUNDED: 'blue',
};

export function VoucherStatusBadge({ status }: { status: VoucherStatus }) {
  return (
    <Badge color={colors[status]} variant="light" radius="sm" style={{ flexShrink: 0, overflow: 'visible' }}>
      {voucherStatusLabels[status]}
    </Badge>
  );
}
