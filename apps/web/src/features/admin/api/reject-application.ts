import { type RejectApplicationRequest, reviewApplicationResponse } from '@myprosper/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { applicationsQueryKey } from './get-applications.ts';

/** POST /myprosper/api/admin/applications/{id}/reject — the reason is e-mailed to the applicant. */
export function rejectApplication({ id, ...body }: RejectApplicationRequest & { id: number }) {
  return apiRequest(`/myprosper/api/admin/applications/${id}/reject`, reviewApplicationResponse, {
    method: 'POST',
    body,
  });
}

export function useRejectApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectApplication,
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationsQueryKey }),
  });
}
