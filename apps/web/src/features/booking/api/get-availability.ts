import { envelope } from '@myprosper/contract/common';
import { advisorAvailability } from '@myprosper/contract/slots';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookingApi, bookingKeys } from './query-keys.ts';
import { retryOnlyServerFailures } from './retry.ts';

const availabilityResponse = envelope(advisorAvailability);

/** GET getAdvisorAvailability/{advisorId}: the mentor's truly free hours (bookableSlots), platform time zone. */
export async function getAvailability(advisorId: number, signal?: AbortSignal) {
  const body = await apiRequest(`${bookingApi}/getAdvisorAvailability/${advisorId}`, availabilityResponse, {
    signal,
  });
  return body.data;
}

/** Always refetched on mount: free hours change as people book. */
export function useAdvisorAvailability(advisorId: number | null) {
  return useQuery({
    queryKey: bookingKeys.availability(advisorId ?? 0),
    queryFn: ({ signal }) => getAvailability(advisorId ?? 0, signal),
    enabled: advisorId !== null,
    staleTime: 0,
    retry: retryOnlyServerFailures,
  });
}
