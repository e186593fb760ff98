import { type BlockDatesRequest, blockedDatesResponse } from '@myprosper/contract/advisor-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeys, profilesApi } from './profiles-api.ts';

/**
 * POST advisorBlockedDates {dates, bookedSessions?} — answers every blocked date from today on, and what the
 * block did with booked sessions on those dates (not saved until the mentor chooses).
 */
export async function blockDates(body: BlockDatesRequest) {
  const answer = await apiRequest(`${profilesApi}/advisorBlockedDates`, blockedDatesResponse, {
    method: 'POST',
    body,
  });
  return { message: answer.message, dates: answer.data.dates, change: answer.data.change ?? null };
}

export function useBlockDates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockDates,
    onSuccess: ({ dates, change }) => {
      queryClient.setQueryData(profileKeys.blockedDates, dates);
      // Cancelled sessions leave the mentor's lists.
      if (change?.cancelledSessionIds.length)
        return queryClient.invalidateQueries({ queryKey: ['sessions'] });
    },
  });
}
