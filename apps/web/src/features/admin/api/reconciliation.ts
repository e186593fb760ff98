import {
  reconciliationItemResponse,
  reconciliationOverviewResponse,
  reconciliationRunResponse,
  type StatementImportRequest,
  statementImportResponse,
} from '@myprosper/contract/reconciliation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminUrl } from './admin-url.ts';

const reconciliationKey = ['admin', 'reconciliation'] as const;

/** GET /myprosper/api/admin/reconciliation?status: runs, items of that status, statement imports. */
export function useReconciliation(status: 'OPEN' | 'RESOLVED' | 'SETTLED') {
  return useQuery({
    queryKey: [...reconciliationKey, status],
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl('reconciliation', { status }), reconciliationOverviewResponse, { signal }))
        .data,
  });
}

/** GET /myprosper/api/admin/mpesaStatements/:id */
export function useStatementImport(id: number | null) {
  return useQuery({
    queryKey: [...reconciliationKey, 'import', id],
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl(`mpesaStatements/${id}`), statementImportResponse, { signal })).data,
  });
}

function useReconciliationMutation<T, R extends { message: string }>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** POST /myprosper/api/admin/reconciliation/runs */
export function useRunReconciliation() {
  return useReconciliationMutation(() =>
    apiRequest(adminUrl('reconciliation/runs'), reconciliationRunResponse, { method: 'POST', body: {} }),
  );
}

/** POST /myprosper/api/admin/reconciliation/items/:id/recheck */
export function useRecheckItem() {
  return useReconciliationMutation((id: number) =>
    apiRequest(adminUrl(`reconciliation/items/${id}/recheck`), reconciliationItemResponse, {
      method: 'POST',
      body: {},
    }),
  );
}

/** POST /myprosper/api/admin/reconciliation/items/:id/resolve */
export function useResolveItem() {
  return useReconciliationMutation(({ id, note }: { id: number; note: string }) =>
    apiRequest(adminUrl(`reconciliation/items/${id}/resolve`), reconciliationItemResponse, {
      method: 'POST',
      body: { note },
    }),
  );
}

/** POST /myprosper/api/admin/mpesaStatements: the CSV's text. */
export function useImportStatement() {
  return useReconciliationMutation((body: StatementImportRequest) =>
    apiRequest(adminUrl('mpesaStatements'), statementImportResponse, { method: 'POST', body }),
  );
}
