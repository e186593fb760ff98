import { Alert } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ERROR_BANNER_MS } from './error-banner.tsx';

/**
 * A form's validation message (the spec gives one message per form): an alert, read aloud when it appears,
 * that clears itself after 4 seconds as the spec's global error state does (issue 27). Each submit of its
 * form shows it again for another 4 seconds; the fields it is about keep their own error beside them.
 */
export function FormError({ message }: { message: string | null }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [submits, setSubmits] = useState(0);
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    const form = anchor.current?.closest('form');
    if (!form) return;
    const shownAgain = () => setSubmits((count) => count + 1);
    form.addEventListener('submit', shownAgain);
    return () => form.removeEventListener('submit', shownAgain);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: every submit starts the 4 seconds again.
  useEffect(() => {
    setHidden(false);
    if (!message) return;
    const timer = setTimeout(() => setHidden(true), ERROR_BANNER_MS);
    return () => clearTimeout(timer);
  }, [message, submits]);

  return (
    <div ref={anchor} style={{ display: 'contents' }}>
      {message && !hidden && (
        <Alert color="red" variant="light" p="xs" role="alert" styles={{ message: { fontWeight: 600 } }}>
          {message}
        </Alert>
      )}
    </div>
  );
}
