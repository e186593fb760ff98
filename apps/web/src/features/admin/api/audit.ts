import { type AuditQuery, auditResponse } from '@myprosper/contract/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminUrl } from './admin-url.ts';

/** GET /myprosper/api/admin/audit */
export function useAuditLog(query: AuditQuery) {
  return useQuery({
    queryKey: ['admin', 'audit', query],
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl('audit', query), auditResponse, { signal })).data,
    placeholderData: keepPreviousData,
  });
}
