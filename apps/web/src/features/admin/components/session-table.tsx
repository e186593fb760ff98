import { Table, Text } from '@mantine/core';
import type { AdminSessionSummary } from '@myprosper/contract/admin-money';
import { formatDateTime } from '../lib/format.ts';
import { SessionLink } from './admin-links.tsx';
import { EmptyState } from './admin-page.tsx';
import { DataTable, MoneyCell } from './data-table.tsx';
import { StatusBadge } from './status-badge.tsx';

/** Sessions in a table: reference (to its page), when, program, mentor, host, status, amount. */
export function SessionTable({
  sessions,
  empty,
}: {
  sessions: readonly AdminSessionSummary[];
  empty: string;
}) {
  if (sessions.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <DataTable
      minWidth={760}
      striped
      highlightOnHover
      head={
        <>
          <Table.Th>Reference</Table.Th>
          <Table.Th>Starts</Table.Th>
          <Table.Th>Program</Table.Th>
          <Table.Th>Mentor</Table.Th>
          <Table.Th>Mentee</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
        </>
      }
    >
      {sessions.map((session) => (
        <Table.Tr key={session.id}>
          <Table.Td>
            <SessionLink session={session} fw={600} />
          </Table.Td>
          <Table.Td>{formatDateTime(session.startsAt)}</Table.Td>
          <Table.Td>{session.topic.name}</Table.Td>
          <Table.Td>{session.mentor.name}</Table.Td>
          <Table.Td>
            {session.host.name}
            {session.attendeeCount > 1 && (
              <Text span c="dimmed" fz="xs">
                {` +${session.attendeeCount - 1}`}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <StatusBadge status={session.status} />
          </Table.Td>
          <MoneyCell amount={session.amount} />
        </Table.Tr>
      ))}
    </DataTable>
  );
}
