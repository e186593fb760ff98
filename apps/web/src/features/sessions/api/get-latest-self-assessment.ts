import { latestSelfAssessmentResponse } from '@myprosper/contract/assessment';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionsApi } from './query-keys.ts';

/**
 * GET selfAssessments/latest/{adviseeId}: the advisee's newest self assessment, or null ('No self assessment
 * yet'). Readable by the advisee, admins, and mentors with a session with them.
 */
export async function getLatestSelfAssessment(adviseeId: number, signal?: AbortSignal) {
  const body = await apiRequest(
    `${sessionsApi}/selfAssessments/latest/${adviseeId}`,
    latestSelfAssessmentResponse,
    {
      signal,
    },
  );
  return body.data;
}

export function useLatestSelfAssessment(adviseeId: number) {
  return useQuery({
    queryKey: ['selfAssessments', 'latest', adviseeId] as const,
    queryFn: ({ signal }) => getLatestSelfAssessment(adviseeId, signal),
    staleTime: 60_000,
    retry: false,
  });
}
