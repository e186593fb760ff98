import {
  adminSearchResponse,
  type ReceiptLookup,
  receiptLookupResponse,
} from '@myprosper/contract/admin-search';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminUrl } from './admin-url.ts';

/** GET /myprosper/api/admin/search?query=… (nothing is asked until there is something to look for). */
export function useAdminSearch(query: string) {
  return useQuery({
    queryKey: ['admin', 'search', query],
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl('search', { query }), adminSearchResponse, { signal })).data,
    enabled: query.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /myprosper/api/admin/payments/receipt-lookups/{receipt}: where asking M-PESA about a code stands, asked
 * again every two seconds while M-PESA has not answered.
 */
export function useReceiptLookup(receipt: string | null, initial: ReceiptLookup | null) {
  return useQuery({
    queryKey: ['admin', 'receipt-lookup', receipt],
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl(`payments/receipt-lookups/${receipt}`), receiptLookupResponse, { signal }))
        .data,
    enabled: receipt !== null,
    initialData: initial ?? undefined,
    refetchInterval: (query) => (query.state.data?.status === 'CHECKING' ? 2_000 : false),
  });
}

/** POST /myprosper/api/admin/payments/receipt-lookups: ask M-PESA about a code no payment carries. */
export function useAskReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (receipt: string) =>
      apiRequest(adminUrl('payments/receipt-lookups'), receiptLookupResponse, {
        method: 'POST',
        body: { receipt },
      }),
    onSuccess: (answer) =>
      queryClient.setQueryData(['admin', 'receipt-lookup', answer.data.receipt], answer.data),
  });
}
