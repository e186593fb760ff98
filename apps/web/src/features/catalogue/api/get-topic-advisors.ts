import type { AdvisorPage } from '@myprosper/contract/catalogue';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client.ts';
import { catalogueContract, catalogueKey } from './catalogue-api.ts';
import { type AdvisorFilterValues, catalogueEndpoints } from './catalogue-endpoints.ts';

export { type AdvisorFilterValues, noAdvisorFilters } from './catalogue-endpoints.ts';

/**
 * GET getTopicAdvisors/{userId}/PAGE: a page of the mentors matching the filters (userId 0 for a visitor), the
 * first without `after`. The list grows with the marketplace; a phone downloads a page at a time.
 */
export async function getTopicAdvisorsPage(
  userId: number,
  filters: AdvisorFilterValues,
  after: string | null,
  signal?: AbortSignal,
): Promise<AdvisorPage> {
  const body = await apiRequest(
    withAfter(catalogueEndpoints.topicAdvisorsPage(userId, filters), after),
    lazySchema(catalogueContract, 'advisorPageResponse'),
    { signal },
  );
  return body.data;
}

function withAfter(path: string, after: string | null): string {
  if (after === null) return path;
  return `${path}${path.includes('?') ? '&' : '?'}after=${encodeURIComponent(after)}`;
}

export function topicAdvisorsQueryOptions(userId: number, filters: AdvisorFilterValues) {
  return infiniteQueryOptions({
    queryKey: [catalogueKey, 'topic-advisors', userId, filters],
    queryFn: ({ signal, pageParam }) => getTopicAdvisorsPage(userId, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

/**
 * The pages asked for so far, and `fetchNextPage` for the next. Keeps the previous list on screen while a changed
 * filter loads, so the page does not jump.
 */
export function useTopicAdvisors(userId: number, filters: AdvisorFilterValues) {
  return useInfiniteQuery({
    ...topicAdvisorsQueryOptions(userId, filters),
    placeholderData: keepPreviousData,
  });
}
