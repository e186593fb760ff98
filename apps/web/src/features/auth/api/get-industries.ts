import { industriesResponse } from '@myprosper/contract/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /myprosper/api/getIndustries — the sign-up form's industry list. */
export async function getIndustries(signal?: AbortSignal) {
  const body = await apiRequest('/myprosper/api/getIndustries', industriesResponse, { signal });
  return body.data;
}

export function industriesQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'industries'],
    queryFn: ({ signal }) => getIndustries(signal),
    staleTime: 10 * 60_000,
  });
}

export function useIndustries() {
  return useQuery(industriesQueryOptions());
}
