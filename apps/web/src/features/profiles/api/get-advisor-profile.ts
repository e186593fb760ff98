import { advisorProfileResponse } from '@myprosper/contract/profiles';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeys, profilesApi, retryUnlessClientError } from './profiles-api.ts';

/** GET getAdvisorProfile/{id}: the mentor's own profile, with their topics and application answers. */
export async function getAdvisorProfile(advisorId: number, signal?: AbortSignal) {
  const body = await apiRequest(`${profilesApi}/getAdvisorProfile/${advisorId}`, advisorProfileResponse, {
    signal,
  });
  return body.data;
}

/** `advisorId` null (not a mentor) never calls the server. */
export function useAdvisorProfile(advisorId: number | null) {
  return useQuery({
    queryKey: profileKeys.advisor(advisorId ?? 0),
    queryFn: ({ signal }) => getAdvisorProfile(advisorId ?? 0, signal),
    enabled: advisorId !== null,
    retry: retryUnlessClientError,
  });
}
