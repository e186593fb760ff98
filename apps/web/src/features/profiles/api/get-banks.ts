import { banksResponse } from '@myprosper/contract/advisor-settings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeys, profilesApi } from './profiles-api.ts';

/** GET getBanks: banks licensed in Kenya. */
export async function getBanks(signal?: AbortSignal) {
  const body = await apiRequest(`${profilesApi}/getBanks`, banksResponse, { signal });
  return body.data.map((bank) => bank.name);
}

export function useBanks() {
  return useQuery({
    queryKey: profileKeys.banks,
    queryFn: ({ signal }) => getBanks(signal),
    staleTime: 60 * 60_000,
  });
}
