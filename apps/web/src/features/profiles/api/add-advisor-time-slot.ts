import {
  type AddAdvisorTimeSlotRequest,
  addAdvisorTimeSlotResponse,
} from '@myprosper/contract/advisor-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeys, profilesApi } from './profiles-api.ts';

/**
 * POST addAdvisorTimeSlot — replaces the whole week; 'Time Slots updated successfully'. Hours holding booked
 * sessions are not taken away until the mentor chooses (bookedSessions): `change` says what happened.
 */
export async function addAdvisorTimeSlot(body: AddAdvisorTimeSlotRequest) {
  const answer = await apiRequest(`${profilesApi}/addAdvisorTimeSlot`, addAdvisorTimeSlotResponse, {
    method: 'POST',
    body,
  });
  return { message: answer.message, change: answer.data ?? null };
}

export function useAddAdvisorTimeSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAdvisorTimeSlot,
    onSuccess: (answer, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.timeSlots(body.advisorId) }),
        answer.change?.cancelledSessionIds.length
          ? queryClient.invalidateQueries({ queryKey: ['sessions'] })
          : undefined,
      ]),
  });
}
