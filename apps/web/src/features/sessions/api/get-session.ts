import { sessionResponse } from '@myprosper/contract/sessions';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { sessionKeys, sessionsApi } from './query-keys.ts';

/** GET getAdvisorSessionById/{id}: one session, for its mentor and attendees (404 for anyone else). */
export async function getSession(sessionId: number, signal?: AbortSignal) {
  const body = await apiRequest(`${sessionsApi}/getAdvisorSessionById/${sessionId}`, sessionResponse, {
    signal,
  });
  return body.data;
}

export function useSessionDetails(sessionId: number | null) {
  return useQuery({
    queryKey: sessionKeys.detail(sessionId ?? 0),
    queryFn: ({ signal }) => getSession(sessionId ?? 0, signal),
    enabled: sessionId !== null,
    staleTime: 15_000,
    // Someone else's or a missing session stays so: retry only failures of the network or the server.
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500) && failureCount < 1,
  });
}
