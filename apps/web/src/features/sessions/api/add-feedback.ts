import { type FeedbackRequest, feedbackResponse } from '@myprosper/contract/sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionKeys, sessionsApi } from './query-keys.ts';

/** POST addFeedback: a mentee rates a past session 1-5, with an optional comment, once. */
export function addFeedback(body: FeedbackRequest) {
  return apiRequest(`${sessionsApi}/addFeedback`, feedbackResponse, { method: 'POST', body });
}

export function useAddFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
