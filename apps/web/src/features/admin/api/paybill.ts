import { adminPaybillActionResponse, adminPaybillListResponse } from '@myprosper/contract/paybill';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminUrl } from './admin-url.ts';

/** GET /myprosper/api/admin/paybill?status: Paybill payments kept for review (or all). */
export function usePaybillPayments(status: 'REVIEW' | 'ALL') {
  return useQuery({
    queryKey: ['admin', 'paybill', status],
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl('paybill', { status }), adminPaybillListResponse, { signal })).data,
  });
}

/** POST /myprosper/api/admin/paybill/{id}/credit: into a person's wallet. */
export function useCreditPaybill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; userId: number; note: string }) =>
      apiRequest(adminUrl(`paybill/${input.id}/credit`), adminPaybillActionResponse, {
        method: 'POST',
        body: { userId: input.userId, note: input.note },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** POST /myprosper/api/admin/paybill/{id}/refund: back to the payer by M-PESA Reversal. */
export function useRefundPaybill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; note: string }) =>
      apiRequest(adminUrl(`paybill/${input.id}/refund`), adminPaybillActionResponse, {
        method: 'POST',
        body: { note: input.note },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
