import { Center, Loader, Text, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/notify.ts';

/** A link's error line ('Invalid Link', 'The link has expired'), alone on the page. */
export function LinkError({ message }: { message: string }) {
  return (
    <Text role="alert" c="red.9" fw={600}>
      {message}
    </Text>
  );
}

/**
 * A link from an e-mail, judged by the server on load: a spinner while it is checked, its error line when it
 * is refused, else what `children` makes of the answer.
 */
export function LinkCheck<T>({
  check,
  children,
}: {
  check: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (check.isPending) {
    return (
      <Center py="xl" role="status">
        <Loader aria-hidden="true" />
        <VisuallyHidden>Checking the link…</VisuallyHidden>
      </Center>
    );
  }
  if (check.isError) return <LinkError message={errorMessage(check.error)} />;
  return <>{children(check.data)}</>;
}
