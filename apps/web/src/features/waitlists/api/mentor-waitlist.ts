import { envelope } from '@myprosper/contract/common';
import { mentorWaitlistStatus } from '@myprosper/contract/waitlists';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const waitlistsApi = '/myprosper/api/waitlists';
const statusResponse = envelope(mentorWaitlistStatus);

export const waitlistKeys = {
  mentor: (advisorId: number) => ['waitlists', 'mentor', advisorId] as const,
};

/** GET waitlists/mentors/{advisorId}: whether the mentor is full and where the caller stands. */
export async function getMentorWaitlist(advisorId: number, signal?: AbortSignal) {
  return (await apiRequest(`${waitlistsApi}/mentors/${advisorId}`, statusResponse, { signal })).data;
}

/**
 * Refetched on mount and every half minute while the person is on the list: a freed hour held for them shows
 * without a reload.
 */
export function useMentorWaitlist(advisorId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: waitlistKeys.mentor(advisorId ?? 0),
    queryFn: ({ signal }) => getMentorWaitlist(advisorId ?? 0, signal),
    enabled: enabled && advisorId !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.entry ? 30_000 : false),
  });
}

/** POST (join) or DELETE (leave) waitlists/mentors/{advisorId}; answers the new standing and the message. */
export function useChangeWaitlist(advisorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: 'join' | 'leave') => {
      const response = await apiRequest(`${waitlistsApi}/mentors/${advisorId}`, statusResponse, {
        method: change === 'join' ? 'POST' : 'DELETE',
      });
      return { status: response.data, message: response.message };
    },
    onSuccess: ({ status }) => queryClient.setQueryData(waitlistKeys.mentor(advisorId), status),
    onError: () => queryClient.invalidateQueries({ queryKey: waitlistKeys.mentor(advisorId) }),
  });
}
