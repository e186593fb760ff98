import { callSummaryResponse } from '@myprosper/contract/calls';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionKeys, sessionsApi } from './query-keys.ts';

/** GET calls/{id}: who came to the session's call and the no-show decisions (read once it is over). */
export function useCallSummary(sessionId: number, isOver: boolean) {
  return useQuery({
    queryKey: [...sessionKeys.detail(sessionId), 'call'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest(`${sessionsApi}/calls/${sessionId}`, callSummaryResponse, { signal })).data,
    enabled: isOver,
    staleTime: 60_000,
    retry: false,
  });
}
