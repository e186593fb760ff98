import { Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDateChip } from '@myprosper/contract/dates';
import { messages } from '@myprosper/contract/messages';
import { formatKes } from '@myprosper/contract/payments';
import type { MentorEarnings as Earnings, MentorPayout, PendingEarning } from '@myprosper/contract/payouts';
import { localDateTimeOf } from '@myprosper/contract/slots';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useMentorEarnings } from '../api/get-earnings.ts';

/** 'Mon 3rd, Jan 2022 · 14:05' in the platform's time zone (East Africa Time). */
function when(iso: string): string {
  const local = localDateTimeOf(new Date(iso));
  return `${formatDateChip(local.date)} · ${local.time}`;
}

function Figure({
  label,
  amount,
  help,
  testId,
}: {
  label: string;
  amount: number;
  help: string;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text fz="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={testId}>
        {formatKes(amount)}
      </Text>
      <Text fz="xs" c="dimmed">
        {help}
      </Text>
    </Card>
  );
}

function pendingLine(item: PendingEarning, now: Date): string {
  if (item.disputed || item.payableAt === null) {
    return 'Held: a mentee reported a problem. We pay it once we have looked into it.';
  }
  if (new Date(item.payableAt) > now) return `Payable from ${when(item.payableAt)} (East Africa Time)`;
  return 'Payable once the call records are checked';
}

function PendingList({ items }: { items: PendingEarning[] }) {
  const now = new Date();
  return (
    <Stack gap="xs" mt="sm" data-testid="pending-earnings">
      {items.map((item) => (
        <Card key={item.sessionId} withBorder radius="md" padding="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Anchor component={Link} to={paths.session(item.sessionId)} fw={600}>
              Session {item.reference}
            </Anchor>
            <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
              {formatKes(item.amount)}
            </Text>
          </Group>
          <Group gap="xs" mt={4} wrap="wrap">
            {item.disputed && (
              <Badge color="yellow" variant="light">
                Disputed
              </Badge>
            )}
            <Text fz="sm">{pendingLine(item, now)}</Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

const payoutBadges = {
  IN_FLIGHT: { color: 'blue', label: 'Sent, waiting for M-PESA' },
  PAID: { color: 'teal', label: 'Paid' },
  FAILED: { color: 'red', label: 'Not paid' },
} as const;

function PayoutCard({ payout }: { payout: MentorPayout }) {
  const badge = payoutBadges[payout.status];
  return (
    <Card withBorder radius="md" padding="md" data-testid="mentor-payout">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={700}>{formatKes(payout.amount)}</Text>
        <Badge color={badge.color} variant="light">
          {badge.label}
        </Badge>
      </Group>
      <Text fz="sm" mt={4}>
        To M-PESA {payout.phoneNumber} · {when(payout.completedAt ?? payout.createdAt)}
      </Text>
      {payout.receipt && (
        <Text fz="sm" mt={2}>
          M-PESA receipt{' '}
          <Text span ff="monospace" fw={700}>
            {payout.receipt}
          </Text>
        </Text>
      )}
      {payout.status === 'FAILED' && (
        <Text fz="sm" mt={2}>
          {payout.failureReason ?? 'M-PESA did not pay it.'} The money is back in your balance and goes out
          with the next payout.
        </Text>
      )}
    </Card>
  );
}

function methodLine(earnings: Earnings): string | null {
  if (earnings.payoutMethod === 'MPESA') {
    return `Your payable balance goes to your verified M-PESA number with each payout run, when it is at least ${formatKes(earnings.minimum)}.`;
  }
  if (earnings.payoutMethod === 'BANK')
    return 'Your payable balance is sent to your bank account by transfer.';
  if (earnings.payoutMethod === 'PAYPAL') return 'Your payable balance is sent to your PayPal account.';
  return null;
}

/**
 * A mentor's earnings on /wallet (issue 21): pending (in the hold after a session, or held by a dispute, each
 * with when it becomes payable), payable, in flight and paid, and every payout to M-PESA with its receipt or
 * the reason it failed.
 */
export function MentorEarnings() {
  const earnings = useMentorEarnings(true);
  const headingId = useId();
  const payoutsId = useId();
  if (earnings.isPending) return <Skeleton height={160} radius="md" mb="xl" />;
  if (earnings.isError) {
    return (
      <Text role="alert" fw={600} mb="xl">
        {messages.loadError}
      </Text>
    );
  }
  const data = earnings.data;
  const method = methodLine(data);
  return (
    <>
      <section aria-labelledby={headingId} style={{ marginBottom: 'var(--mantine-spacing-xl)' }}>
        <Title order={2} fz="lg" mb="sm" id={headingId}>
          Earnings
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure
            label="Pending"
            amount={data.pending}
            help={`Payable ${data.holdHours} hours after a session ends`}
            testId="earnings-pending"
          />
          <Figure
            label="Payable"
            amount={data.payable}
            help="Goes out with the next payout"
            testId="earnings-payable"
          />
          <Figure
            label="In flight"
            amount={data.inFlight}
            help="Sent, waiting for M-PESA"
            testId="earnings-in-flight"
          />
          <Figure label="Paid" amount={data.paid} help="Paid out so far" testId="earnings-paid" />
        </SimpleGrid>
        {data.pendingSessions.length > 0 && <PendingList items={data.pendingSessions} />}
        <Text fz="sm" mt="sm">
          {method ?? 'Choose how you are paid: '}
          {method ? ' ' : ''}
          <Anchor component={Link} to={paths.paymentPreference}>
            {method ? 'Change how you are paid' : 'Payment Preferences'}
          </Anchor>
        </Text>
      </section>
      {data.payouts.length > 0 && (
        <section aria-labelledby={payoutsId} style={{ marginBottom: 'var(--mantine-spacing-xl)' }}>
          <Title order={2} fz="lg" mb="sm" id={payoutsId}>
            Payouts to M-PESA
          </Title>
          <Stack gap="sm">
            {data.payouts.map((payout) => (
              <PayoutCard key={payout.id} payout={payout} />
            ))}
          </Stack>
        </section>
      )}
    </>
  );
}
