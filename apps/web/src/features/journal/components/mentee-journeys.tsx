import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Session } from '@myprosper/contract/sessions';
import { useId } from 'react';
import { useMenteeJourney } from '../api/get-journey.ts';
import { JourneyEntryCard } from './journey-entry-card.tsx';

/** The registered mentees of a session: the host, and in a group each attendee who accepted. */
function menteesOf(session: Session): Array<{ id: number; name: string }> {
  const people = [{ id: session.advisee.id, name: session.advisee.name }];
  for (const attendee of session.groupSessionAttendees) {
    if (attendee.adviseeId !== null && !people.some((p) => p.id === attendee.adviseeId)) {
      people.push({ id: attendee.adviseeId, name: attendee.advisee?.name ?? 'Attendee' });
    }
  }
  return people;
}

function MenteeJourney({ mentee }: { mentee: { id: number; name: string } }) {
  const headingId = useId();
  const journey = useMenteeJourney(mentee.id);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        Journey with {mentee.name}
      </Title>
      {journey.isPending ? (
        <Skeleton height={80} mt="sm" />
      ) : journey.isError || !journey.data ? (
        <Text c="dimmed" fz="sm" mt={4}>
          Their journey could not be loaded.
        </Text>
      ) : journey.data.total === 0 ? (
        <Text c="dimmed" fz="sm" mt={4}>
          This is your first session together.
        </Text>
      ) : (
        <>
          <Text fz="sm" c="dimmed" mb="sm">
            {journey.data.total} earlier session{journey.data.total === 1 ? '' : 's'} ·{' '}
            {journey.data.openItems} open action item{journey.data.openItems === 1 ? '' : 's'}
          </Text>
          <Stack gap="sm">
            {journey.data.entries.map((entry) => (
              <JourneyEntryCard key={entry.sessionId} entry={entry} as="MENTOR" />
            ))}
          </Stack>
        </>
      )}
    </Card>
  );
}

/** For the mentor, on an upcoming session's page: each mentee's journey with them so far. */
export function MenteeJourneys({ session }: { session: Session }) {
  return (
    <>
      {menteesOf(session).map((mentee) => (
        <MenteeJourney key={mentee.id} mentee={mentee} />
      ))}
    </>
  );
}
