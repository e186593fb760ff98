import {
  callTicketResponse,
  type StartSessionRequest,
  startSessionResponse,
} from '@myprosper/contract/calls';
import { sessionResponse } from '@myprosper/contract/sessions';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

const api = '/myprosper/api';

/** POST calls/{sessionId}/ticket: a 60-second join ticket, the ICE servers and the room's facts. */
export async function getCallTicket(sessionId: number) {
  const body = await apiRequest(`${api}/calls/${sessionId}/ticket`, callTicketResponse, { method: 'POST' });
  return body.data;
}

/** POST startSession (spec 7): the mentor opens the call before entering it. */
export async function startSession(request: StartSessionRequest) {
  const body = await apiRequest(`${api}/startSession`, startSessionResponse, {
    method: 'POST',
    body: request,
  });
  return body.data;
}

/** The session the call belongs to (its topic and people), as the call screen's header shows it. */
export function useCallSession(sessionId: number | null) {
  return useQuery({
    queryKey: ['calls', 'session', sessionId ?? 0],
    queryFn: async ({ signal }) =>
      (await apiRequest(`${api}/getAdvisorSessionById/${sessionId}`, sessionResponse, { signal })).data,
    enabled: sessionId !== null,
    staleTime: 60_000,
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500) && failureCount < 1,
  });
}
