import { type ForgotPasswordRequest, forgotPasswordResponse } from '@myprosper/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /myprosper/auth/forgotPassword — answers 200 whether or not the address is known. */
export function forgotPassword(body: ForgotPasswordRequest) {
  return apiRequest('/myprosper/auth/forgotPassword', forgotPasswordResponse, { method: 'POST', body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
