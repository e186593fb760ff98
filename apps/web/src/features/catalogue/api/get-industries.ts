import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client.ts';
import { catalogueApi, catalogueContract, catalogueKey } from './catalogue-api.ts';

/** GET getIndustries: the industries mentors work in (a filter of the mentor list). */
export async function getIndustries(signal?: AbortSignal) {
  const body = await apiRequest(
    `${catalogueApi}/getIndustries`,
    lazySchema(catalogueContract, 'industriesResponse'),
    { signal },
  );
  return body.data;
}

export function industriesQueryOptions() {
  return queryOptions({
    queryKey: [catalogueKey, 'industries'],
    queryFn: ({ signal }) => getIndustries(signal),
    staleTime: 10 * 60_000,
  });
}

export function useIndustries() {
  return useQuery(industriesQueryOptions());
}
