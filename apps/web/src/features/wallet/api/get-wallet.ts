import {
  adviseeBalanceResponse,
  advisorBalanceResponse,
  type TransactionType,
  transactionsResponse,
} from '@myprosper/contract/wallet';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const walletApi = '/myprosper/api';

/** Every wallet answer lives under 'wallet': a payment, checkout or cancellation refreshes them all. */
export const walletKeys = {
  all: ['wallet'] as const,
  balance: (userId: number, asAdvisor: boolean) =>
    ['wallet', 'balance', asAdvisor ? 'advisor' : 'advisee', userId] as const,
  transactions: (userId: number, type: TransactionType) => ['wallet', 'transactions', userId, type] as const,
};

/** The balance as the spec names it: advisee `balance`, mentor `walletBalance`; integer KES either way. */
export async function getBalance(userId: number, asAdvisor: boolean, signal?: AbortSignal): Promise<number> {
  if (asAdvisor) {
    const body = await apiRequest(`${walletApi}/getAdvisorBalance/${userId}`, advisorBalanceResponse, {
      signal,
    });
    return body.data.walletBalance;
  }
  const body = await apiRequest(`${walletApi}/getAdviseeBalance/${userId}`, adviseeBalanceResponse, {
    signal,
  });
  return body.data.balance;
}

export async function getTransactions(userId: number, type: TransactionType, signal?: AbortSignal) {
  const body = await apiRequest(`${walletApi}/getTransactions/${userId}?type=${type}`, transactionsResponse, {
    signal,
  });
  return body.data;
}

export function useWalletBalance(userId: number, asAdvisor: boolean) {
  return useQuery({
    queryKey: walletKeys.balance(userId, asAdvisor),
    queryFn: ({ signal }) => getBalance(userId, asAdvisor, signal),
  });
}

export function useTransactions(userId: number, type: TransactionType) {
  return useQuery({
    queryKey: walletKeys.transactions(userId, type),
    queryFn: ({ signal }) => getTransactions(userId, type, signal),
  });
}
