import { Anchor, Button, Container, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

const choices = [
  {
    heading: 'I want advice',
    text: 'Book one-hour sessions with experienced mentors, on your own or in a group.',
    action: 'Seek Advice',
    to: paths.signup,
  },
  {
    heading: 'I want to mentor',
    text: 'Share your experience, set your own availability and topics, and get paid for your sessions.',
    action: 'Become a Mentor',
    to: paths.newAdvisor,
  },
];

/** Spec 2.5: the sign-up link's target; 'Seek Advice' goes to /signup, 'Become a Mentor' to /new_advisor. */
export function ProfilePickerPage() {
  useDocumentTitle('Sign up');
  return (
    <Container size={760} px="md" py={{ base: 'lg', sm: 48 }}>
      <Title order={1} size="h2" ta="center">
        Join MyProsper
      </Title>
      <Text ta="center" c="dimmed" mt="xs" mb="xl">
        How would you like to use MyProsper?
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {choices.map((choice) => (
          <Paper key={choice.to} withBorder shadow="sm" radius="lg" p="xl">
            <Stack h="100%" justify="space-between" gap="lg">
              <div>
                <Title order={2} size="h3">
                  {choice.heading}
                </Title>
                <Text mt="xs">{choice.text}</Text>
              </div>
              <Button component={Link} to={choice.to} size="md" fullWidth>
                {choice.action}
              </Button>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Text ta="center" fz="sm" mt="xl">
        Already have an account?{' '}
        <Anchor component={Link} to={paths.login} fw={600}>
          Login
        </Anchor>
      </Text>
    </Container>
  );
}
