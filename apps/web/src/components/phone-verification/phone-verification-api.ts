import {
  phoneCodeSentResponse,
  phoneProofResponse,
  phoneStatusResponse,
} from '@myprosper/contract/verification';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * The phone verification calls (features/verification on the API), shared by sign-up's verify screen, the
 * profile's phone change, the booking page's notice and the mentor application's phone step.
 */
export const phoneStatusKey = ['auth', 'phone'] as const;

/** GET /myprosper/auth/phone: the caller's number and whether it is verified. */
export function getPhoneStatus() {
  return apiRequest('/myprosper/auth/phone', phoneStatusResponse);
}

export function usePhoneStatus(enabled = true) {
  return useQuery({ queryKey: phoneStatusKey, queryFn: getPhoneStatus, enabled });
}

/** POST /myprosper/auth/phone/sendCode: to the account's own number, or (phoneNumber) to a new one. */
export function sendOwnCode(phoneNumber?: string) {
  return apiRequest('/myprosper/auth/phone/sendCode', phoneCodeSentResponse, {
    method: 'POST',
    body: phoneNumber ? { phoneNumber } : {},
  });
}

/** POST /myprosper/auth/phone/verify */
export function verifyOwnCode(code: string, phoneNumber?: string) {
  return apiRequest('/myprosper/auth/phone/verify', phoneStatusResponse, {
    method: 'POST',
    body: phoneNumber ? { code, phoneNumber } : { code },
  });
}

/** POST /myprosper/auth/application/phone/sendCode (no account yet). */
export function sendApplicationCode(phoneNumber: string) {
  return apiRequest('/myprosper/auth/application/phone/sendCode', phoneCodeSentResponse, {
    method: 'POST',
    body: { phoneNumber },
    skipUnauthorized: true,
  });
}

/** POST /myprosper/auth/application/phone/verify: answers the proof the application carries. */
export function verifyApplicationCode(phoneNumber: string, code: string) {
  return apiRequest('/myprosper/auth/application/phone/verify', phoneProofResponse, {
    method: 'POST',
    body: { phoneNumber, code },
    skipUnauthorized: true,
  });
}
