import type { AuthenticateRequest } from '@myprosper/contract/auth';
import { messages } from '@myprosper/contract/messages';
import { loginAnswer } from '@myprosper/contract/two-step';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /myprosper/auth/authenticate — the flat login response of the spec, or, for an account with two-step
 * sign-in, the challenge of the code step.
 */
export async function authenticate(body: AuthenticateRequest) {
  try {
    return await apiRequest('/myprosper/auth/authenticate', loginAnswer, {
      method: 'POST',
      body,
      skipUnauthorized: true,
      // A 401 here is a wrong password, not a bearer token to refresh.
      refreshOnExpiry: false,
    });
  } catch (error) {
    // Spec 8: a 401 without a message reads 'Incorrect username or password'.
    if (error instanceof ApiError && error.statusCode === 401 && !error.hasServerMessage) {
      throw new ApiError(messages.incorrectLogin, 401, false, true);
    }
    throw error;
  }
}

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}
