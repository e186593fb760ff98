import {
  adminDisputesResponse,
  adminPayoutRunResponse,
  adminPayoutRunsResponse,
  type DecideDisputeRequest,
  decideDisputeResponse,
} from '@myprosper/contract/payouts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminUrl } from './admin-url.ts';

const runsKey = ['admin', 'payout-runs'] as const;
const disputesKey = ['admin', 'disputes'] as const;

/** GET /myprosper/api/admin/payoutRuns: the latest M-PESA runs and their payouts, polled while one waits. */
export function usePayoutRuns() {
  return useQuery({
    queryKey: runsKey,
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl('payoutRuns'), adminPayoutRunsResponse, { signal })).data,
    refetchInterval: (query) =>
      query.state.data?.payouts.some((payout) => payout.status === 'IN_FLIGHT') ? 3000 : false,
  });
}

/** POST /myprosper/api/admin/payoutRuns: one run per key (the page keeps one key per press). */
export function useRunPayouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runKey: string) =>
      apiRequest(adminUrl('payoutRuns'), adminPayoutRunResponse, { method: 'POST', body: { runKey } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** GET /myprosper/api/admin/disputes: open ones first, each with the session's call presence records. */
export function useDisputes() {
  return useQuery({
    queryKey: disputesKey,
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl('disputes'), adminDisputesResponse, { signal })).data,
  });
}

/** POST /myprosper/api/admin/disputes/{id}/decide: RELEASE to the mentor, or REFUND the mentees. */
export function useDecideDispute(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DecideDisputeRequest) =>
      apiRequest(adminUrl(`disputes/${id}/decide`), decideDisputeResponse, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
