import { adviseeDetailsResponse } from '@myprosper/contract/profiles';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { bookingApi, bookingKeys } from './query-keys.ts';

/** GET getAdviseeDetails/{id}: only the booker's own phone, so a group cannot list it as another attendee. */
export async function getOwnPhone(userId: number, signal?: AbortSignal) {
  const body = await apiRequest(`${bookingApi}/getAdviseeDetails/${userId}`, adviseeDetailsResponse, {
    signal,
  });
  return body.data.phoneNumber;
}

/** Null when unknown: the server checks the rule again anyway. */
export function useOwnPhone(userId: number | null) {
  return useQuery({
    queryKey: bookingKeys.ownPhone(userId ?? 0),
    queryFn: ({ signal }) => getOwnPhone(userId ?? 0, signal),
    enabled: userId !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
