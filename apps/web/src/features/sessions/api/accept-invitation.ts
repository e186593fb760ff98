import {
  type AcceptInvitationRequest,
  acceptInvitationResponse,
  invitationMessages,
} from '@myprosper/contract/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { sessionKeys, sessionsApi } from './query-keys.ts';

/** POST acceptInvitation: the signed-in attendee joins the group session they were invited to. */
export function acceptInvitation(body: AcceptInvitationRequest) {
  return apiRequest(`${sessionsApi}/acceptInvitation`, acceptInvitationResponse, { method: 'POST', body });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    // Told here, not by the caller: reloading the session closes the dialog that started it (spec 4).
    onSuccess: (body) => {
      notify.success(body.message || invitationMessages.accepted);
      return queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}
