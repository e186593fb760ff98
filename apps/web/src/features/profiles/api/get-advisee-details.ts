import { adviseeDetailsResponse } from '@myprosper/contract/profiles';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeys, profilesApi, retryUnlessClientError } from './profiles-api.ts';

/** GET getAdviseeDetails/{id}: the advisee's own profile. */
export async function getAdviseeDetails(adviseeId: number, signal?: AbortSignal) {
  const body = await apiRequest(`${profilesApi}/getAdviseeDetails/${adviseeId}`, adviseeDetailsResponse, {
    signal,
  });
  return body.data;
}

/** `adviseeId` null (not an advisee) never calls the server. */
export function useAdviseeDetails(adviseeId: number | null) {
  return useQuery({
    queryKey: profileKeys.advisee(adviseeId ?? 0),
    queryFn: ({ signal }) => getAdviseeDetails(adviseeId ?? 0, signal),
    enabled: adviseeId !== null,
    retry: retryUnlessClientError,
  });
}
