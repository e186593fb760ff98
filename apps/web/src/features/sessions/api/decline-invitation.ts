import {
  type DeclineInvitationRequest,
  declineInvitationResponse,
  invitationMessages,
} from '@myprosper/contract/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { errorMessage, notify } from '../../../lib/notify.ts';
import { sessionKeys, sessionsApi } from './query-keys.ts';

/** POST declineInvitation: the signed-in person invited by their verified phone says no (the host is told). */
export function declineInvitation(body: DeclineInvitationRequest) {
  return apiRequest(`${sessionsApi}/declineInvitation`, declineInvitationResponse, { method: 'POST', body });
}

export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineInvitation,
    onSuccess: (body) => {
      notify.success(body.message || invitationMessages.declined);
      return queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}
