import type { AuthenticateResponse } from '@myprosper/contract/auth';
import { messages } from '@myprosper/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { NetworkErrorScreen } from '../../components/network-error-screen.tsx';
import {
  sessionQueryKey,
  takeEndedAtLoad,
  useValidateToken,
} from '../../features/auth/api/validate-token.ts';
import { ApiError, onUnauthorized } from '../../lib/api-client.ts';
import { type Session, SessionContext, type SessionUser, storeUser } from '../../lib/session.ts';
import { storage, storageKeys } from '../../lib/storage.ts';

/**
 * The token check of spec 4, before any route renders: a full-page loader while it runs, the network-error
 * screen (with Try again) when the server cannot be reached, then the app with the auth status in context.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const sessionQuery = useValidateToken();
  const [isExpired, setIsExpired] = useState(false);

  useEffect(() => onUnauthorized(() => setIsExpired(true)), []);
  // A sign-in found ended by the check on load raises the same dialog as a 401 during a visit.
  const loaded = sessionQuery.isSuccess;
  useEffect(() => {
    if (loaded && takeEndedAtLoad()) setIsExpired(true);
  }, [loaded]);

  const signIn = useCallback(
    (response: AuthenticateResponse, username?: string) => {
      const user: SessionUser = {
        userId: response.userId,
        username: username ?? storage.get(storageKeys.username) ?? '',
        fullName: response.full_names,
        role: response.role,
      };
      storage.set(storageKeys.token, response.jwttoken);
      storeUser(user);
      setIsExpired(false);
      queryClient.setQueryData(sessionQueryKey, user);
    },
    [queryClient],
  );

  const signOut = useCallback(() => {
    storage.clear();
    setIsExpired(false);
    // Nothing fetched for the previous user may show to the next one.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    queryClient.setQueryData(sessionQueryKey, null);
  }, [queryClient]);

  const user = sessionQuery.data ?? null;
  const session = useMemo<Session>(
    () => ({
      status: user ? 'signed-in' : 'signed-out',
      user,
      isSignedIn: user !== null,
      isAdvisor: user?.role === 'ADVISOR',
      signIn,
      signOut,
      isExpired,
    }),
    [user, signIn, signOut, isExpired],
  );

  // When the check settles, the whole app renders: in the background (interruptible), behind the loader.
  // A check that starts again (Try again: the query goes back to pending) shows the loader at once: a
  // deferred value would first render the routes with nobody signed in, and their guards would send a
  // signed-in person to /login and on to Home.
  const checking = sessionQuery.isPending || (sessionQuery.isError && sessionQuery.isFetching);
  const settling = useDeferredValue(checking);
  const isChecking = checking || settling;
  if (isChecking) {
    return <FullPageLoader />;
  }
  if (sessionQuery.isError) {
    const error = sessionQuery.error;
    const isOffline = error instanceof ApiError && error.isNetworkError;
    return (
      <NetworkErrorScreen
        message={isOffline ? messages.networkScreen : messages.serverError}
        onRetry={() => void sessionQuery.refetch()}
      />
    );
  }
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
