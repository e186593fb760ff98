import { endSignInResponse, signInsResponse } from '@myprosper/contract/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

const signInsPath = '/myprosper/auth/signIns';
export const signInsQueryKey = ['auth', 'signIns'] as const;

/** GET /myprosper/auth/signIns — the signed-in person's devices, this one first (marked current). */
export async function getSignIns(signal?: AbortSignal) {
  const body = await apiRequest(signInsPath, signInsResponse, { signal });
  return body.data;
}

export function useSignIns() {
  return useQuery({
    queryKey: signInsQueryKey,
    queryFn: ({ signal }) => getSignIns(signal),
    // A 4xx would answer the same again; a network or server failure is worth one more try.
    retry: (failures, error) =>
      !(error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500) && failures < 1,
  });
}

/** DELETE /myprosper/auth/signIns/{signInId} — signs that device out: its next call is refused. */
export function endSignIn(signInId: string) {
  return apiRequest(`${signInsPath}/${encodeURIComponent(signInId)}`, endSignInResponse, {
    method: 'DELETE',
  });
}

export function useEndSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSignIn,
    // Ended or already gone (404): either way the list is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: signInsQueryKey }),
  });
}
