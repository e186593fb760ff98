import { type AcceptInvitationRequest, acceptInvitationResponse } from '@myprosper/contract/invitations';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invitationsApi, sessionsRootKey } from './query-keys.ts';

/** POST acceptInvitation: the caller accepts the invitation sent to their phone; answers the server's message. */
export async function acceptInvitation(body: AcceptInvitationRequest): Promise<string> {
  const response = await apiRequest(`${invitationsApi}/acceptInvitation`, acceptInvitationResponse, {
    method: 'POST',
    body,
  });
  return response.message;
}

const pending = new Map<string, Promise<string>>();

/**
 * Accepts one invitation once per person and session, however many screens ask at the same moment (right
 * after log-in both the startup hook and the invitation page do). `isFirst` tells the caller whether it
 * started the request, and so whether it is the one to show the outcome. A failure may be asked again later.
 */
export function acceptInvitationOnce(
  queryClient: QueryClient,
  body: { adviseeId: number; sessionId: number },
): { result: Promise<string>; isFirst: boolean } {
  const key = `${body.adviseeId}:${body.sessionId}`;
  const existing = pending.get(key);
  if (existing) return { result: existing, isFirst: false };
  const result = acceptInvitation(body).then(async (message) => {
    await queryClient.invalidateQueries({ queryKey: sessionsRootKey });
    return message;
  });
  pending.set(key, result);
  result.catch(() => pending.delete(key));
  return { result, isFirst: true };
}
