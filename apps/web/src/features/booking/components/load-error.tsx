import { Button, Center, Stack, Text } from '@mantine/core';
import { messages } from '@myprosper/contract/messages';

/** The spec's 'An Error Occurred', with a way to try again when one makes sense. */
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
