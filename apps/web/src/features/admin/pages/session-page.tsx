import { Alert, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import type { AdminSessionDetails } from '@myprosper/contract/admin-money';
import { formatKes } from '@myprosper/contract/payments';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useAdminSession, useSessionMutations } from '../api/sessions.ts';
import { AdminPage, AdminSection, QueryView } from '../components/admin-page.tsx';
import { ReasonDialog } from '../components/confirm-dialog.tsx';
import { DataTable, MoneyCell } from '../components/data-table.tsx';
import { DetailCard, Fact, FactGrid } from '../components/detail-card.tsx';
import { PaymentTable } from '../components/payment-table.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { formatDateTime, humanize } from '../lib/format.ts';
import { notifyOutcome } from '../lib/notify-outcome.ts';

function CancelDialog({
  session,
  opened,
  onClose,
}: {
  session: AdminSessionDetails;
  opened: boolean;
  onClose: () => void;
}) {
  const { cancel } = useSessionMutations(session.id);
  async function submit(reason: string): Promise<void> {
    const cancelled = await notifyOutcome(
      () => cancel.mutateAsync(reason),
      (answer) => `${answer.message} (${formatKes(answer.data.refundedTotal)})`,
    );
    if (cancelled) onClose();
  }
  return (
    <ReasonDialog
      opened={opened}
      onClose={onClose}
      title={`Cancel ${session.reference}`}
      explanation={
        <>
          Cancelled for the platform, as if by the mentor: every paid share ({formatKes(session.escrow)} held)
          is refunded in full, to each mentee's MyProsper wallet at once. A share paid with a gift voucher
          goes back to that voucher, which can be used again; a mentee who chose refunds to M-PESA and paid by
          M-PESA from their own verified number gets that payment's part sent back to it (if M-PESA cannot
          take it, it lands in their wallet). Card payments always go to the wallet: our card checkout cannot
          refund a card. Everyone is told by e-mail and SMS.
        </>
      }
      reasonLabel="Reason (sent to the people of the session)"
      reasonMaxLength={2000}
      keepLabel="Keep the session"
      confirmLabel="Cancel and refund"
      isConfirming={cancel.isPending}
      onConfirm={submit}
    />
  );
}

