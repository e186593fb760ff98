import { type RedeemVoucherRequest, redeemVoucherResponse } from '@myprosper/contract/vouchers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

/** POST redeemVoucher: the mentee's share of a session paid with a gift voucher code. */
export async function redeemVoucher(input: RedeemVoucherRequest) {
  return apiRequest('/myprosper/api/redeemVoucher', redeemVoucherResponse, { method: 'POST', body: input });
}

/** Redeems, then refreshes every session and wallet answer (as every payment does). */
export function useRedeemVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemVoucher,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['sessions'] }),
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}
