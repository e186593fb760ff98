import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

/** After a successful application: it is under review, and an e-mail says so. */
export function ApplicationSubmitted({ message, email }: { message: string; email: string }) {
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', xs: 'xl' }} role="status">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius={64} color="teal" variant="light" aria-hidden="true">
          <svg
            aria-hidden="true"
            width="32"
            height="32"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
          >
            <path d="M5 12l5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </ThemeIcon>
        <Title order={2}>Your application is under review</Title>
        <Text>{message}</Text>
        <Text c="dimmed">
          We have sent an e-mail to <strong>{email}</strong> confirming that your application is under review.
          You can log in once it has been approved.
        </Text>
        <Button component={Link} to={paths.home} variant="light">
          Back to home
        </Button>
      </Stack>
    </Paper>
  );
}
