import {
  mpesaRefundsResponse,
  type WithdrawRequest,
  withdrawalRulesResponse,
  withdrawResponse,
} from '@myprosper/contract/refunds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { walletKeys } from './get-wallet.ts';

const walletApi = '/myprosper/api';

/** GET withdrawalRules: minimum, fee, balance and the verified number, shown before confirming. */
export function useWithdrawalRules(enabled: boolean) {
  return useQuery({
    queryKey: [...walletKeys.all, 'withdrawal-rules'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest(`${walletApi}/withdrawalRules`, withdrawalRulesResponse, { signal })).data,
    enabled,
    staleTime: 0,
  });
}

/** GET mpesaRefunds: the caller's refunds and withdrawals to M-PESA, polled while one is pending. */
export function useMpesaTransfers() {
  return useQuery({
    queryKey: [...walletKeys.all, 'mpesa-transfers'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest(`${walletApi}/mpesaRefunds`, mpesaRefundsResponse, { signal })).data,
    refetchInterval: (query) => (query.state.data?.some((r) => r.status === 'PENDING') ? 3000 : false),
  });
}

/** A fresh id for one withdraw dialog: sent with each submit, so a double submit withdraws once. */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** POST withdrawals: wallet → the caller's verified M-PESA number. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WithdrawRequest) =>
      apiRequest(`${walletApi}/withdrawals`, withdrawResponse, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
