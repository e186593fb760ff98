import { mentorApplicationsResponse } from '@myprosper/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const applicationsQueryKey = ['admin', 'applications'] as const;

/** GET /myprosper/api/admin/applications — pending mentor applications, oldest first (admins only). */
export async function getApplications(signal?: AbortSignal) {
  const body = await apiRequest('/myprosper/api/admin/applications', mentorApplicationsResponse, { signal });
  return body.data;
}

export function applicationsQueryOptions() {
  return queryOptions({
    queryKey: applicationsQueryKey,
    queryFn: ({ signal }) => getApplications(signal),
  });
}

export function useApplications() {
  return useQuery(applicationsQueryOptions());
}
