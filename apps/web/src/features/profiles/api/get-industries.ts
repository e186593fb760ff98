import { industriesResponse } from '@myprosper/contract/catalogue';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeys, profilesApi } from './profiles-api.ts';

/** GET getIndustries: the choices of the profile's industry field. */
export async function getIndustries(signal?: AbortSignal) {
  const body = await apiRequest(`${profilesApi}/getIndustries`, industriesResponse, { signal });
  return body.data;
}

export function useIndustries() {
  return useQuery({
    queryKey: profileKeys.industries,
    queryFn: ({ signal }) => getIndustries(signal),
    staleTime: 10 * 60_000,
  });
}
