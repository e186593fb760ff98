import { Button, Card, Container, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** The five benefits of spec 2.9. */
const benefits = [
  {
    title: 'A 1 hour virtual transformative conversation with a mentor',
    text: 'Meet your mentor on a video call from wherever you are, and leave with clarity and next steps.',
  },
  {
    title: 'Group or individual sessions',
    text: 'Talk one to one, or bring friends and colleagues along and share a session as a group.',
  },
  {
    title: 'Mentors who empower, support and guide',
    text: 'Experienced professionals who have walked the road before you and want to see you succeed.',
  },
  {
    title: 'A personalised interactive space to grow and explore',
    text: 'Your questions, your goals, your pace: every conversation is shaped around you.',
  },
  {
    title: 'A safe space for honest, vulnerable conversations at different life stages',
    text: 'Whether you are starting out, changing course or leading others, speak freely and in confidence.',
  },
] as const;

export function WhatYouGetPage() {
  useDocumentTitle('What you get');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>What you get</Title>
      <Text c="dimmed" mt="xs" mb="xl" maw={640}>
        MyProsper connects you to experienced professionals for personalised, affordable advice on demand.
      </Text>
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="lg"
        component="ol"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {benefits.map((benefit, index) => (
          <Card component="li" key={benefit.title} withBorder padding="lg" radius="md">
            <ThemeIcon size={40} radius="xl" variant="light" aria-hidden="true">
              <Text fw={700}>{index + 1}</Text>
            </ThemeIcon>
            <Title order={2} size="h4" mt="md" lh={1.3}>
              {benefit.title}
            </Title>
            <Text size="sm" c="dimmed" mt="xs">
              {benefit.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Button component={Link} to={paths.topics} size="md" mt="xl">
        VIEW PROGRAMS
      </Button>
    </Container>
  );
}
