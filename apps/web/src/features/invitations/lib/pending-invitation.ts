import { verificationMessages } from '@myprosper/contract/verification';
import type { QueryClient } from '@tanstack/react-query';
import { errorMessage, notify } from '../../../lib/notify.ts';
import type { SessionUser } from '../../../lib/session.ts';
import { storage, storageKeys } from '../../../lib/storage.ts';
import { acceptInvitationOnce } from '../api/accept-invitation.ts';

/** Remembers an invitation to accept once the person has signed in (or signed up). */
export function storePendingInvitation(sessionId: number): void {
  storage.set(storageKeys.invitationSessionId, String(sessionId));
}

/**
 * Spec 4: a stored pending invitation is accepted for the signed-in user and cleared, on startup, after every
 * sign-in and once the person's phone is verified (an unverified phone keeps it stored). Success shows 'Session invitation accepted successfully'; a refusal shows the server's
 * message (the key is cleared either way).
 */
export async function acceptPendingInvitation(user: SessionUser, queryClient: QueryClient): Promise<void> {
  const stored = storage.get(storageKeys.invitationSessionId);
  if (!stored) return;
  storage.remove(storageKeys.invitationSessionId);
  const sessionId = Number(stored);
  if (!Number.isInteger(sessionId) || sessionId <= 0) return;
  const { result, isFirst } = acceptInvitationOnce(queryClient, { adviseeId: user.userId, sessionId });
  try {
    const message = await result;
    if (isFirst) notify.success(message);
  } catch (failure) {
    const message = errorMessage(failure);
    // Just signed up: the phone is proven first (the verify screen), then the invitation is accepted.
    if (message === verificationMessages.phoneNotVerified) {
      storePendingInvitation(sessionId);
      return;
    }
    if (isFirst) notify.error(message);
  }
}
