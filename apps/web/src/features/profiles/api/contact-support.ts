import { type ContactSupportRequest, contactSupportResponse } from '@myprosper/contract/profiles';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profilesApi } from './profiles-api.ts';

/** POST contactSupport {name, email, message} — open to anyone; answers the server's thank-you text. */
export function contactSupport(body: ContactSupportRequest) {
  return apiRequest(`${profilesApi}/contactSupport`, contactSupportResponse, { method: 'POST', body });
}

export function useContactSupport() {
  return useMutation({ mutationFn: contactSupport });
}
