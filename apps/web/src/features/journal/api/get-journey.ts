import { journeyPageResponse } from '@myprosper/contract/journal';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { journalApi, journalKeys } from './query-keys.ts';

export const journeyPageSize = 10;

/** GET journey: the caller's sessions that started, newest first, with notes and open action items. */
export async function getJourney(page: number, signal?: AbortSignal) {
  const body = await apiRequest(
    `${journalApi}/journey?page=${page}&pageSize=${journeyPageSize}`,
    journeyPageResponse,
    {
      signal,
    },
  );
  return body.data;
}

/** GET journey/mentees/{adviseeId}: a mentee's journey with the calling mentor. */
export async function getMenteeJourney(adviseeId: number, page: number, signal?: AbortSignal) {
  const body = await apiRequest(
    `${journalApi}/journey/mentees/${adviseeId}?page=${page}&pageSize=5`,
    journeyPageResponse,
    { signal },
  );
  return body.data;
}

export function useJourney(page: number) {
  return useQuery({
    queryKey: journalKeys.journey(page),
    queryFn: ({ signal }) => getJourney(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMenteeJourney(adviseeId: number, page = 1) {
  return useQuery({
    queryKey: journalKeys.mentee(adviseeId, page),
    queryFn: ({ signal }) => getMenteeJourney(adviseeId, page, signal),
  });
}
