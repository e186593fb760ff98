import { sessionRulesAnswer } from '@myprosper/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

/** The root of the query key of the rules in force (the same for everyone, fetched once per visit). */
export const sessionRulesKey = ['session-rules'] as const;

/** GET /myprosper/api/sessionRules: the numbers the server enforces and the policy in words. */
export async function getSessionRules(signal?: AbortSignal) {
  const body = await apiRequest('/myprosper/api/sessionRules', sessionRulesAnswer, { signal });
  return body.data;
}

/** The rules in force, fetched once and kept: they change only when the server is reconfigured. */
export function useSessionRules() {
  return useQuery({
    queryKey: sessionRulesKey,
    queryFn: ({ signal }) => getSessionRules(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
