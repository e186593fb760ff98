import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client.ts';
import { catalogueContract, catalogueKey } from './catalogue-api.ts';
import { type AdvisorFilterValues, catalogueEndpoints } from './catalogue-endpoints.ts';

export { type AdvisorFilterValues, noAdvisorFilters } from './catalogue-endpoints.ts';

/** GET getTopicAdvisors/{userId}/ALL: mentors matching the filters (userId 0 for a visitor). */
export async function getTopicAdvisors(userId: number, filters: AdvisorFilterValues, signal?: AbortSignal) {
  const body = await apiRequest(
    catalogueEndpoints.topicAdvisors(userId, filters),
    lazySchema(catalogueContract, 'advisorListResponse'),
    { signal },
  );
  return body.data;
}

export function topicAdvisorsQueryOptions(userId: number, filters: AdvisorFilterValues) {
  return queryOptions({
    queryKey: [catalogueKey, 'topic-advisors', userId, filters],
    queryFn: ({ signal }) => getTopicAdvisors(userId, filters, signal),
  });
}

/** Keeps the previous list on screen while a changed filter loads, so the page does not jump. */
export function useTopicAdvisors(userId: number, filters: AdvisorFilterValues) {
  return useQuery({ ...topicAdvisorsQueryOptions(userId, filters), placeholderData: keepPreviousData });
}
