import { sessionJournalResponse } from '@myprosper/contract/journal';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { journalApi, journalKeys } from './query-keys.ts';

/** GET sessions/{id}/journal: the session's notes and action items, as far as the caller reads them. */
export async function getSessionJournal(sessionId: number, signal?: AbortSignal) {
  const body = await apiRequest(`${journalApi}/sessions/${sessionId}/journal`, sessionJournalResponse, {
    signal,
  });
  return body.data;
}

export function useSessionJournal(sessionId: number) {
  return useQuery({
    queryKey: journalKeys.session(sessionId),
    queryFn: ({ signal }) => getSessionJournal(sessionId, signal),
    staleTime: 15_000,
  });
}
