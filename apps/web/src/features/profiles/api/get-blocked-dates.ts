import { blockedDatesResponse } from '@myprosper/contract/advisor-settings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeys, profilesApi, retryUnlessClientError } from './profiles-api.ts';

/** GET advisorBlockedDates: the signed-in mentor's blocked dates from today on, ascending. */
export async function getBlockedDates(signal?: AbortSignal) {
  const body = await apiRequest(`${profilesApi}/advisorBlockedDates`, blockedDatesResponse, { signal });
  return body.data.dates;
}

export function useBlockedDates() {
  return useQuery({
    queryKey: profileKeys.blockedDates,
    queryFn: ({ signal }) => getBlockedDates(signal),
    retry: retryUnlessClientError,
  });
}
