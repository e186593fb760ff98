import { adminInsightsResponse, type InsightsQuery } from '@myprosper/contract/admin-insights';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminUrl } from './admin-url.ts';

/** GET /myprosper/api/admin/insights?from&to */
export function useInsights(query: InsightsQuery) {
  return useQuery({
    queryKey: ['admin', 'insights', query],
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl('insights', query), adminInsightsResponse, { signal })).data,
    placeholderData: keepPreviousData,
  });
}
