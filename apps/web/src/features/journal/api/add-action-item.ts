import { type AddActionItemRequest, actionItemResponse } from '@myprosper/contract/journal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { journalApi, journalKeys } from './query-keys.ts';

/** POST sessions/{id}/actionItems: the mentor gives an attendee (or each attendee) an action item. */
export function addActionItem({ sessionId, ...body }: AddActionItemRequest & { sessionId: number }) {
  return apiRequest(`${journalApi}/sessions/${sessionId}/actionItems`, actionItemResponse, {
    method: 'POST',
    body,
  });
}

export function useAddActionItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addActionItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalKeys.all }),
  });
}
