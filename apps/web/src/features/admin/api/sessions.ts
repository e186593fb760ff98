import {
  type AdminNoShowRequest,
  type AdminSessionQuery,
  adminCancelSessionResponse,
  adminNoShowResponse,
  adminSessionDetailsResponse,
  adminSessionPageResponse,
} from '@myprosper/contract/admin-money';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminUrl } from './admin-url.ts';

const sessionsKey = ['admin', 'sessions'] as const;

/** GET /myprosper/api/admin/sessions?person&mentor&from&to&status&page */
export function useAdminSessions(query: AdminSessionQuery) {
  return useQuery({
    queryKey: [...sessionsKey, 'list', query],
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl('sessions', query), adminSessionPageResponse, { signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /myprosper/api/admin/sessions/{id} */
export function useAdminSession(id: number) {
  return useQuery({
    queryKey: [...sessionsKey, 'one', id],
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl(`sessions/${id}`), adminSessionDetailsResponse, { signal })).data,
  });
}

export function useSessionMutations(id: number) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: ['admin'] });
  return {
    cancel: useMutation({
      mutationFn: (reason: string) =>
        apiRequest(adminUrl(`sessions/${id}/cancel`), adminCancelSessionResponse, {
          method: 'POST',
          body: { reason },
        }),
      onSettled,
    }),
    noShows: useMutation({
      mutationFn: (body: AdminNoShowRequest) =>
        apiRequest(adminUrl(`sessions/${id}/no-shows`), adminNoShowResponse, { method: 'PUT', body }),
      onSettled,
    }),
  };
}
