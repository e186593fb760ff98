import {
  type TwoStepCodeRequest,
  type TwoStepConfirmRequest,
  type TwoStepDisableRequest,
  type TwoStepRecoveryRequest,
  type TwoStepSetupRequest,
  twoStepCodeResponse,
  twoStepConfirmResponse,
  twoStepDisableResponse,
  twoStepRecoveryResponse,
  twoStepSetupResponse,
  twoStepStatusResponse,
} from '@myprosper/contract/two-step';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const base = '/myprosper/auth/twoStep';
export const twoStepQueryKey = ['auth', 'twoStep'] as const;

/** POST /myprosper/auth/authenticate/code — the code step of a log-in; a 401 is a wrong code, not a stale token. */
export function sendTwoStepCode(body: TwoStepCodeRequest) {
  return apiRequest('/myprosper/auth/authenticate/code', twoStepCodeResponse, {
    method: 'POST',
    body,
    skipUnauthorized: true,
    refreshOnExpiry: false,
  });
}

export function useSendTwoStepCode() {
  return useMutation({ mutationFn: sendTwoStepCode });
}

/** GET /myprosper/auth/twoStep — whether it is on, and how many recovery codes are left. */
export function useTwoStepStatus() {
  return useQuery({
    queryKey: twoStepQueryKey,
    queryFn: async ({ signal }) => (await apiRequest(base, twoStepStatusResponse, { signal })).data,
  });
}

/** POST …/setup — the password gets a new key for the authenticator app. */
export function useSetUpTwoStep() {
  return useMutation({
    mutationFn: async (body: TwoStepSetupRequest) =>
      (await apiRequest(`${base}/setup`, twoStepSetupResponse, { method: 'POST', body })).data,
  });
}

/** POST …/confirm — the password and a first code turn it on; answers the recovery codes. */
export function useConfirmTwoStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TwoStepConfirmRequest) =>
      (await apiRequest(`${base}/confirm`, twoStepConfirmResponse, { method: 'POST', body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoStepQueryKey }),
  });
}

/** POST …/disable — the password and a code turn it off. */
export function useDisableTwoStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoStepDisableRequest) =>
      apiRequest(`${base}/disable`, twoStepDisableResponse, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoStepQueryKey }),
  });
}

/**
 * POST …/recovery — with the reset link e-mailed to them, an owner who cannot give a code asks an admin to turn
 * two-step sign-in off.
 */
export function requestTwoStepRecovery(body: TwoStepRecoveryRequest) {
  return apiRequest(`${base}/recovery`, twoStepRecoveryResponse, { method: 'POST', body });
}

export function useRequestTwoStepRecovery() {
  return useMutation({ mutationFn: requestTwoStepRecovery });
}
