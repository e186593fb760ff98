import { invitationStatusResponse } from '@myprosper/contract/invitations';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invitationKeys, invitationsApi } from './query-keys.ts';

/**
 * GET invitationStatus/{sessionId}/{phoneNo}: whether the invited phone (base64 in the link) has an account.
 * A link for another phone or a session that is over answers an error with the server's message.
 */
export async function getInvitationStatus(sessionId: number, phoneNo: string, signal?: AbortSignal) {
  const body = await apiRequest(
    `${invitationsApi}/invitationStatus/${sessionId}/${encodeURIComponent(phoneNo)}`,
    invitationStatusResponse,
    { signal },
  );
  return body.data;
}

export function useInvitationStatus(sessionId: number | null, phoneNo: string) {
  return useQuery({
    queryKey: invitationKeys.status(sessionId ?? 0, phoneNo),
    queryFn: ({ signal }) => getInvitationStatus(sessionId ?? 0, phoneNo, signal),
    enabled: sessionId !== null,
    // The answer decides one redirect; a refusal stays a refusal.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
