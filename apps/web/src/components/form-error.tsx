import { Alert } from '@mantine/core';

/** A form's validation message (the spec gives one message per form); an alert, read aloud when it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" p="xs" role="alert" styles={{ message: { fontWeight: 600 } }}>
      {message}
    </Alert>
  );
}
