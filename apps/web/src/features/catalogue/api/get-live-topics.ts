import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client.ts';
import { catalogueContract, catalogueKey } from './catalogue-api.ts';
import { catalogueEndpoints } from './catalogue-endpoints.ts';

/** GET getLiveTopics: the programs open for booking. */
export async function getLiveTopics(signal?: AbortSignal) {
  const body = await apiRequest(
    catalogueEndpoints.liveTopics(),
    lazySchema(catalogueContract, 'liveTopicsResponse'),
    { signal },
  );
  return body.data;
}

export function liveTopicsQueryOptions() {
  return queryOptions({
    queryKey: [catalogueKey, 'live-topics'],
    queryFn: ({ signal }) => getLiveTopics(signal),
  });
}

export function useLiveTopics() {
  return useQuery(liveTopicsQueryOptions());
}
