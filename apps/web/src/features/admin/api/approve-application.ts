import { reviewApplicationResponse } from '@myprosper/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { applicationsQueryKey } from './get-applications.ts';

/** POST /myprosper/api/admin/applications/{id}/approve — the mentor can log in and is listed publicly. */
export function approveApplication(id: number) {
  return apiRequest(`/myprosper/api/admin/applications/${id}/approve`, reviewApplicationResponse, {
    method: 'POST',
    body: {},
  });
}

export function useApproveApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveApplication,
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationsQueryKey }),
  });
}
