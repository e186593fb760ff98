import { blockedDatesResponse } from '@myprosper/contract/advisor-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeys, profilesApi } from './profiles-api.ts';

/** DELETE advisorBlockedDates/{date} — answers the dates still blocked. */
export async function unblockDate(date: string) {
  const answer = await apiRequest(
    `${profilesApi}/advisorBlockedDates/${encodeURIComponent(date)}`,
    blockedDatesResponse,
    { method: 'DELETE' },
  );
  return { message: answer.message, dates: answer.data.dates };
}

export function useUnblockDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockDate,
    onSuccess: ({ dates }) => queryClient.setQueryData(profileKeys.blockedDates, dates),
  });
}
