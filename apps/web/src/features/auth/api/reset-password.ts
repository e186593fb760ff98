import { type ResetPasswordRequest, resetPasswordResponse } from '@myprosper/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /myprosper/auth/resetPassword — the new password with the link it came from. */
export function resetPassword(body: ResetPasswordRequest) {
  return apiRequest('/myprosper/auth/resetPassword', resetPasswordResponse, { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
