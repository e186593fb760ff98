import { resendEmailLinkResponse } from '@myprosper/contract/verification';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /myprosper/auth/resendEmailLink — a new link to the signed-in person's unconfirmed address. */
export function resendEmailLink() {
  return apiRequest('/myprosper/auth/resendEmailLink', resendEmailLinkResponse, { method: 'POST' });
}

export function useResendEmailLink() {
  return useMutation({ mutationFn: resendEmailLink });
}
