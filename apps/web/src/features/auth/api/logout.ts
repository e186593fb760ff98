import { useMutation } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client.ts';
import { authContract } from './validate-token.ts';

/** POST /myprosper/auth/logout — revokes the caller's tokens. */
export function logout() {
  return apiRequest('/myprosper/auth/logout', lazySchema(authContract, 'logoutResponse'), {
    method: 'POST',
    skipUnauthorized: true,
  });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
