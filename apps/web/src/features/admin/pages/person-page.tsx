import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { describePayoutMethod } from '@myprosper/contract/admin-money';
import type { AdminUserDetails } from '@myprosper/contract/admin-people';
import { formatKes } from '@myprosper/contract/payments';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { useChangeUserStatus, useUser } from '../api/users.ts';
import { AdminPage, AdminSection, QueryView } from '../components/admin-page.tsx';
import { SessionTable } from '../components/session-table.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { formatDate, formatDateTime } from '../lib/format.ts';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text>{children}</Text>
    </div>
  );
}

function SuspendDialog({
  person,
  opened,
  onClose,
}: {
  person: AdminUserDetails;
  opened: boolean;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const change = useChangeUserStatus(person.id);
  async function suspend(): Promise<void> {
    try {
      const answer = await change.mutateAsync({ suspend: true, body: { reason } });
      notify.success(`${answer.message}: ${person.name}`);
      onClose();
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }
  return (
    <Modal opened={opened} onClose={onClose} title={`Suspend ${person.name}`} centered>
      <Stack>
        <Text fz="sm">
          {person.role === 'ADVISOR'
            ? 'They will not be able to log in, will disappear from the mentor lists and cannot be booked. Sessions already booked stay; handle them below.'
            : 'They will not be able to log in. Sessions already booked stay; handle them below.'}
        </Text>
        <Textarea
          label="Reason (kept in the audit log)"
          autosize
          minRows={2}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red.8" loading={change.isPending} onClick={() => void suspend()}>
            Suspend account
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Person({ person }: { person: AdminUserDetails }) {
  const [suspending, setSuspending] = useState(false);
  const change = useChangeUserStatus(person.id);
  const isMentor = person.role === 'ADVISOR';

  async function reactivate(): Promise<void> {
    try {
      const answer = await change.mutateAsync({ suspend: false });
      notify.success(`${answer.message}: ${person.name}`);
    } catch (failure) {
      notify.error(errorMessage(failure));
    }
  }

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-start">
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
          {person.status === 'ACTIVE' && (
            <Button color="red.8" variant="light" onClick={() => setSuspending(true)}>
              Suspend
            </Button>
          )}
          {person.status === 'SUSPENDED' && (
            <Button loading={change.isPending} onClick={() => void reactivate()}>
              Reactivate
            </Button>
          )}
        </Group>
        {person.suspension && (
          <Alert color="red" mt="md" title={`Suspended ${formatDateTime(person.suspension.at)}`}>
            {person.suspension.reason ?? 'No reason was given.'}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="lg">
          <Fact label="E-mail">{person.email}</Fact>
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
        </SimpleGrid>
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
      </Card>
      <AdminSection title={`Sessions still to come (${person.upcomingSessions.length})`}>
        <SessionTable sessions={person.upcomingSessions} empty="No sessions still to come" />
        <Anchor
          component={Link}
          to={`${paths.adminSessions}?${isMentor ? 'mentorId' : 'adviseeId'}=${person.id}`}
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
