import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client.ts';
import { catalogueContract, catalogueKey } from './catalogue-api.ts';
import { catalogueEndpoints } from './catalogue-endpoints.ts';

/** GET getTopAdvisors/{userId}/ALL: the best rated mentors, for the home page. */
export async function getTopAdvisors(userId: number, signal?: AbortSignal) {
  const body = await apiRequest(
    catalogueEndpoints.topAdvisors(userId),
    lazySchema(catalogueContract, 'advisorListResponse'),
    {
      signal,
    },
  );
  return body.data;
}

export function topAdvisorsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: [catalogueKey, 'top-advisors', userId],
    queryFn: ({ signal }) => getTopAdvisors(userId, signal),
  });
}

export function useTopAdvisors(userId: number) {
  return useQuery(topAdvisorsQueryOptions(userId));
}
