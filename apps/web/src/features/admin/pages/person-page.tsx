import { Alert, Anchor, Avatar, Button, Group, Stack, Text, Title } from '@mantine/core';
import { describePayoutMethod } from '@myprosper/contract/admin-money';
import type { AdminUserDetails } from '@myprosper/contract/admin-people';
import { formatKes } from '@myprosper/contract/payments';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmailText } from '../../../components/email-text.tsx';
import { paths } from '../../../config/paths.ts';
import { useChangeUserStatus, useUser } from '../api/users.ts';
import { AdminPage, AdminSection, QueryView } from '../components/admin-page.tsx';
import { ReasonDialog } from '../components/confirm-dialog.tsx';
import { DetailCard, Fact, FactGrid } from '../components/detail-card.tsx';
import { SessionTable } from '../components/session-table.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { adminPaths } from '../lib/admin-paths.ts';
import { formatDate, formatDateTime } from '../lib/format.ts';
import { notifyOutcome } from '../lib/notify-outcome.ts';

function SuspendDialog({
  person,
  opened,
  onClose,
}: {
  person: AdminUserDetails;
  opened: boolean;
  onClose: () => void;
}) {
  const change = useChangeUserStatus(person.id);
  async function suspend(reason: string): Promise<void> {
    const suspended = await notifyOutcome(
      () => change.mutateAsync({ suspend: true, body: { reason } }),
      (answer) => `${answer.message}: ${person.name}`,
    );
    if (suspended) onClose();
  }
  return (
    <ReasonDialog
      opened={opened}
      onClose={onClose}
      title={`Suspend ${person.name}`}
      explanation={
        person.role === 'ADVISOR'
          ? 'They will not be able to log in, will disappear from the mentor lists and cannot be booked. Sessions already booked stay; handle them below.'
          : 'They will not be able to log in. Sessions already booked stay; handle them below.'
      }
      reasonLabel="Reason (kept in the audit log)"
      reasonMaxLength={1000}
      keepLabel="Cancel"
      confirmLabel="Suspend account"
      isConfirming={change.isPending}
      onConfirm={suspend}
    />
  );
}

function Person({ person }: { person: AdminUserDetails }) {
  const [suspending, setSuspending] = useState(false);
  const change = useChangeUserStatus(person.id);
  const isMentor = person.role === 'ADVISOR';

  async function reactivate(): Promise<void> {
    await notifyOutcome(
      () => change.mutateAsync({ suspend: false }),
      (answer) => `${answer.message}: ${person.name}`,
    );
  }

  return (
    <Stack gap="lg">
      <DetailCard
        summary={
          <Group>
            <Avatar src={person.profilePicUrl} alt="" size="lg" name={person.name} />
            <div>
              <Title order={2} size="h3">
                {person.name}
              </Title>
              <Group gap="xs">
                <StatusBadge status={person.status} />
                <Text fz="sm" c="dimmed">
                  {isMentor ? 'Mentor' : 'Advisee'} since {formatDate(person.createdAt)}
                </Text>
              </Group>
            </div>
          </Group>
        }
        actions={
          <>
            {person.status === 'ACTIVE' && (
              <Button color="red" variant="light" onClick={() => setSuspending(true)}>
                Suspend
              </Button>
            )}
            {person.status === 'SUSPENDED' && (
              <Button loading={change.isPending} onClick={() => void reactivate()}>
                Reactivate
              </Button>
            )}
          </>
        }
      >
        {person.suspension && (
          <Alert color="red" mt="md" title={`Suspended ${formatDateTime(person.suspension.at)}`}>
            {person.suspension.reason ?? 'No reason was given.'}
          </Alert>
        )}
        <FactGrid mt="lg">
          <Fact label="E-mail">
            <EmailText email={person.email} />
          </Fact>
          <Fact label="Phone">{person.phoneNumber ?? '—'}</Fact>
          <Fact label="Country">{person.country ?? '—'}</Fact>
          <Fact label="Occupation">{person.occupation ?? '—'}</Fact>
          <Fact label="Industry">{person.industry?.name ?? '—'}</Fact>
          <Fact label={isMentor ? 'Owed (wallet)' : 'Wallet'}>{formatKes(person.walletBalance)}</Fact>
          <Fact label="Sessions">{person.sessionCount}</Fact>
          {person.mentor && (
            <>
              <Fact label="Rating">
                {person.mentor.rating
                  ? `${person.mentor.rating.average.toFixed(1)} (${person.mentor.rating.count})`
                  : 'No ratings yet'}
              </Fact>
              <Fact label="Payout method">{describePayoutMethod(person.mentor.payoutMethod)}</Fact>
            </>
          )}
        </FactGrid>
        {person.mentor && (
          <Stack gap="xs" mt="lg">
            <Fact label="Programs">{person.mentor.topics.map((topic) => topic.name).join(', ') || '—'}</Fact>
            <Fact label="Biography">{person.mentor.biography || '—'}</Fact>
            {person.status === 'ACTIVE' && (
              <Anchor component={Link} to={paths.advisor(person.id)} fz="sm">
                Public profile
              </Anchor>
            )}
          </Stack>
        )}
      </DetailCard>
      <AdminSection title={`Sessions still to come (${person.upcomingSessions.length})`}>
        <SessionTable sessions={person.upcomingSessions} empty="No sessions still to come" />
        <Anchor
          component={Link}
          to={`${adminPaths.adminSessions}?${isMentor ? 'mentorId' : 'adviseeId'}=${person.id}`}
          fz="sm"
          mt="xs"
          display="inline-block"
        >
          All their sessions
        </Anchor>
      </AdminSection>
      <SuspendDialog
        key={String(suspending)}
        person={person}
        opened={suspending}
        onClose={() => setSuspending(false)}
      />
    </Stack>
  );
}

/** /admin/users/:userId: a mentor or advisee, with suspension and their sessions still to come. */
export function PersonPage() {
  const userId = Number(useParams().userId);
  const user = useUser(userId);
  return (
    <AdminPage title={user.data?.name ?? 'Person'}>
      <QueryView query={user}>{(person) => <Person person={person} />}</QueryView>
    </AdminPage>
  );
}
