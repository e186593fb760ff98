import { ApiError } from '../../../lib/api-client.ts';

/** A 4xx (unknown mentor, someone else's session) will answer the same again: retry only other failures, once. */
export function retryOnlyServerFailures(failureCount: number, error: Error): boolean {
  const isClientError = error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500;
  return !isClientError && failureCount < 1;
}
