import { mentorEarningsResponse } from '@myprosper/contract/payouts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { walletKeys } from './get-wallet.ts';

/**
 * GET payouts/earnings: a mentor's pending, payable, in-flight and paid earnings and their payouts to M-PESA
 * (issue 21). Polled while a payout waits for M-PESA's answer, so the receipt shows when it comes.
 */
export function useMentorEarnings(enabled: boolean) {
  return useQuery({
    queryKey: [...walletKeys.all, 'earnings'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest('/myprosper/api/payouts/earnings', mentorEarningsResponse, { signal })).data,
    enabled,
    refetchInterval: (query) => ((query.state.data?.inFlight ?? 0) > 0 ? 3000 : false),
  });
}
