import { Button, Card, Center, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import type { ReactNode } from 'react';

/** The spec's 'An Error Occurred', with a way to try again. */
export function LoadError({
  onRetry,
  message = messages.loadError,
}: {
  onRetry?: () => void;
  message?: string;
}) {
  return (
    <Center py="xl">
      <Stack align="center" gap="sm" role="alert">
        <Text fw={600} size="lg">
          {message}
        </Text>
        {onRetry && (
          <Button variant="light" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Center>
  );
}

/** An empty list: one clear line (a spec text), and optionally what to do next. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="sm">
        <Text fw={600} size="lg" ta="center">
          {children}
        </Text>
        {action}
      </Stack>
    </Center>
  );
}

/** Grey cards in the shape of the list being loaded, so nothing jumps when it arrives. */
export function CardGridSkeleton({
  count = 6,
  cols = { base: 1, xs: 2, md: 3 },
  imageHeight = 160,
}: {
  count?: number;
  cols?: Record<string, number>;
  imageHeight?: number;
}) {
  return (
    <SimpleGrid cols={cols} spacing="lg" role="status" aria-busy="true" aria-label="Loading">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Card key={index} withBorder padding="md">
          <Card.Section>
            <Skeleton height={imageHeight} radius={0} />
          </Card.Section>
          <Skeleton height={18} mt="md" width="70%" />
          <Skeleton height={12} mt="sm" />
          <Skeleton height={12} mt={6} width="85%" />
        </Card>
      ))}
    </SimpleGrid>
  );
}
