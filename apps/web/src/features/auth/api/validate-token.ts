import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, lazySchema, refreshAccessToken } from '../../../lib/api-client.ts';
import { clearStoredSession, type SessionUser, storeUser } from '../../../lib/session.ts';
import { storage, storageKeys } from '../../../lib/storage.ts';

/** The auth schemas, loaded beside the token check rather than before the first page (see lazySchema). */
export const authContract = () => import('@myprosper/contract/auth');

/** POST /myprosper/auth/validateToken — who the token belongs to, or 401. */
export async function validateToken(token: string): Promise<SessionUser> {
  const { data } = await apiRequest(
    '/myprosper/auth/validateToken',
    lazySchema(authContract, 'validateTokenResponse'),
    {
      method: 'POST',
      body: { token },
      skipUnauthorized: true,
      // The token checked is the one in the body: a 401 is the answer (loadSession refreshes it itself).
      refreshOnExpiry: false,
    },
  );
  return { userId: data.userId, username: data.username, fullName: data.full_names, role: data.role };
}

/** The session lives in the query cache under this key: null when signed out. */
export const sessionQueryKey = ['session'] as const;

/** Set when the check on load found a sign-in that has ended; read once by the session provider. */
let endedAtLoad = false;

/** Whether the last check on load found a sign-in that had ended (the session-expired dialog is owed). */
export function takeEndedAtLoad(): boolean {
  const ended = endedAtLoad;
  endedAtLoad = false;
  return ended;
}

/**
 * The token check on load (spec 4): no stored token is a visitor; 200 refreshes the stored user. A refused
 * token (bearer tokens live minutes) is exchanged once for a new one with the refresh cookie and checked
 * again; when that fails too, the sign-in has ended: the token is forgotten and the session-expired dialog
 * is raised (spec 4: 'An expired session raises the session-expired dialog'). Anything else (no network, a
 * server failure) is an error the shell shows with Try again.
 */
export async function loadSession(): Promise<SessionUser | null> {
  const token = storage.get(storageKeys.token);
  if (!token) return null;
  const user = (await checkToken(token)) ?? (await checkRefreshedToken(token));
  if (!user) {
    clearStoredSession();
    endedAtLoad = true;
    return null;
  }
  storeUser(user);
  return user;
}

/** The user of a token, or null when the server refuses it (401 or 403). */
async function checkToken(token: string): Promise<SessionUser | null> {
  try {
    return await validateToken(token);
  } catch (error) {
    if (error instanceof ApiError && (error.statusCode === 401 || error.statusCode === 403)) return null;
    throw error;
  }
}

async function checkRefreshedToken(staleToken: string): Promise<SessionUser | null> {
  const fresh = await refreshAccessToken(staleToken);
  return fresh ? checkToken(fresh) : null;
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: loadSession,
  // Without a stored token the answer is known at once: a visitor, with no loading state to render first.
  initialData: () => (storage.get(storageKeys.token) ? undefined : null),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});

export function useValidateToken() {
  return useQuery(sessionQueryOptions);
}
