import { type ChangePasswordRequest, changePasswordResponse } from '@myprosper/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /myprosper/api/changePassword — a signed-in user; answers a new login (the old tokens are revoked). */
export function changePassword(body: ChangePasswordRequest) {
  return apiRequest('/myprosper/api/changePassword', changePasswordResponse, { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
