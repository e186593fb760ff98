import type { AuthenticateResponse } from '@myprosper/contract/auth';
import type { Role } from '@myprosper/contract/common';
import { createContext, useContext } from 'react';
import { storage, storageKeys } from './storage.ts';

/** The signed-in person, as the token check or the login answered. */
export interface SessionUser {
  userId: number;
  /** The login name (the e-mail); empty when the session began without one (e.g. right after sign-up). */
  username: string;
  fullName: string;
  role: Role;
}

/** Screens only ever see a settled status: the shell shows a loader or the network screen before that. */
export type SessionStatus = 'signed-in' | 'signed-out';

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  isSignedIn: boolean;
  /** The role decision of the spec (6): ADVISOR gets the advisor screens, every other role the advisee ones. */
  isAdvisor: boolean;
  /** Stores the login answer (token, user id, full name, role) and marks the session signed in. */
  signIn(response: AuthenticateResponse, username?: string): void;
  /** Clears every stored key and cached answer; the caller decides where to go (usually /login). */
  signOut(): void;
  /** True once a signed-in call answered 401: the shell shows the session-expired dialog. */
  isExpired: boolean;
}

export const SessionContext = createContext<Session | null>(null);

/** The auth status of the spec, available to every screen. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside the SessionProvider');
  return session;
}

export function storeUser(user: SessionUser): void {
  storage.set(storageKeys.userId, String(user.userId));
  storage.set(storageKeys.username, user.username);
  storage.set(storageKeys.fullName, user.fullName);
  storage.set(storageKeys.userRole, user.role);
}

/** Forgets the token and who it belonged to (a token the server refused), keeping everything else. */
export function clearStoredSession(): void {
  for (const key of [
    storageKeys.token,
    storageKeys.userId,
    storageKeys.username,
    storageKeys.fullName,
    storageKeys.userRole,
  ]) {
    storage.remove(key);
  }
}
