import type { AddAdvisorTimeSlotRequest } from '@myprosper/contract/advisor-settings';
import { messageOnly } from '@myprosper/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeys, profilesApi } from './profiles-api.ts';

/** POST addAdvisorTimeSlot — replaces the whole week; 'Time Slots updated successfully'. */
export function addAdvisorTimeSlot(body: AddAdvisorTimeSlotRequest) {
  return apiRequest(`${profilesApi}/addAdvisorTimeSlot`, messageOnly, { method: 'POST', body });
}

export function useAddAdvisorTimeSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAdvisorTimeSlot,
    onSuccess: (_answer, body) =>
      queryClient.invalidateQueries({ queryKey: profileKeys.timeSlots(body.advisorId) }),
  });
}
