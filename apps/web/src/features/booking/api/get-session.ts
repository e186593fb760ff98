import { sessionResponse } from '@myprosper/contract/sessions';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookingApi, bookingKeys } from './query-keys.ts';
import { retryOnlyServerFailures } from './retry.ts';

/** GET getAdvisorSessionById/{id}: the session being rescheduled (404 for anyone but its people). */
export async function getSession(sessionId: number, signal?: AbortSignal) {
  const body = await apiRequest(`${bookingApi}/getAdvisorSessionById/${sessionId}`, sessionResponse, {
    signal,
  });
  return body.data;
}

export function useSessionToReschedule(sessionId: number | null) {
  return useQuery({
    queryKey: bookingKeys.session(sessionId ?? 0),
    queryFn: ({ signal }) => getSession(sessionId ?? 0, signal),
    enabled: sessionId !== null,
    retry: retryOnlyServerFailures,
  });
}
