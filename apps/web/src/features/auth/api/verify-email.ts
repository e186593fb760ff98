import { verifyEmailResponse } from '@myprosper/contract/verification';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /myprosper/auth/verifyEmail — 200 'Your e-mail address is confirmed', or 422 'Invalid Link' / 'The link has expired'. */
export function verifyEmail(token: string) {
  return apiRequest('/myprosper/auth/verifyEmail', verifyEmailResponse, {
    method: 'POST',
    body: { token },
  });
}

/** Opens the link once when its page loads (opening it again only says it is confirmed). */
export function useVerifyEmail(token: string) {
  return useQuery({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
