import { Anchor, Blockquote, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { formatKes } from '@myprosper/contract/payments';
import type { AdminDispute, PresenceRecord } from '@myprosper/contract/payouts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDecideDispute, useDisputes } from '../api/payout-runs.ts';
import { AdminPage, EmptyState, QueryView } from '../components/admin-page.tsx';
import { ReasonDialog } from '../components/confirm-dialog.tsx';
import { DataTable } from '../components/data-table.tsx';
import { Fact, FactGrid } from '../components/detail-card.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { adminPaths } from '../lib/admin-paths.ts';
import { formatDateTime, formatDateTimeSeconds, formatTime } from '../lib/format.ts';
import { notifyOutcome } from '../lib/notify-outcome.ts';

const statusLabels = { OPEN: 'Open', RELEASED: 'Released to mentor', REFUNDED: 'Refunded' } as const;
const statusColours = { OPEN: 'PENDING', RELEASED: 'PAID', REFUNDED: 'CANCELLED' } as const;

function minutes(seconds: number): string {
  const whole = Math.floor(seconds / 60);
  return `${whole} min ${seconds % 60} s`;
}

/** Who was in the session's call and when: each join and leave, and the time the presence rule counts. */
function PresenceTable({ dispute }: { dispute: AdminDispute }) {
  return (
    <DataTable
      head={
        <>
          <Table.Th>Person</Table.Th>
          <Table.Th>In the call (joined – left)</Table.Th>
          <Table.Th ta="right">Between start and end</Table.Th>
        </>
      }
    >
      {dispute.presence.map((person: PresenceRecord) => (
        <Table.Tr key={person.userId}>
          <Table.Td>
            {person.name}
            <Text span c="dimmed" fz="xs">
              {person.role === 'ADVISOR' ? ' (mentor)' : ' (mentee)'}
            </Text>
          </Table.Td>
          <Table.Td>
            {person.stints.length === 0 ? (
              <Text fz="sm">Never joined</Text>
            ) : (
              person.stints.map((stint) => (
                <Text fz="sm" key={stint.joinedAt}>
                  {formatDateTimeSeconds(stint.joinedAt)} –{' '}
                  {stint.leftAt ? formatTime(stint.leftAt, { seconds: true }) : 'did not leave'}
                </Text>
              ))
            )}
          </Table.Td>
          <Table.Td ta="right">{minutes(person.secondsInSession)}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

type Decision = 'RELEASE' | 'REFUND';

/** What a decision does with the money, in words the confirmation shows before it is taken. */
function consequence(dispute: AdminDispute, decision: Decision) {
  if (decision === 'RELEASE') {
    return (
      <>
        The session's earnings (its price of {formatKes(dispute.session.amount)} less the platform's
        commission) go to {dispute.mentor.name}'s MyProsper balance now, and are sent with the next payout.{' '}
        {dispute.openedBy.name} gets no refund.
      </>
    );
  }
  return (
    <>
      Every paid share of this session ({formatKes(dispute.session.amount)}) goes back the way it was paid: to
      the mentee's MyProsper wallet, or a voucher that paid it can be used again. A mentee who chose refunds
      to M-PESA gets the part their M-PESA payment paid sent back to their verified number.{' '}
      {dispute.mentor.name} is paid nothing for this session.
    </>
  );
}

function DecideDialog({
  dispute,
  decision,
  onClose,
}: {
  dispute: AdminDispute;
  decision: Decision;
  onClose: () => void;
}) {
  const decide = useDecideDispute(dispute.id);
  async function confirm(note: string): Promise<void> {
    const done = await notifyOutcome(() => decide.mutateAsync({ decision, note: note.trim() || undefined }));
    if (done) onClose();
  }
  return (
    <ReasonDialog
      opened
      onClose={onClose}
      title={
        decision === 'RELEASE'
          ? `Release ${dispute.session.reference} to the mentor`
          : `Refund ${dispute.session.reference}`
      }
      explanation={consequence(dispute, decision)}
      reasonLabel="Note (kept with the decision)"
      reasonMaxLength={1000}
      keepLabel="Not now"
      confirmLabel={decision === 'RELEASE' ? 'Release to mentor' : 'Refund the mentee'}
      isConfirming={decide.isPending}
      onConfirm={confirm}
    />
  );
}

function DisputeCard({ dispute }: { dispute: AdminDispute }) {
  const [deciding, setDeciding] = useState<Decision | null>(null);
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`dispute-${dispute.id}`}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Anchor component={Link} to={adminPaths.adminSession(dispute.session.id)} fw={700}>
            Session {dispute.session.reference}
          </Anchor>
          <Text fz="sm" c="dimmed">
            {formatDateTime(dispute.session.startsAt)} – {formatTime(dispute.session.endsAt)} ·{' '}
            {formatKes(dispute.session.amount)}
          </Text>
        </div>
        <StatusBadge status={statusColours[dispute.status]} label={statusLabels[dispute.status]} />
      </Group>
      <FactGrid mt="sm">
        <Fact label="Mentor">{dispute.mentor.name}</Fact>
        <Fact label="Reported by">{dispute.openedBy.name}</Fact>
        <Fact label="Reported">{formatDateTime(dispute.openedAt)}</Fact>
      </FactGrid>
      <Text fz="xs" c="dimmed" fw={700} tt="uppercase" mt="md">
        The mentee's reason
      </Text>
      <Blockquote p="sm" mt={4} color="gray">
        {dispute.reason}
      </Blockquote>
      <Text fz="xs" c="dimmed" fw={700} tt="uppercase" mt="md" mb={4}>
        Call presence records
      </Text>
      <PresenceTable dispute={dispute} />
      {dispute.status === 'OPEN' ? (
        <Group mt="md" gap="sm">
          <Button variant="light" onClick={() => setDeciding('RELEASE')}>
            Release to mentor
          </Button>
          <Button variant="light" color="red" onClick={() => setDeciding('REFUND')}>
            Refund the mentee
          </Button>
        </Group>
      ) : (
        <Text fz="sm" mt="md">
          {statusLabels[dispute.status]} {formatDateTime(dispute.decidedAt)}
          {dispute.decisionNote ? `: ${dispute.decisionNote}` : ''}
        </Text>
      )}
      {deciding && <DecideDialog dispute={dispute} decision={deciding} onClose={() => setDeciding(null)} />}
    </Card>
  );
}

/**
 * /admin/disputes (issues 21 and 25): mentees' reports of a session, open ones first, each with the session,
 * the reason and the call's presence records; an admin releases the held earnings to the mentor or refunds.
 */
export function DisputesPage() {
  const disputes = useDisputes();
  return (
    <AdminPage
      title="Disputes"
      description="A mentee's report holds the session's earnings until an admin decides."
    >
      <QueryView query={disputes}>
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState>No disputes</EmptyState>
          ) : (
            <Stack gap="md">
              {rows.map((dispute) => (
                <DisputeCard key={dispute.id} dispute={dispute} />
              ))}
            </Stack>
          )
        }
      </QueryView>
    </AdminPage>
  );
}
