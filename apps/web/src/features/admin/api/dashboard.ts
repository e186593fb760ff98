import { adminDashboardResponse } from '@myprosper/contract/admin-insights';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminUrl } from './admin-url.ts';

/** GET /myprosper/api/admin/dashboard */
export function useDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl('dashboard'), adminDashboardResponse, { signal })).data,
  });
}
