import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatKes } from '@myprosper/contract/payments';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useMyVouchers } from '../api/vouchers-api.ts';
import { VoucherStatusBadge } from './voucher-status-badge.tsx';

/** The vouchers the signed-in person bought, newest first, with their states. */
export function MyVouchers() {
  const headingId = useId();
  const vouchers = useMyVouchers();
  if (!vouchers.data || vouchers.data.length === 0) return null;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        Your vouchers
      </Title>
      <Stack gap="sm">
        {vouchers.data.map((voucher) => (
          <Group key={voucher.id} justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`${paths.buyVoucher}?voucher=${voucher.reference}`} fw={600}>
                {voucher.reference}
              </Anchor>
              <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                For {voucher.recipientName} · {voucher.topic.name} with {voucher.advisor.name} ·{' '}
                {formatKes(voucher.amount)}
              </Text>
            </div>
            <VoucherStatusBadge status={voucher.status} />
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
