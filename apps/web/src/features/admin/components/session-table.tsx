import { Anchor, Table, Text } from '@mantine/core';
import type { AdminSessionSummary } from '@myprosper/contract/admin-money';
import { formatKes } from '@myprosper/contract/payments';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../lib/format.ts';
import { EmptyState } from './admin-page.tsx';
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
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Reference</Table.Th>
            <Table.Th>Starts</Table.Th>
            <Table.Th>Program</Table.Th>
            <Table.Th>Mentor</Table.Th>
            <Table.Th>Mentee</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((session) => (
            <Table.Tr key={session.id}>
              <Table.Td>
                <Anchor component={Link} to={paths.adminSession(session.id)} fw={600}>
                  {session.reference}
                </Anchor>
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
              <Table.Td ta="right">{formatKes(session.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
