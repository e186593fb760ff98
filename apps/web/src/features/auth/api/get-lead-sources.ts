import { leadSourcesResponse } from '@myprosper/contract/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /myprosper/api/getLeadSources — the answers to 'How did you hear about us?'. */
export async function getLeadSources(signal?: AbortSignal) {
  const body = await apiRequest('/myprosper/api/getLeadSources', leadSourcesResponse, { signal });
  return body.data;
}

export function leadSourcesQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'lead-sources'],
    queryFn: ({ signal }) => getLeadSources(signal),
    staleTime: 10 * 60_000,
  });
}

export function useLeadSources() {
  return useQuery(leadSourcesQueryOptions());
}
