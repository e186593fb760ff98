import { type BookSessionRequest, bookSessionResponse } from '@myprosper/contract/booking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookingApi, bookingKeys, sessionsRootKey } from './query-keys.ts';

/** POST bookSession: answers the new (unpaid, held) session; the message is its reference number. */
export async function bookSession(body: BookSessionRequest) {
  const response = await apiRequest(`${bookingApi}/bookSession`, bookSessionResponse, {
    method: 'POST',
    body,
  });
  return { reference: response.message, session: response.data };
}

/** Whatever the answer, the mentor's free hours and the session lists may have changed. */
export function useBookSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookSession,
    onSettled: (_data, _error, variables) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.availability(Number(variables.advisorId)) }),
        queryClient.invalidateQueries({ queryKey: sessionsRootKey }),
      ]),
  });
}
