import { actionItemResponse, journalMessageResponse } from '@myprosper/contract/journal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { journalApi, journalKeys } from './query-keys.ts';

/** PUT actionItems/{itemId}: its mentee ticks it done, or not done. */
export function tickActionItem({ itemId, done }: { itemId: number; done: boolean }) {
  return apiRequest(`${journalApi}/actionItems/${itemId}`, actionItemResponse, {
    method: 'PUT',
    body: { done },
  });
}

/** DELETE actionItems/{itemId}: the session's mentor removes it. */
export function removeActionItem(itemId: number) {
  return apiRequest(`${journalApi}/actionItems/${itemId}`, journalMessageResponse, { method: 'DELETE' });
}

export function useTickActionItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: tickActionItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalKeys.all }),
  });
}

export function useRemoveActionItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeActionItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalKeys.all }),
  });
}
