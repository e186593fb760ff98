import { liveTopicsResponse } from '@myprosper/contract/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /myprosper/api/getLiveTopics — the programs a mentor can offer sessions on. */
export async function getLiveTopics(signal?: AbortSignal) {
  const body = await apiRequest('/myprosper/api/getLiveTopics', liveTopicsResponse, { signal });
  return body.data;
}

export function liveTopicsQueryOptions() {
  return queryOptions({
    queryKey: ['advisor-application', 'live-topics'],
    queryFn: ({ signal }) => getLiveTopics(signal),
    staleTime: 10 * 60_000,
  });
}

export function useLiveTopics() {
  return useQuery(liveTopicsQueryOptions());
}
