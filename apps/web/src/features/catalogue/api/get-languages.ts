import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client.ts';
import { catalogueApi, catalogueContract, catalogueKey } from './catalogue-api.ts';

/** GET getLanguages: the languages mentors speak (a filter of the mentor list). */
export async function getLanguages(signal?: AbortSignal) {
  const body = await apiRequest(
    `${catalogueApi}/getLanguages`,
    lazySchema(catalogueContract, 'languagesResponse'),
    { signal },
  );
  return body.data;
}

export function languagesQueryOptions() {
  return queryOptions({
    queryKey: [catalogueKey, 'languages'],
    queryFn: ({ signal }) => getLanguages(signal),
    staleTime: 10 * 60_000,
  });
}

export function useLanguages() {
  return useQuery(languagesQueryOptions());
}
