import { Anchor, Button, Stack, Text } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

/** The link at the foot of the account pages reached from the profile hub. */
export function BackToProfile() {
  return (
    <Text ta="center" fz="sm">
      <Anchor component={Link} to={paths.profile} fw={600}>
        Back to Profile
      </Anchor>
    </Text>
  );
}

/** What an account page shows when its data could not be loaded, with a way to ask again. */
export function LoadFailed({ onRetry }: { onRetry(): void }) {
  return (
    <Stack align="center" gap="sm" role="alert" py="md">
      <Text fw={600}>{messages.loadError}</Text>
      <Button variant="light" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}
