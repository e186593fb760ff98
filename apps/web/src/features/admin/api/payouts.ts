import {
  type AdminPayoutQuery,
  mentorsOwedResponse,
  type PayoutHistoryQuery,
  type PayoutRequest,
  payoutHistoryResponse,
  payoutResponse,
} from '@myprosper/contract/admin-money';
import { messages } from '@myprosper/contract/messages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, reportUnauthorized, sendWithSession } from '../../../lib/api-client.ts';
import { adminUrl } from './admin-url.ts';

const payoutsKey = ['admin', 'payouts'] as const;

/** GET /myprosper/api/admin/payouts?query&owed */
export function useMentorsOwed(query: AdminPayoutQuery) {
  return useQuery({
    queryKey: [...payoutsKey, 'owed', query],
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl('payouts', query), mentorsOwedResponse, { signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /myprosper/api/admin/payouts/history */
export function usePayoutHistory(query: PayoutHistoryQuery) {
  return useQuery({
    queryKey: [...payoutsKey, 'history', query],
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl('payouts/history', query), payoutHistoryResponse, { signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** POST /myprosper/api/admin/payouts: mark a payout paid. */
export function useRecordPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutRequest) =>
      apiRequest(adminUrl('payouts'), payoutResponse, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/**
 * GET /myprosper/api/admin/payouts.csv with the bearer token, saved as the server names it (a plain link
 * cannot carry the token).
 */
export async function downloadPayoutsCsv(): Promise<void> {
  let response: Response;
  try {
    // Sent again with a refreshed bearer token when the first one has expired.
    ({ response } = await sendWithSession((token) =>
      fetch(adminUrl('payouts.csv'), { headers: token ? { authorization: `Bearer ${token}` } : {} }),
    ));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(messages.noInternet, 0, true);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    const error = new ApiError(
      body.message || messages.genericError,
      response.status,
      false,
      Boolean(body.message),
    );
    if (response.status === 401) reportUnauthorized(error);
    throw error;
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'payouts.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
