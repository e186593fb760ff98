import { type SelfAssessmentRequest, selfAssessmentResponse } from '@myprosper/contract/assessment';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /myprosper/api/selfAssessment — every submission is kept; 'Self assessment submitted successfully'. */
export function submitSelfAssessment(body: SelfAssessmentRequest) {
  return apiRequest('/myprosper/api/selfAssessment', selfAssessmentResponse, { method: 'POST', body });
}

export function useSubmitSelfAssessment() {
  return useMutation({ mutationFn: submitSelfAssessment });
}
