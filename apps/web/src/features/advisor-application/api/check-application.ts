import {
  type ApplicationCheckRequest,
  applicationCheckResponse,
} from '@myprosper/contract/advisor-application';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /myprosper/auth/application/check: step 1's e-mail, phone and password, checked by the server before
 * anything is uploaded (issue 27). Refusals arrive as ApiError with the server's message.
 */
export function checkApplication(request: ApplicationCheckRequest) {
  return apiRequest('/myprosper/auth/application/check', applicationCheckResponse, {
    method: 'POST',
    body: request,
  });
}
