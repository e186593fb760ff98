import { Container, Paper, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';

function onConnectionChange(notify: () => void) {
  addEventListener('online', notify);
  addEventListener('offline', notify);
  return () => {
    removeEventListener('online', notify);
    removeEventListener('offline', notify);
  };
}

/**
 * On a public page opened without a connection (the service worker shows the last known answers, see
 * vite.config.ts): says so, and that booking and paying wait for the connection.
 */
export function OfflineNotice({ framed = false }: { framed?: boolean }) {
  const online = useSyncExternalStore(
    onConnectionChange,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  const notice = (
    <Paper withBorder p="sm" radius="md" mb="md" bg="yellow.0" role="status">
      <Text size="sm" fw={600}>
        You are offline.
      </Text>
      <Text size="sm">
        These are the programs and mentors from your last visit. Booking and paying need a connection.
      </Text>
    </Paper>
  );
  // A page without a frame of its own (Home) gets the page's width and margins.
  return framed ? (
    <Container size="xl" pt="md">
      {notice}
    </Container>
  ) : (
    notice
  );
}
