import { Alert } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';

/** The spec's global error state (8): a message that clears itself after 4 seconds. */
export const ERROR_BANNER_MS = 4000;

export function useErrorBanner(): {
  error: string | null;
  showError: (message: string) => void;
  clearError: () => void;
} {
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clearError = useCallback(() => {
    clearTimeout(timer.current);
    setError(null);
  }, []);

  const showError = useCallback((message: string) => {
    clearTimeout(timer.current);
    setError(message);
    timer.current = setTimeout(() => setError(null), ERROR_BANNER_MS);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { error, showError, clearError };
}

/** Shows the banner's message, if any; read aloud when it appears. */
export function ErrorBanner({ message }: { message: string | null }) {
  return (
    <div aria-live="assertive">
      {message && (
        <Alert color="red" variant="light" title={message} styles={{ title: { marginBottom: 0 } }} />
      )}
    </div>
  );
}
