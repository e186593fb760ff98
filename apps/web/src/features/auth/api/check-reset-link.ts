import { checkResetLinkResponse, type ResetLinkParts } from '@myprosper/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /myprosper/auth/checkResetLink — 200, or 422 'Invalid Link' / 'The link has expired'. */
export function checkResetLink(parts: ResetLinkParts) {
  return apiRequest('/myprosper/auth/checkResetLink', checkResetLinkResponse, {
    method: 'POST',
    body: parts,
  });
}

export function useCheckResetLink(parts: ResetLinkParts) {
  return useQuery({
    queryKey: ['auth', 'reset-link', parts],
    queryFn: () => checkResetLink(parts),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
