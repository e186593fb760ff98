import {
  checkoutSessionResponse,
  lastPaymentResponse,
  makeMpesaPaymentResponse,
} from '@myprosper/contract/payments';
import { adviseeBalanceResponse } from '@myprosper/contract/wallet';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * The payment calls both the booking flow and the session page make: the M-PESA push, Checkout Session, the
 * latest payment attempt and the mentee's wallet balance. Every session answer lives under the root
 * 'sessions' and every wallet answer under 'wallet', so a payment refreshes both.
 */

const api = '/myprosper/api';
const sessionsRoot = ['sessions'] as const;
const walletRoot = ['wallet'] as const;

export const paymentKeys = {
  lastPayment: (sessionId: number) => ['sessions', 'last-payment', sessionId] as const,
  balance: (userId: number) => ['wallet', 'balance', 'advisee', userId] as const,
};

/** POST makeMpesaPayment: the PIN prompt for what the mentee still owes; the server picks the amount. */
export async function makeMpesaPayment(input: { sessionId: number; phoneNumber: string; adviseeID: number }) {
  return apiRequest(`${api}/makeMpesaPayment`, makeMpesaPaymentResponse, { method: 'POST', body: input });
}

/** POST checkoutSession: the mentee's share from their wallet ('Session checkout successful'). */
export async function checkoutSession(input: { sessionId: number; adviseeId: number }) {
  return apiRequest(`${api}/checkoutSession`, checkoutSessionResponse, { method: 'POST', body: input });
}

export async function getLastPayment(sessionId: number, signal?: AbortSignal) {
  const body = await apiRequest(`${api}/getLastPayment/${sessionId}`, lastPaymentResponse, { signal });
  return body.data;
}

export async function getAdviseeBalance(userId: number, signal?: AbortSignal) {
  const body = await apiRequest(`${api}/getAdviseeBalance/${userId}`, adviseeBalanceResponse, { signal });
  return body.data.balance;
}

function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sessionsRoot }),
      queryClient.invalidateQueries({ queryKey: walletRoot }),
    ]);
}

export function useMakeMpesaPayment() {
  const refresh = useRefreshAfterPayment();
  return useMutation({ mutationFn: makeMpesaPayment, onSettled: refresh });
}

export function useCheckoutSession() {
  const refresh = useRefreshAfterPayment();
  return useMutation({ mutationFn: checkoutSession, onSettled: refresh });
}

/**
 * The latest attempt. While `waitFor` names a push, it is asked again every few seconds until that push has
 * its outcome.
 */
export function useLastPayment(
  sessionId: number,
  options: { enabled?: boolean; waitFor?: number | null } = {},
) {
  return useQuery({
    queryKey: paymentKeys.lastPayment(sessionId),
    queryFn: ({ signal }) => getLastPayment(sessionId, signal),
    enabled: options.enabled ?? true,
    refetchInterval: (query) => {
      if (options.waitFor === undefined || options.waitFor === null) return false;
      const attempt = query.state.data;
      const isSettled =
        attempt !== undefined &&
        attempt !== null &&
        ((attempt.id === options.waitFor && attempt.status !== 'PENDING') ||
          (attempt.id > options.waitFor && attempt.status === 'SUCCEEDED'));
      return isSettled ? false : 3_000;
    },
  });
}

export function useAdviseeBalance(userId: number | null) {
  return useQuery({
    queryKey: paymentKeys.balance(userId ?? 0),
    queryFn: ({ signal }) => getAdviseeBalance(userId ?? 0, signal),
    enabled: userId !== null,
  });
}
