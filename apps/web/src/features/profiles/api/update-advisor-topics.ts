import type { UpdateAdvisorTopicsRequest } from '@myprosper/contract/advisor-settings';
import { messageOnly } from '@myprosper/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeys, profilesApi } from './profiles-api.ts';

/** POST updateAdvisorTopics — one to five unique topics; 'Topics updated successfully'. */
export function updateAdvisorTopics(body: UpdateAdvisorTopicsRequest) {
  return apiRequest(`${profilesApi}/updateAdvisorTopics`, messageOnly, { method: 'POST', body });
}

/** The topics are part of the mentor's profile answer. */
export function useUpdateAdvisorTopics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdvisorTopics,
    onSuccess: (_answer, body) =>
      queryClient.invalidateQueries({ queryKey: profileKeys.advisor(body.advisorId) }),
  });
}
