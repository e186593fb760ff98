import { advisorDetailsResponse } from '@myprosper/contract/catalogue';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookingApi, bookingKeys } from './query-keys.ts';
import { retryOnlyServerFailures } from './retry.ts';

/** GET getAdvisorDetails/{advisorId}: the mentor shown on the booking screen, with their topics. */
export async function getAdvisor(advisorId: number, signal?: AbortSignal) {
  const body = await apiRequest(`${bookingApi}/getAdvisorDetails/${advisorId}`, advisorDetailsResponse, {
    signal,
  });
  return body.data;
}

/** `advisorId` null (a malformed address) never calls the server. */
export function useBookingAdvisor(advisorId: number | null) {
  return useQuery({
    queryKey: bookingKeys.advisor(advisorId ?? 0),
    queryFn: ({ signal }) => getAdvisor(advisorId ?? 0, signal),
    enabled: advisorId !== null,
    retry: retryOnlyServerFailures,
  });
}
