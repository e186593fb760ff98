import { mpesaBalanceResponse } from '@myprosper/contract/mpesa-disbursements';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminUrl } from './admin-url.ts';

const balanceKey = ['admin', 'reconciliation', 'mpesa-balance'] as const;

/** GET /myprosper/api/admin/mpesaBalance: looked at again every 2 s while M-PESA is being asked. */
export function useMpesaBalance() {
  return useQuery({
    queryKey: balanceKey,
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl('mpesaBalance'), mpesaBalanceResponse, { signal })).data,
    refetchInterval: (query) => (query.state.data?.requested ? 2000 : false),
  });
}

/** POST /myprosper/api/admin/mpesaBalance: asks M-PESA (Account Balance); the answer comes to the query. */
export function useCheckMpesaBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(adminUrl('mpesaBalance'), mpesaBalanceResponse, { method: 'POST', body: {} }),
    onSuccess: (answer) => queryClient.setQueryData(balanceKey, answer.data),
  });
}
