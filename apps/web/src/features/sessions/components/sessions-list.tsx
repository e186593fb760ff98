import { Button, Card, Center, Group, Skeleton, Stack, Text } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import { errorMessage } from '../../../lib/notify.ts';
import { useSessions } from '../api/get-sessions.ts';
import type { SessionListFilter } from '../api/query-keys.ts';
import { SessionRow } from './session-row.tsx';

/** One filter's sessions, newest first, with 'Load more' while pages remain and 'No sessions' when empty. */
export function SessionsList({ filter }: { filter: SessionListFilter }) {
  const list = useSessions(filter);
  const viewer = { userId: filter.userId, isAdvisor: filter.asAdvisor };

  if (list.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading sessions">
        {[0, 1, 2].map((key) => (
          <Card key={key} withBorder radius="md" padding="sm">
            <Group wrap="nowrap">
              <Skeleton w={64} h={64} radius="md" />
              <Stack gap={8} style={{ flex: 1 }}>
                <Skeleton h={16} w="60%" />
                <Skeleton h={12} w="40%" />
                <Skeleton h={12} w="70%" />
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  if (!list.data) {
    return (
      <Center py="xl">
        <Stack align="center" gap="sm" role="alert">
          <Text fw={600} size="lg">
            {messages.loadError}
          </Text>
          <Button variant="light" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }

  const sessions = list.data.pages.flatMap((page) => page.sessions);
  if (sessions.length === 0) {
    return (
      <Center py="xl">
        <Text fw={600} size="lg">
          No sessions
        </Text>
      </Center>
    );
  }

  return (
    <Stack gap="sm">
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {sessions.map((session) => (
          <li key={session.id}>
            <SessionRow session={session} viewer={viewer} />
          </li>
        ))}
      </Stack>
      {list.isFetchNextPageError && (
        <Text c="red.9" role="alert" ta="center">
          {errorMessage(list.error ?? undefined)}
        </Text>
      )}
      {list.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          Load more
        </Button>
      )}
    </Stack>
  );
}
