import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDateChip } from '@myprosper/contract/dates';
import { holdUntilText, waitlistWindowDays } from '@myprosper/contract/waitlists';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { useChangeWaitlist, useMentorWaitlist } from '../api/mentor-waitlist.ts';

/** A positive whole id from the address, or null. */
function routeId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * On a mentor's page (the router puts it there): to a signed-in mentee, 'Notify me' when the mentor has no free
 * hour in the next 14 days; then their place on the list, or the hour held for them and until when.
 */
export function NotifyMe() {
  const session = useSession();
  const advisorId = routeId(useParams().advisorId);
  const isMentee = session.isSignedIn && session.user?.role === 'ADVISEE';
  const status = useMentorWaitlist(advisorId, isMentee);
  if (!isMentee || advisorId === null || !status.data) return null;
  const { entry, isFull } = status.data;
  if (!entry && !isFull) return null;
  return <WaitlistCard advisorId={advisorId} entry={entry} />;
}

function WaitlistCard({
  advisorId,
  entry,
}: {
  advisorId: number;
  entry: NonNullable<ReturnType<typeof useMentorWaitlist>['data']>['entry'];
}) {
  const change = useChangeWaitlist(advisorId);
  const run = (what: 'join' | 'leave') => change.mutate(what);
  // The server's refusal, said in the card (its words are for people: 'This mentor has free hours…').
  const problem = change.error ? (
    <Text size="sm" c="red.8" role="alert">
      {change.error.message}
    </Text>
  ) : null;
  const leave = (
    <Button variant="default" onClick={() => run('leave')} loading={change.isPending}>
      Leave waitlist
    </Button>
  );

  return (
    <Paper withBorder radius="md" p="md" aria-live="polite" data-testid="mentor-waitlist">
      {!entry && (
        <Stack gap="sm">
          <Text>No free hour in the next {waitlistWindowDays} days.</Text>
          <Text size="sm" c="dimmed">
            Join the waitlist: when an hour frees, the first on the list is texted and it is kept for them for
            30 minutes.
          </Text>
          <Button onClick={() => run('join')} loading={change.isPending}>
            Notify me
          </Button>
        </Stack>
      )}
      {entry?.state === 'WAITING' && (
        <Stack gap="sm">
          <Text fw={600}>You are on the waitlist</Text>
          <Text size="sm">
            {entry.position === 1 ? 'You are next.' : `Number ${entry.position} on the list.`} We will text
            you when an hour frees.
          </Text>
          <Group>{leave}</Group>
        </Stack>
      )}
      {problem}
      {entry?.state === 'HOLDING' && entry.hold && (
        <Stack gap="sm">
          <Text fw={600}>
            An hour is free for you: {formatDateChip(entry.hold.date)} at {entry.hold.time}
          </Text>
          <Text size="sm">{holdUntilText(entry.hold.expiresAt)}. After that it goes to the next person.</Text>
          <Group>
            <Button component={Link} to={paths.book(advisorId)}>
              Book this hour
            </Button>
            {leave}
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
