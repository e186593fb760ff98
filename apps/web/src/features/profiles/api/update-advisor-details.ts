import { profileUpdateResponse, type UpdateAdvisorDetailsRequest } from '@myprosper/contract/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeys, profilesApi } from './profiles-api.ts';

/** POST updateAdvisorDetails — 'Profile updated successfully'; a new videoURL must be the mentor's own upload. */
export function updateAdvisorDetails(body: UpdateAdvisorDetailsRequest) {
  return apiRequest(`${profilesApi}/updateAdvisorDetails`, profileUpdateResponse, { method: 'POST', body });
}

export function useUpdateAdvisorDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdvisorDetails,
    onSuccess: (_answer, body) =>
      queryClient.invalidateQueries({ queryKey: profileKeys.advisor(body.advisorId) }),
  });
}
