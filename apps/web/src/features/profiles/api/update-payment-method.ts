import {
  type UpdatePaymentMethodRequest,
  updatePaymentMethodResponse,
} from '@myprosper/contract/advisor-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeys, profilesApi } from './profiles-api.ts';

/** POST updatePaymentMethod — one method (MPESA, BANK or PAYPAL); 'Payment method updated successfully'. */
export function updatePaymentMethod(body: UpdatePaymentMethodRequest) {
  return apiRequest(`${profilesApi}/updatePaymentMethod`, updatePaymentMethodResponse, {
    method: 'POST',
    body,
  });
}

/** Saving one method may change which one is preferred: the whole list is refreshed. */
export function useUpdatePaymentMethod(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.paymentMethods(userId) }),
  });
}
