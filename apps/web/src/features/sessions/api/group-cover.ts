import { groupCoverResponse, payGroupCoverResponse } from '@myprosper/contract/group-cover';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionKeys, sessionsApi } from './query-keys.ts';

/** GET groupCover/{id}: whether a group's price is covered, or what its host must add to keep it. */
export async function getGroupCover(sessionId: number, signal?: AbortSignal) {
  const body = await apiRequest(`${sessionsApi}/groupCover/${sessionId}`, groupCoverResponse, { signal });
  return body.data;
}

export function useGroupCover(sessionId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...sessionKeys.detail(sessionId), 'group-cover'] as const,
    queryFn: ({ signal }) => getGroupCover(sessionId, signal),
    enabled,
    staleTime: 0,
  });
}

/** POST payGroupCover: the host pays the difference from their wallet. */
export function payGroupCover(sessionId: number) {
  return apiRequest(`${sessionsApi}/payGroupCover`, payGroupCoverResponse, {
    method: 'POST',
    body: { sessionId },
  });
}

export function usePayGroupCover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payGroupCover,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}
