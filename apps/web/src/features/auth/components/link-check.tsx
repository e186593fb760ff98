import { Center, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/notify.ts';

/**
 * A link's error line ('Invalid Link', 'The link has expired'), alone on the page but for `offer`: what the
 * person can do instead (ask for a new link).
 */
export function LinkError({ message, offer }: { message: string; offer?: ReactNode }) {
  return (
    <Stack gap="sm">
      <Text role="alert" c="red.9" fw={600}>
        {message}
      </Text>
      {offer}
    </Stack>
  );
}

/**
 * A link from an e-mail, judged by the server on load: a spinner while it is checked, its error line when it
 * is refused, else what `children` makes of the answer.
 */
export function LinkCheck<T>({
  check,
  children,
  offer,
}: {
  check: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  offer?: ReactNode;
}) {
  if (check.isPending) {
    return (
      <Center py="xl" role="status">
        <Loader aria-hidden="true" />
        <VisuallyHidden>Checking the link…</VisuallyHidden>
      </Center>
    );
  }
  if (check.isError) return <LinkError message={errorMessage(check.error)} offer={offer} />;
  return <>{children(check.data)}</>;
}
