import { Box, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** The frame of an admin screen: its heading, a line of what it is for, actions, then the content. */
export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(`${title} · Admin`);
  return (
    <Box px={{ base: 'md', md: 'xl' }} py={{ base: 'md', md: 'lg' }}>
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Box>
          <Title order={1} size="h2">
            {title}
          </Title>
          {description && (
            <Text c="dimmed" mt={4}>
              {description}
            </Text>
          )}
        </Box>
        {actions}
      </Group>
      {children}
    </Box>
  );
}

/** What a query shows while loading, when it failed (with a retry), and its data once there. */
export function QueryView<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Center py="xl" aria-busy="true">
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Center py="xl">
        <Stack align="center" gap="sm" role="alert">
          <Text fw={600}>{query.error.message || messages.loadError}</Text>
          <Button variant="light" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  return <>{children(query.data)}</>;
}

/** An empty list's line. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" ta="center" py="xl">
      {children}
    </Text>
  );
}

/** A titled part of an admin screen (a landmark named by its heading). */
export function AdminSection({
  title,
  description,
  children,
  style,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  style?: React.CSSProperties;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} style={style}>
      <Title order={2} size="h4" id={headingId} mb={description ? 'xs' : 'sm'}>
        {title}
      </Title>
      {description && (
        <Text fz="sm" c="dimmed" mb="sm">
          {description}
        </Text>
      )}
      {children}
    </section>
  );
}
