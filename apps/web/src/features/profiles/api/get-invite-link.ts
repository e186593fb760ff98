import { inviteLinkResponse } from '@myprosper/contract/profiles';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeys, profilesApi } from './profiles-api.ts';

/** GET inviteLink: the signed-in person's link to share, and a ready-made message carrying it. */
export async function getInviteLink(signal?: AbortSignal) {
  const body = await apiRequest(`${profilesApi}/inviteLink`, inviteLinkResponse, { signal });
  return body.data;
}

export function useInviteLink(enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.inviteLink,
    queryFn: ({ signal }) => getInviteLink(signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
