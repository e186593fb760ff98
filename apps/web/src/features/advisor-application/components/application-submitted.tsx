import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { applicationMessages } from '@myprosper/contract/advisor-application';
import { unconfirmedApplicationFilesHours } from '@myprosper/contract/verification';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

/**
 * After an application was sent: under review (a rejected applicant who applied again with their password), or,
 * for everyone else, the e-mail says what comes next (usually: open the link to confirm the address).
 */
export function ApplicationSubmitted({ message, email }: { message: string; email: string }) {
  const isUnderReview = message === applicationMessages.submitted;
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
        <Title order={2}>{isUnderReview ? 'Your application is under review' : 'Check your e-mail'}</Title>
        <Text>{message}</Text>
        {isUnderReview ? (
          <Text c="dimmed">
            We have sent an e-mail to <strong>{email}</strong> confirming that your application is under
            review. You can log in once it has been approved.
          </Text>
        ) : (
          <Text c="dimmed">
            We have sent an e-mail to <strong>{email}</strong>. Open the link in it to confirm your address
            within {unconfirmedApplicationFilesHours} hours: your application keeps its photo and video only
            once you do.
          </Text>
        )}
        <Button component={Link} to={paths.home} variant="light">
          Back to home
        </Button>
      </Stack>
    </Paper>
  );
}
