import { twoStepRecoveriesResponse, twoStepRecoveryDecisionResponse } from '@myprosper/contract/two-step';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminUrl } from './admin-url.ts';

const queryKey = ['admin', 'twoStepRecoveries'] as const;

/** GET /myprosper/api/admin/twoStepRecoveries — requests waiting for a decision, oldest first. */
export function useTwoStepRecoveries() {
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl('twoStepRecoveries'), twoStepRecoveriesResponse, { signal })).data,
  });
}

/** POST …/twoStepRecoveries/{id}/approve or /refuse — audited; the owner is e-mailed either way. */
export function useDecideTwoStepRecovery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) =>
      apiRequest(
        adminUrl(`twoStepRecoveries/${id}/${approve ? 'approve' : 'refuse'}`),
        twoStepRecoveryDecisionResponse,
        { method: 'POST', body: {} },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
