import { type BlockDatesRequest, blockedDatesResponse } from '@myprosper/contract/advisor-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeys, profilesApi } from './profiles-api.ts';

/** POST advisorBlockedDates {dates} — answers every blocked date from today on. */
export async function blockDates(body: BlockDatesRequest) {
  const answer = await apiRequest(`${profilesApi}/advisorBlockedDates`, blockedDatesResponse, {
    method: 'POST',
    body,
  });
  return { message: answer.message, dates: answer.data.dates };
}

export function useBlockDates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockDates,
    onSuccess: ({ dates }) => queryClient.setQueryData(profileKeys.blockedDates, dates),
  });
}
