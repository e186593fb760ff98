import { liveTopicsResponse } from '@myprosper/contract/catalogue';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileKeys, profilesApi } from './profiles-api.ts';

/** GET getLiveTopics: the programs a mentor may pick as their topics. */
export async function getLiveTopics(signal?: AbortSignal) {
  const body = await apiRequest(`${profilesApi}/getLiveTopics`, liveTopicsResponse, { signal });
  return body.data;
}

export function useLiveTopics() {
  return useQuery({
    queryKey: profileKeys.liveTopics,
    queryFn: ({ signal }) => getLiveTopics(signal),
    staleTime: 10 * 60_000,
  });
}