function NoShows({ session }: { session: AdminSessionDetails }) {
  const call = session.call;
  const { noShows } = useSessionMutations(session.id);
  const [changes, setChanges] = useState<Record<number, boolean>>({});
  if (!call) return <Text c="dimmed">Nobody has joined the call yet, and nothing was decided.</Text>;
  const value = (userId: number, current: boolean | null) => changes[userId] ?? current ?? false;
  async function save(): Promise<void> {
    const people = Object.entries(changes).map(([userId, noShow]) => ({ userId: Number(userId), noShow }));
    if (people.length === 0) return;
    if (await notifyOutcome(() => noShows.mutateAsync({ people }))) setChanges({});
  }
  return (
    <Stack gap="sm">
      <DataTable
        head={
          <>
            <Table.Th>Person</Table.Th>
            <Table.Th>Joined</Table.Th>
            <Table.Th ta="right">Minutes in call</Table.Th>
            <Table.Th>No-show</Table.Th>
          </>
        }
      >
        {call.people.map((person) => (
          <Table.Tr key={person.userId}>
            <Table.Td>
              {person.name}
              <Text span c="dimmed" fz="xs">
                {person.role === 'ADVISOR' ? ' (mentor)' : ''}
              </Text>
            </Table.Td>
            <Table.Td>{formatDateTime(person.firstJoinedAt)}</Table.Td>
            <Table.Td ta="right">{Math.round(person.secondsInCall / 60)}</Table.Td>
            <Table.Td>
              <Checkbox
                aria-label={`${person.name} was a no-show`}
                label={
                  person.noShow === null && changes[person.userId] === undefined ? 'Not decided' : undefined
                }
                checked={value(person.userId, person.noShow)}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  setChanges((current) => ({ ...current, [person.userId]: checked }));
                }}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <Group>
        <Button
          variant="light"
          disabled={Object.keys(changes).length === 0}
          loading={noShows.isPending}
          onClick={() => void save()}
        >
          Save no-show decision
        </Button>
        {call.overriddenAt && (
          <Text fz="sm" c="dimmed">
            Changed by an admin {formatDateTime(call.overriddenAt)}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

function Session({ session }: { session: AdminSessionDetails }) {
  const [cancelling, setCancelling] = useState(false);
  return (
    <Stack gap="lg">
      <DetailCard
        summary={
          <Group gap="xs">
            <StatusBadge status={session.status} />
            <StatusBadge status={session.paymentStatus} />
            <Text fz="sm" c="dimmed">
              {humanize(session.sessionType)} · call {humanize(session.callStatus).toLowerCase()}
            </Text>
          </Group>
        }
        actions={
          session.canCancel && (
            <Button color="red" variant="light" onClick={() => setCancelling(true)}>
              Cancel with refund
            </Button>
          )
        }
      >
        <FactGrid mt="md">
          <Fact block label="Starts">
            {formatDateTime(session.startsAt)}
          </Fact>
          <Fact block label="Program">
            {session.topic.name}
          </Fact>
          <Fact block label="Price">
            {formatKes(session.amount)}
          </Fact>
          <Fact block label="Mentor">{`${session.mentor.name} (${session.mentor.email})`}</Fact>
          <Fact block label="Booked by">{`${session.host.name} (${session.host.email})`}</Fact>
          <Fact block label="Held in escrow">
            {formatKes(session.escrow)}
          </Fact>
        </FactGrid>
        {session.cancellation && (
          <Alert
            color="red"
            mt="md"
            title={`Cancelled ${formatDateTime(session.cancellation.at)} by ${session.cancellation.by.name}`}
          >
            {session.cancellation.reason}. Refunded {formatKes(session.cancellation.refunded)}
            {session.cancellation.forfeited > 0
              ? `, forfeited ${formatKes(session.cancellation.forfeited)}`
              : ''}
            .
          </Alert>
        )}
        {session.settlement && (
          <Alert color="teal" mt="md" title={`Settled ${formatDateTime(session.settlement.at)}`}>
            {formatKes(session.settlement.earnings)} to the mentor, {formatKes(session.settlement.commission)}{' '}
            commission.
          </Alert>
        )}
      </DetailCard>
      <AdminSection title="Attendees">
        <DataTable
          minWidth={560}
          striped
          head={
            <>
              <Table.Th>Name</Table.Th>
              <Table.Th>Contact</Table.Th>
              <Table.Th>Invitation</Table.Th>
              <Table.Th>Payment</Table.Th>
              <Table.Th ta="right">Share</Table.Th>
            </>
          }
        >
          {session.participants.map((person) => (
            <Table.Tr key={person.id}>
              <Table.Td>
                {person.name ?? 'Not registered yet'}
                {person.isHost && (
                  <Text span c="dimmed" fz="xs">
                    {' (host)'}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{person.email ?? person.phoneNumber ?? '—'}</Table.Td>
              <Table.Td>{humanize(person.invitationStatus)}</Table.Td>
              <Table.Td>
                <StatusBadge status={person.paymentStatus} />
              </Table.Td>
              <MoneyCell amount={person.amount} />
            </Table.Tr>
          ))}
        </DataTable>
      </AdminSection>
      <AdminSection title="Payments">
        <PaymentTable payments={session.payments} />
      </AdminSection>
      <AdminSection title="Call and no-shows">
        <NoShows key={session.call?.overriddenAt ?? 'none'} session={session} />
      </AdminSection>
      <CancelDialog
        key={String(cancelling)}
        session={session}
        opened={cancelling}
        onClose={() => setCancelling(false)}
      />
    </Stack>
  );
}

/** /admin/sessions/:sessionId: one session, its money and call; cancel with refund, correct no-shows. */
export function SessionPage() {
  const sessionId = Number(useParams().sessionId);
  const session = useAdminSession(sessionId);
  return (
    <AdminPage title={session.data ? `Session ${session.data.reference}` : 'Session'}>
      <QueryView query={session}>{(data) => <Session session={data} />}</QueryView>
    </AdminPage>
  );
}
