import { ApiError } from '../../../lib/api-client.ts';

export { catalogueApi, catalogueContract } from './catalogue-endpoints.ts';

/** The root of the catalogue's query keys (one place, so invalidation can target it). */
export const catalogueKey = 'catalogue';

/** A missing program or mentor (4xx) stays missing: only network and server failures are retried, once. */
export function retryUnlessClientError(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500) return false;
  return failureCount < 1;
}
