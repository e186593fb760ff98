import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { storage, storageKeys } from '../../lib/storage.ts';

/** What the shell does once the token check has settled (spec 4). */
export function StartupEffects() {
  const { user } = useSession();

  // A stored pending message (e.g. left before a redirect) is shown once and cleared.
  useEffect(() => {
    const message = storage.get(storageKeys.localMessage);
    if (!message) return;
    storage.remove(storageKeys.localMessage);
    notify.info(message);
  }, []);

  // Spec 4: a stored pending invitation is accepted for the signed-in user and cleared, on startup and after
  // a sign-in (log-in or sign-up) without a reload: the session's user changes either way. A person who just
  // signed up proves their phone first: the invitation stays stored and is accepted on the next page.
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  useEffect(() => {
    // The invitation code (and the phone rules it brings) loads only when an invitation is waiting.
    // Not on the verify screen itself: the phone is not proven yet there.
    if (!user || pathname === paths.verifyPhone || !storage.get(storageKeys.invitationSessionId)) return;
    void import('../../features/invitations/lib/pending-invitation.ts').then(({ acceptPendingInvitation }) =>
      acceptPendingInvitation(user, queryClient),
    );
  }, [user, queryClient, pathname]);

  return null;
}
