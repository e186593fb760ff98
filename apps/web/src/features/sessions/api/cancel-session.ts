import {
  type CancelSessionRequest,
  cancellationPolicyResponse,
  cancelSessionResponse,
} from '@myprosper/contract/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionKeys, sessionsApi } from './query-keys.ts';

/** GET cancellationPolicy/{id}: what cancelling now would give the caller back, in words too. */
export async function getCancellationPolicy(sessionId: number, signal?: AbortSignal) {
  const body = await apiRequest(
    `${sessionsApi}/cancellationPolicy/${sessionId}`,
    cancellationPolicyResponse,
    {
      signal,
    },
  );
  return body.data;
}

export function useCancellationPolicy(sessionId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...sessionKeys.detail(sessionId), 'cancellation-policy'] as const,
    queryFn: ({ signal }) => getCancellationPolicy(sessionId, signal),
    enabled,
    staleTime: 0,
  });
}

/** POST cancelSession: cancels with a reason; refunds land in the wallets. */
export function cancelSession(body: CancelSessionRequest) {
  return apiRequest(`${sessionsApi}/cancelSession`, cancelSessionResponse, { method: 'POST', body });
}

export function useCancelSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSession,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}
