import { adminVoucherDetailsResponse } from '@myprosper/contract/admin-money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminUrl } from './admin-url.ts';

/** GET /myprosper/api/admin/vouchers/{id}: a voucher, its history, and what may be done with it. */
export function useAdminVoucher(id: number) {
  return useQuery({
    queryKey: ['admin', 'vouchers', 'one', id],
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl(`vouchers/${id}`), adminVoucherDetailsResponse, { signal })).data,
  });
}

/** Cancel with refund, extend to today's price, give to another mentor: each audited with its reason. */
export function useVoucherMutations(id: number) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: ['admin'] });
  const post = (action: string) => (body: object) =>
    apiRequest(adminUrl(`vouchers/${id}/${action}`), adminVoucherDetailsResponse, { method: 'POST', body });
  return {
    refund: useMutation({ mutationFn: (reason: string) => post('refund')({ reason }), onSettled }),
    extend: useMutation({ mutationFn: (reason: string) => post('extend')({ reason }), onSettled }),
    reassign: useMutation({
      mutationFn: (input: { mentorId: number; reason: string }) => post('reassign')(input),
      onSettled,
    }),
  };
}
