import { paymentMethodsResponse } from '@myprosper/contract/advisor-settings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeys, profilesApi, retryUnlessClientError } from './profiles-api.ts';

/** GET getPaymentMethods/{userId}: the mentor's saved payout methods, numbers masked. */
export async function getPaymentMethods(userId: number, signal?: AbortSignal) {
  const body = await apiRequest(`${profilesApi}/getPaymentMethods/${userId}`, paymentMethodsResponse, {
    signal,
  });
  return body.data;
}

export function usePaymentMethods(userId: number | null) {
  return useQuery({
    queryKey: profileKeys.paymentMethods(userId ?? 0),
    queryFn: ({ signal }) => getPaymentMethods(userId ?? 0, signal),
    enabled: userId !== null,
    retry: retryUnlessClientError,
  });
}
