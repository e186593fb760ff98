import { type RescheduleRequest, rescheduleResponse } from '@myprosper/contract/sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookingApi, bookingKeys, sessionsRootKey } from './query-keys.ts';

/** POST rescheduleSession: moves the session to another free hour; answers it moved. */
export async function rescheduleSession(body: RescheduleRequest) {
  const response = await apiRequest(`${bookingApi}/rescheduleSession`, rescheduleResponse, {
    method: 'POST',
    body,
  });
  return { message: response.message, session: response.data };
}

export function useRescheduleSession(advisorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleSession,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.availability(advisorId) }),
        queryClient.invalidateQueries({ queryKey: sessionsRootKey }),
      ]),
  });
}
