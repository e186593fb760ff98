import { Anchor, Button, Container, Group, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { journeyPageSize, useJourney } from '../api/get-journey.ts';
import { JourneyEntryCard } from '../components/journey-entry-card.tsx';

/** /journey: a mentee's sessions that started, newest first, with their notes and open action items. */
export function JourneyPage() {
  useDocumentTitle('My journey');
  const [page, setPage] = useState(1);
  const journey = useJourney(page);
  const data = journey.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / journeyPageSize)) : 1;

  return (
    <Container size="sm" py="xl" px="md">
      <Title order={1} size="h2">
        My journey
      </Title>
      <Text c="dimmed" mb="lg">
        Your sessions, newest first: what your mentors noted, and what you set out to do.
      </Text>
      {journey.isError ? (
        <Stack align="center" gap="sm" role="alert" py="xl">
          <Text fw={600}>{messages.loadError}</Text>
          <Button variant="light" onClick={() => void journey.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : !data ? (
        <Stack aria-busy="true">
          <Skeleton height={120} radius="md" />
          <Skeleton height={120} radius="md" />
        </Stack>
      ) : data.total === 0 ? (
        <Stack align="flex-start" gap="xs" py="md">
          <Text fw={600}>No sessions yet</Text>
          <Text c="dimmed">After your first session, its notes and action items appear here.</Text>
          <Anchor component={Link} to={paths.advisors}>
            Find a mentor
          </Anchor>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text fz="sm" role="status">
            {data.openItems === 0
              ? 'No open action items.'
              : `${data.openItems} open action item${data.openItems === 1 ? '' : 's'}`}
          </Text>
          {data.entries.map((entry) => (
            <JourneyEntryCard key={entry.sessionId} entry={entry} as="MENTEE" />
          ))}
          {pages > 1 && (
            <Group justify="center" mt="sm">
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                size="sm"
                aria-label="Journey pages"
              />
            </Group>
          )}
        </Stack>
      )}
    </Container>
  );
}
