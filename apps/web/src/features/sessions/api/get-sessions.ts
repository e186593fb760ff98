import { sessionPageResponse } from '@myprosper/contract/sessions';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type SessionListFilter, sessionKeys, sessionsApi } from './query-keys.ts';

export const sessionsPageSize = 10;

/**
 * GET getAdviseeSessionsByIdAndStatus/{userId}/{status} (or getAdvisorSessionsByIdAndStatus for mentors):
 * one page of the caller's sessions of a type, newest first.
 */
export async function getSessions(filter: SessionListFilter, page: number, signal?: AbortSignal) {
  const endpoint = filter.asAdvisor ? 'getAdvisorSessionsByIdAndStatus' : 'getAdviseeSessionsByIdAndStatus';
  const query = new URLSearchParams({
    sessionType: filter.sessionType,
    page: String(page),
    pageSize: String(sessionsPageSize),
  });
  const body = await apiRequest(
    `${sessionsApi}/${endpoint}/${filter.userId}/${filter.status}?${query.toString()}`,
    sessionPageResponse,
    { signal },
  );
  return body.data;
}

/** The list, page by page ('Load more'). */
export function useSessions(filter: SessionListFilter) {
  return useInfiniteQuery({
    queryKey: sessionKeys.list(filter),
    queryFn: ({ pageParam, signal }) => getSessions(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: 15_000,
  });
}
