import { type AnswerRescheduleRequest, answerRescheduleResponse } from '@myprosper/contract/sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { sessionKeys, sessionsApi } from './query-keys.ts';

/** POST answerReschedule: a paid mentee accepts or declines a proposed move (declining refunds in full). */
export function answerReschedule(body: AnswerRescheduleRequest) {
  return apiRequest(`${sessionsApi}/answerReschedule`, answerRescheduleResponse, { method: 'POST', body });
}

export function useAnswerReschedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerReschedule,
    onSuccess: (body) => {
      notify.success(body.message);
      return queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}
