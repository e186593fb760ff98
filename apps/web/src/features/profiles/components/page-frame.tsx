import { Anchor, Button, Center, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { BackIcon } from './icons.tsx';

/** A profile screen: a link back to the profile hub, the page heading, an intro, then the content. */
export function PageFrame({
  heading,
  intro,
  size = 720,
  backTo = paths.profile,
  backLabel = 'Profile',
  actions,
  children,
}: {
  heading: string;
  intro?: ReactNode;
  size?: number;
  backTo?: string | null;
  backLabel?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size={size} px="md" py={{ base: 'md', sm: 'xl' }}>
      {backTo && (
        <Anchor
          component={Link}
          to={backTo}
          fz="sm"
          fw={600}
          mb="sm"
          display="inline-flex"
          style={{ gap: 6 }}
        >
          <BackIcon size={16} />
          {backLabel}
        </Anchor>
      )}
      <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
        <div>
          <Title order={1} size="h2">
            {heading}
          </Title>
          {intro && (
            <Text c="dimmed" mt={4}>
              {intro}
            </Text>
          )}
        </div>
        {actions}
      </Group>
      {children}
    </Container>
  );
}

/** The spec's 'An Error Occurred' with a way to try again. */
export function LoadError({ onRetry }: { onRetry?: () => void }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="sm" role="alert">
        <Text fw={600} size="lg">
          {messages.loadError}
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

/** Grey blocks in the shape of a form, while it loads. */
export function FormSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading">
      <Skeleton height={96} circle />
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} height={56} radius="md" />
      ))}
    </Stack>
  );
}

/** A titled card of a page, named by its heading for screen readers. */
export function SectionCard({
  heading,
  intro,
  aside,
  children,
}: {
  heading: string;
  intro?: ReactNode;
  /** Shown across from the heading (a count, a badge). */
  aside?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Group justify="space-between" align="flex-start" mb="md" gap="xs">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {heading}
          </Title>
          {intro && (
            <Text c="dimmed" fz="sm">
              {intro}
            </Text>
          )}
        </div>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}
