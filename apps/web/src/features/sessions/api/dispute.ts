import { type DisputeRequest, disputeStateResponse } from '@myprosper/contract/payouts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionKeys, sessionsApi } from './query-keys.ts';

const disputeKey = (sessionId: number) => [...sessionKeys.detail(sessionId), 'dispute'] as const;

/**
 * GET sessions/{id}/dispute: a paying mentee's dispute of this session, or whether (and until when) one may be
 * opened (issue 21: within the payout hold after the end).
 */
export function useDisputeState(sessionId: number, enabled: boolean) {
  return useQuery({
    queryKey: disputeKey(sessionId),
    queryFn: async ({ signal }) =>
      (await apiRequest(`${sessionsApi}/sessions/${sessionId}/dispute`, disputeStateResponse, { signal }))
        .data,
    enabled,
  });
}

/** POST sessions/{id}/dispute with the reason: the session's earnings wait for an admin. */
export function useOpenDispute(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DisputeRequest) =>
      apiRequest(`${sessionsApi}/sessions/${sessionId}/dispute`, disputeStateResponse, {
        method: 'POST',
        body,
      }),
    onSuccess: (answer) => queryClient.setQueryData(disputeKey(sessionId), answer.data),
  });
}
