import { authenticateResponse } from '@myprosper/contract/auth';
import type { RegisterAdviseeRequest } from '@myprosper/contract/profiles';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /myprosper/auth/registerAdvisee — answers the login response (statusCode 200: signed in at once); a
 * taken e-mail or phone answers 409 with a message to show.
 */
export function registerAdvisee(body: RegisterAdviseeRequest) {
  return apiRequest('/myprosper/auth/registerAdvisee', authenticateResponse, {
    method: 'POST',
    body,
    skipUnauthorized: true,
  });
}

export function useRegisterAdvisee() {
  return useMutation({ mutationFn: registerAdvisee });
}
