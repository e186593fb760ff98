import { paybillCodeResponse, paybillDetailsResponse } from '@myprosper/contract/paybill';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * The Paybill fallback's calls: how to pay a session by Paybill, and the M-PESA code typed after paying. They
 * live under the 'sessions' root, so a confirmed payment refreshes the session with the rest.
 */

const api = '/myprosper/api';

export const paybillKeys = {
  details: (sessionId: number) => ['sessions', 'paybill', sessionId] as const,
};

export async function getPaybillDetails(sessionId: number, signal?: AbortSignal) {
  const body = await apiRequest(`${api}/paybill/${sessionId}`, paybillDetailsResponse, { signal });
  return body.data;
}

export async function sendPaybillCode(input: { sessionId: number; code: string }) {
  return apiRequest(`${api}/paybill/${input.sessionId}/code`, paybillCodeResponse, {
    method: 'POST',
    body: { code: input.code },
  });
}

/** The details; asked again every few seconds while a typed code is being checked. */
export function usePaybillDetails(sessionId: number, options: { enabled: boolean }) {
  return useQuery({
    queryKey: paybillKeys.details(sessionId),
    queryFn: ({ signal }) => getPaybillDetails(sessionId, signal),
    enabled: options.enabled,
    refetchInterval: (query) => (query.state.data?.lastCode?.status === 'CHECKING' ? 3_000 : false),
  });
}

export function useSendPaybillCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPaybillCode,
    onSuccess: (response, input) => {
      queryClient.setQueryData(paybillKeys.details(input.sessionId), response.data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sessions'] }),
  });
}
