import {
  adminProgramResponse,
  adminProgramsResponse,
  type ProgramRequest,
} from '@myprosper/contract/admin-catalogue';
import { messageOnly } from '@myprosper/contract/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminUrl } from './admin-url.ts';

const programsKey = ['admin', 'programs'] as const;

/** GET /myprosper/api/admin/programs */
export function usePrograms() {
  return useQuery({
    queryKey: programsKey,
    queryFn: async ({ signal }) =>
      (await apiRequest(adminUrl('programs'), adminProgramsResponse, { signal })).data,
  });
}

/** Every change of programs: the list is fetched again after each (and the public lists expire on their own). */
export function useProgramMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: programsKey });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id: number | null; body: ProgramRequest }) =>
        apiRequest(adminUrl(id === null ? 'programs' : `programs/${id}`), adminProgramResponse, {
          method: id === null ? 'POST' : 'PUT',
          body,
        }),
      onSettled,
    }),
    setLive: useMutation({
      mutationFn: ({ id, isLive }: { id: number; isLive: boolean }) =>
        apiRequest(adminUrl(`programs/${id}/live`), adminProgramResponse, {
          method: 'PUT',
          body: { isLive },
        }),
      onSettled,
    }),
    order: useMutation({
      mutationFn: (ids: number[]) =>
        apiRequest(adminUrl('programs/order'), adminProgramsResponse, { method: 'PUT', body: { ids } }),
      onSettled,
    }),
    uploadImage: useMutation({
      mutationFn: ({ id, file }: { id: number; file: File }) => {
        const form = new FormData();
        form.append('file', file);
        return apiRequest(adminUrl(`programs/${id}/image`), adminProgramResponse, {
          method: 'POST',
          body: form,
        });
      },
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiRequest(adminUrl(`programs/${id}`), messageOnly, { method: 'DELETE' }),
      onSettled,
    }),
  };
}
