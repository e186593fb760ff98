import { advisorTimeSlotsResponse } from '@myprosper/contract/advisor-settings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeys, profilesApi, retryUnlessClientError } from './profiles-api.ts';

/** GET getAdvisorTimeSlots/{id}: the mentor's weekly hours, Monday to Sunday (slots as HH:mm:ss). */
export async function getAdvisorTimeSlots(advisorId: number, signal?: AbortSignal) {
  const body = await apiRequest(`${profilesApi}/getAdvisorTimeSlots/${advisorId}`, advisorTimeSlotsResponse, {
    signal,
  });
  return body.data;
}

export function useAdvisorTimeSlots(advisorId: number | null) {
  return useQuery({
    queryKey: profileKeys.timeSlots(advisorId ?? 0),
    queryFn: ({ signal }) => getAdvisorTimeSlots(advisorId ?? 0, signal),
    enabled: advisorId !== null,
    retry: retryUnlessClientError,
  });
}
