import { journalMessageResponse, type SaveNotesRequest } from '@myprosper/contract/journal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { journalApi, journalKeys } from './query-keys.ts';

/** PUT sessions/{id}/notes: the caller's notes on the session (empty removes them). */
export function saveNotes({ sessionId, ...body }: SaveNotesRequest & { sessionId: number }) {
  return apiRequest(`${journalApi}/sessions/${sessionId}/notes`, journalMessageResponse, {
    method: 'PUT',
    body,
  });
}

export function useSaveNotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalKeys.all }),
  });
}
