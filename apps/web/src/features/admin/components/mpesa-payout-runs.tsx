import { Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { formatKes } from '@myprosper/contract/payments';
import type { AdminMpesaPayout, AdminPayoutRun } from '@myprosper/contract/payouts';
import { useRef } from 'react';
import { usePayoutRuns, useRunPayouts } from '../api/payout-runs.ts';
import { formatDateTime } from '../lib/format.ts';
import { notifyOutcome } from '../lib/notify-outcome.ts';
import { EmptyState, QueryView } from './admin-page.tsx';
import { DataTable, MoneyCell } from './data-table.tsx';
import { StatusBadge } from './status-badge.tsx';

/** A run key the API takes ([A-Za-z0-9-], 8 to 64): random, and made without a secure context. */
function newRunKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `run-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

const payoutStatusLabels = { IN_FLIGHT: 'Waiting for M-PESA', PAID: 'Paid', FAILED: 'Failed' } as const;

function RunPayouts({ run, payouts }: { run: AdminPayoutRun; payouts: AdminMpesaPayout[] }) {
  const own = payouts.filter((payout) => payout.runId === run.id);
  return (
    <Card withBorder radius="md" padding="md" data-testid={`payout-run-${run.id}`}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Text fw={700}>
            Run {run.id} · {run.trigger === 'ADMIN' ? `by ${run.startedBy ?? 'an admin'}` : 'on schedule'}
          </Text>
          <Text fz="sm" c="dimmed">
            {formatDateTime(run.startedAt)} · at least {formatKes(run.minimum)} per mentor
          </Text>
        </div>
        <Text fz="sm">
          {run.payouts} payout{run.payouts === 1 ? '' : 's'}, {formatKes(run.amount)}: {run.paid} paid,{' '}
          {run.inFlight} waiting, {run.failed} failed
        </Text>
      </Group>
      {own.length > 0 && (
        <DataTable
          minWidth={640}
          head={
            <>
              <Table.Th>Mentor</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>M-PESA receipt or reason</Table.Th>
            </>
          }
        >
          {own.map((payout) => (
            <Table.Tr key={payout.id}>
              <Table.Td>{payout.mentor.name}</Table.Td>
              <MoneyCell amount={payout.amount} />
              <Table.Td>{payout.phoneNumber}</Table.Td>
              <Table.Td>
                <StatusBadge status={payout.status} label={payoutStatusLabels[payout.status]} />
              </Table.Td>
              <Table.Td ff={payout.receipt ? 'monospace' : undefined}>
                {payout.receipt ?? payout.failureReason ?? '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}

/**
 * M-PESA payouts (issue 21): "Run payouts now" (one key per press: a double click starts one run) and the
 * latest runs with each payout, its receipt or the reason it failed.
 */
export function MpesaPayoutRuns() {
  const runs = usePayoutRuns();
  const start = useRunPayouts();
  // The press's key, kept until its request is answered: a second click meanwhile (a double click, before the
  // button shows it is busy) starts nothing more, and the API runs one key once whatever arrives twice.
  const pressKey = useRef<string | null>(null);

  async function runNow(): Promise<void> {
    if (pressKey.current !== null) return;
    const key = newRunKey();
    pressKey.current = key;
    try {
      await notifyOutcome(() => start.mutateAsync(key));
    } finally {
      pressKey.current = null;
    }
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Text fz="sm" maw={560}>
          Each run sends every mentor who prefers M-PESA their payable balance, when it reaches the minimum,
          to their verified number. Mentors paid by bank are in the Owed tab and the CSV.
        </Text>
        <Button loading={start.isPending} onClick={() => void runNow()}>
          Run payouts now
        </Button>
      </Group>
      <QueryView query={runs}>
        {(data) =>
          data.runs.length === 0 ? (
            <EmptyState>No payout run yet</EmptyState>
          ) : (
            <Stack gap="sm">
              {data.runs.map((run) => (
                <RunPayouts key={run.id} run={run} payouts={data.payouts} />
              ))}
            </Stack>
          )
        }
      </QueryView>
    </Stack>
  );
}
