import {
  type AdminUserQuery,
  adminUserDetailsResponse,
  adminUserPageResponse,
  type SuspendUserRequest,
  suspendUserResponse,
} from '@myprosper/contract/admin-people';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminUrl } from './admin-url.ts';

const usersKey = ['admin', 'users'] as const;

/** GET /myprosper/api/admin/users?role&query&status&page */
export function useUsers(query: AdminUserQuery) {
  return useQuery({
    queryKey: [...usersKey, 'list', query],
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl('users', query), adminUserPageResponse, { signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /myprosper/api/admin/users/{id} */
export function useUser(id: number) {
  return useQuery({
    queryKey: [...usersKey, 'one', id],
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl(`users/${id}`), adminUserDetailsResponse, { signal })).data,
  });
}

/** POST /myprosper/api/admin/users/{id}/suspend or /reactivate */
export function useChangeUserStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { suspend: true; body: SuspendUserRequest } | { suspend: false }) =>
      apiRequest(adminUrl(`users/${id}/${change.suspend ? 'suspend' : 'reactivate'}`), suspendUserResponse, {
        method: 'POST',
        body: change.suspend ? change.body : {},
      }),
    onSuccess: (answer) => queryClient.setQueryData([...usersKey, 'one', id], answer.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
