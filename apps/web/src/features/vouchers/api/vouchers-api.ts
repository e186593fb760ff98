import {
  type CreateVoucherRequest,
  createVoucherResponse,
  myVouchersResponse,
  refundVoucherResponse,
  type VoucherView,
  voucherMpesaPaymentResponse,
  voucherResponse,
} from '@myprosper/contract/vouchers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { voucherKeys } from './query-keys.ts';

const api = '/myprosper/api';

/** POST createVoucher: the message is the reference number; data is the new voucher. */
export async function createVoucher(input: CreateVoucherRequest) {
  return apiRequest(`${api}/createVoucher`, createVoucherResponse, { method: 'POST', body: input });
}

/** POST makeVoucherMpesaPayment: the PIN prompt for a voucher awaiting payment (again). */
export async function payVoucherByMpesa(input: { reference: string; phoneNumber: string }) {
  return apiRequest(`${api}/makeVoucherMpesaPayment`, voucherMpesaPaymentResponse, {
    method: 'POST',
    body: input,
  });
}

/** POST refundVoucher: an unused voucher whose mentor is gone, to the buyer's wallet. */
export async function refundVoucher(reference: string) {
  return apiRequest(`${api}/refundVoucher`, refundVoucherResponse, { method: 'POST', body: { reference } });
}

export async function getVoucher(reference: string, signal?: AbortSignal): Promise<VoucherView> {
  return (await apiRequest(`${api}/getVoucher/${encodeURIComponent(reference)}`, voucherResponse, { signal }))
    .data;
}

export async function getMyVouchers(signal?: AbortSignal): Promise<VoucherView[]> {
  return (await apiRequest(`${api}/myVouchers`, myVouchersResponse, { signal })).data;
}

function useRefreshVouchers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: voucherKeys.all });
}

export function useCreateVoucher() {
  const refresh = useRefreshVouchers();
  return useMutation({ mutationFn: createVoucher, onSettled: refresh });
}

export function useRefundVoucher() {
  const refresh = useRefreshVouchers();
  return useMutation({ mutationFn: refundVoucher, onSettled: refresh });
}

export function usePayVoucherByMpesa() {
  const refresh = useRefreshVouchers();
  return useMutation({ mutationFn: payVoucherByMpesa, onSettled: refresh });
}

/**
 * One voucher; while it awaits an M-PESA payment that is still pending, asked again every few seconds
 * (the callback usually lands within a minute).
 */
export function useVoucher(reference: string | null) {
  return useQuery({
    queryKey: voucherKeys.voucher(reference ?? ''),
    queryFn: ({ signal }) => getVoucher(reference ?? '', signal),
    enabled: reference !== null,
    refetchInterval: (query) => {
      const voucher = query.state.data;
      const last = voucher?.lastPayment;
      const isWaiting =
        voucher?.status === 'PENDING_PAYMENT' && last?.provider === 'MPESA' && last.status === 'PENDING';
      return isWaiting ? 3_000 : false;
    },
  });
}

export function useMyVouchers() {
  return useQuery({ queryKey: voucherKeys.mine, queryFn: ({ signal }) => getMyVouchers(signal) });
}
