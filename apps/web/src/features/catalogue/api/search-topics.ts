import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client.ts';
import { catalogueApi, catalogueContract, catalogueKey } from './catalogue-api.ts';

/** Spec 9: searching starts at 3 characters; 10 hits are asked for, 6 shown. */
export const searchMinLength = 3;
export const searchHitsRequested = 10;
export const searchHitsShown = 6;

/** GET searchTopics?query=…&hitsPerPage=10: typo-tolerant search of program names. */
export async function searchTopics(query: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ query, hitsPerPage: String(searchHitsRequested) });
  const body = await apiRequest(
    `${catalogueApi}/searchTopics?${params}`,
    lazySchema(catalogueContract, 'searchTopicsResponse'),
    { signal },
  );
  return body.data;
}

export function searchTopicsQueryOptions(query: string) {
  return queryOptions({
    queryKey: [catalogueKey, 'search', query],
    queryFn: ({ signal }) => searchTopics(query, signal),
    staleTime: 5 * 60_000,
  });
}

/** Runs only for 3 characters or more; the previous hits stay while the next search loads. */
export function useSearchTopics(query: string) {
  const trimmed = query.trim();
  const enabled = trimmed.length >= searchMinLength;
  return useQuery({
    ...searchTopicsQueryOptions(trimmed),
    enabled,
    placeholderData: enabled ? keepPreviousData : undefined,
  });
}
