import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client.ts';
import { catalogueContract, catalogueKey, retryUnlessClientError } from './catalogue-api.ts';
import { catalogueEndpoints } from './catalogue-endpoints.ts';

/** GET getAdvisorDetails/{advisorId}: a mentor's public profile. */
export async function getAdvisorDetails(advisorId: number, signal?: AbortSignal) {
  const body = await apiRequest(
    catalogueEndpoints.advisorDetails(advisorId),
    lazySchema(catalogueContract, 'advisorDetailsResponse'),
    {
      signal,
    },
  );
  return body.data;
}

export function advisorDetailsQueryOptions(advisorId: number) {
  return queryOptions({
    queryKey: [catalogueKey, 'advisor', advisorId],
    queryFn: ({ signal }) => getAdvisorDetails(advisorId, signal),
    retry: retryUnlessClientError,
  });
}

/** `advisorId` null (a malformed address) never calls the server. */
export function useAdvisorDetails(advisorId: number | null) {
  return useQuery({ ...advisorDetailsQueryOptions(advisorId ?? 0), enabled: advisorId !== null });
}
