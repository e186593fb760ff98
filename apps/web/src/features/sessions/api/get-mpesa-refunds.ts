import { mpesaRefundsResponse } from '@myprosper/contract/refunds';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionKeys, sessionsApi } from './query-keys.ts';

/** GET mpesaRefunds?sessionId=: the caller's refunds of this session on their way to M-PESA, or there. */
export function useSessionMpesaRefunds(sessionId: number) {
  return useQuery({
    queryKey: [...sessionKeys.detail(sessionId), 'mpesa-refunds'] as const,
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${sessionsApi}/mpesaRefunds?sessionId=${sessionId}`, mpesaRefundsResponse, {
          signal,
        })
      ).data,
    // A pending refund settles within minutes: look again until it has.
    refetchInterval: (query) => (query.state.data?.some((r) => r.status === 'PENDING') ? 3000 : false),
  });
}
