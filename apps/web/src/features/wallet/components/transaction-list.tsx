import { Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { formatDateChip } from '@myprosper/contract/dates';
import { messages } from '@myprosper/contract/messages';
import { formatKes } from '@myprosper/contract/payments';
import { localDateTimeOf } from '@myprosper/contract/slots';
import type { TransactionType } from '@myprosper/contract/wallet';
import { useTransactions } from '../api/get-wallet.ts';

/** 'Mon 3rd, Jan 2022 · 14:05' in the platform's time zone (East Africa Time). */
function when(iso: string): string {
  const local = localDateTimeOf(new Date(iso));
  return `${formatDateChip(local.date)} · ${local.time}`;
}

/** One tab of /wallet: the wallet's credits or debits, newest first, each with what it was for. */
export function TransactionList({ userId, type }: { userId: number; type: TransactionType }) {
  const transactions = useTransactions(userId, type);

  if (transactions.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={64} radius="md" />
        <Skeleton height={64} radius="md" />
      </Stack>
    );
  }
  if (transactions.isError) {
    return (
      <Text role="alert" ta="center" py="lg" fw={600}>
        {messages.loadError}
      </Text>
    );
  }
  if (transactions.data.length === 0) {
    return (
      <Text ta="center" c="dimmed" py="xl">
        {messages.noTransactions}
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {transactions.data.map((transaction) => (
        <Paper key={transaction.id} component="li" withBorder radius="md" p="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="md">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {transaction.description}
              </Text>
              <Text fz="sm" c="dimmed">
                {when(transaction.date)}
              </Text>
            </div>
            <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
              <Text fw={700} c={transaction.transactionType === 'CREDIT' ? 'teal.8' : undefined}>
                {transaction.transactionType === 'CREDIT' ? '+' : '−'} {formatKes(transaction.amount)}
              </Text>
              <Badge
                variant="light"
                color={transaction.transactionType === 'CREDIT' ? 'teal' : 'gray'}
                radius="sm"
              >
                {transaction.transactionType}
              </Badge>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
