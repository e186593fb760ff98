import { profileUpdateResponse, type UpdateAdviseeDetailsRequest } from '@myprosper/contract/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeys, profilesApi } from './profiles-api.ts';

/** POST updateAdviseeDetails — 'Profile updated successfully'. Name and phone are read-only. */
export function updateAdviseeDetails(body: UpdateAdviseeDetailsRequest) {
  return apiRequest(`${profilesApi}/updateAdviseeDetails`, profileUpdateResponse, { method: 'POST', body });
}

export function useUpdateAdviseeDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdviseeDetails,
    onSuccess: (_answer, body) =>
      queryClient.invalidateQueries({ queryKey: profileKeys.advisee(body.adviseeId) }),
  });
}
