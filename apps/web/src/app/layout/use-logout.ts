import { useState } from 'react';
import { useNavigate } from 'react-router';
import { logout as logoutCall } from '../../features/auth/api/logout.ts';
import { useSession } from '../../lib/session.ts';

/**
 * Logout of spec 2.2: revokes the tokens on the server (best effort), clears all stored data, goes to /login.
 * A plain call rather than a query mutation: the shell, on every page, stays without the mutation machinery.
 */
export function useLogout() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  async function logout(): Promise<void> {
    setIsLoggingOut(true);
    try {
      await logoutCall();
    } catch {
      // Signed out here whatever the server said: the token is forgotten either way.
    } finally {
      setIsLoggingOut(false);
    }
    signOut();
    await navigate('/login', { replace: true });
  }

  return { logout, isLoggingOut };
}
