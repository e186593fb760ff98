import type { adminPageQuery } from '@myprosper/contract/admin';
import {
  type AdminPaymentQuery,
  type AdminVoucherQuery,
  adminPaymentPageResponse,
  adminPaymentQueryResponse,
  adminRefundPageResponse,
  adminVoucherPageResponse,
} from '@myprosper/contract/admin-money';
import {
  type AdminPaymentRefundRequest,
  adminPaymentDetailsResponse,
  adminPaymentRefundResponse,
} from '@myprosper/contract/admin-refunds';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminUrl } from './admin-url.ts';

/** GET /myprosper/api/admin/payments?status&provider&query&page */
export function useAdminPayments(query: AdminPaymentQuery) {
  return useQuery({
    queryKey: ['admin', 'payments', query],
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl('payments', query), adminPaymentPageResponse, { signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /myprosper/api/admin/payments/{id}: the payment, its refunds, what can be refunded now, its history. */
export function useAdminPayment(id: number) {
  return useQuery({
    queryKey: ['admin', 'payments', 'one', id],
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl(`payments/${id}`), adminPaymentDetailsResponse, { signal })).data,
  });
}

/** POST /myprosper/api/admin/payments/{id}/refunds: an operator's refund (whole or part, wallet or M-PESA). */
export function useRefundPayment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminPaymentRefundRequest) =>
      apiRequest(adminUrl(`payments/${id}/refunds`), adminPaymentRefundResponse, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** POST /myprosper/api/admin/payments/{id}/query: ask M-PESA again. */
export function useQueryPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(adminUrl(`payments/${id}/query`), adminPaymentQueryResponse, { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** GET /myprosper/api/admin/refunds?page */
export function useRefunds(query: z.input<typeof adminPageQuery>) {
  return useQuery({
    queryKey: ['admin', 'refunds', query],
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl('refunds', query), adminRefundPageResponse, { signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /myprosper/api/admin/vouchers?status&query&page */
export function useAdminVouchers(query: AdminVoucherQuery) {
  return useQuery({
    queryKey: ['admin', 'vouchers', query],
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl('vouchers', query), adminVoucherPageResponse, { signal })).data,
    placeholderData: keepPreviousData,
  });
}
