import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDateChip } from '@myprosper/contract/dates';
import { localDateTimeOf } from '@myprosper/contract/slots';
import { useId } from 'react';
import { useMpesaTransfers } from '../api/withdrawals.ts';

function when(iso: string): string {
  const local = localDateTimeOf(new Date(iso));
  return `${formatDateChip(local.date)} · ${local.time}`;
}

const badges = {
  PENDING: { color: 'blue', label: 'Pending' },
  PAID: { color: 'green', label: 'Paid' },
  FAILED: { color: 'yellow', label: 'Back in wallet' },
} as const;

/** Refunds and withdrawals to M-PESA: each pending, paid with its M-PESA receipt, or back with the reason. */
export function MpesaTransfers() {
  const transfers = useMpesaTransfers();
  const titleId = useId();
  if (!transfers.data || transfers.data.length === 0) return null;
  return (
    <section aria-labelledby={titleId}>
      <Title order={2} fz="lg" mb="sm" id={titleId}>
        Sent to M-PESA
      </Title>
      <Stack gap="sm" mb="xl" data-testid="mpesa-transfers">
        {transfers.data.map((transfer) => (
          <Card key={transfer.id} withBorder radius="md" padding="md">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={600}>{transfer.kind === 'WITHDRAWAL' ? 'Withdrawal' : 'Refund'}</Text>
              <Badge color={badges[transfer.status].color} variant="light">
                {badges[transfer.status].label}
              </Badge>
            </Group>
            <Text fz="sm" mt={4}>
              {transfer.text}
            </Text>
            <Text fz="xs" c="dimmed" mt={4}>
              {when(transfer.createdAt)}
            </Text>
          </Card>
        ))}
      </Stack>
    </section>
  );
}
