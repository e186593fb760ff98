import { Anchor, Box, Container, Group, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';

/** A band of the home page: a heading, an optional line under it and a 'see all' link. */
export function HomeSection({
  title,
  intro,
  moreLink,
  tinted = false,
  children,
}: {
  title: string;
  intro?: string;
  moreLink?: { to: string; label: string };
  tinted?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      py={{ base: 40, md: 64 }}
      bg={tinted ? 'gray.0' : undefined}
    >
      <Container size="lg">
        <Group justify="space-between" align="flex-end" mb="lg" gap="xs">
          <Box maw={640}>
            <Title order={2} id={headingId}>
              {title}
            </Title>
            {intro && (
              <Text c="dimmed" mt={4}>
                {intro}
              </Text>
            )}
          </Box>
          {moreLink && (
            <Anchor component={Link} to={moreLink.to} fw={600}>
              {moreLink.label} →
            </Anchor>
          )}
        </Group>
        {children}
      </Container>
    </Box>
  );
}
