import { registerAdvisorResponse } from '@myprosper/contract/advisor-application';
import { isSuccessStatus } from '@myprosper/contract/common';
import { messages } from '@myprosper/contract/messages';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';

export interface RegisterAdvisorInput {
  form: FormData;
  /** The share of the request sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * POST /myprosper/auth/registerAdvisor — the whole application as ONE multipart request (profilePic, video and
 * every field). Sent with XMLHttpRequest because fetch cannot report upload progress; failures become the
 * same ApiError as every other call.
 */
export function registerAdvisor({ form, onProgress }: RegisterAdvisorInput) {
  return new Promise<ReturnType<typeof registerAdvisorResponse.parse>>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/myprosper/auth/registerAdvisor');
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(messages.noInternet, 0, true));
    request.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(request.responseText);
      } catch {
        json = null;
      }
      const envelope = (json ?? {}) as { statusCode?: number; message?: string };
      const statusCode = typeof envelope.statusCode === 'number' ? envelope.statusCode : request.status;
      const isOk = request.status >= 200 && request.status < 300;
      if (!isOk || !isSuccessStatus(statusCode)) {
        reject(
          new ApiError(
            envelope.message || messages.genericError,
            isOk ? statusCode : request.status,
            false,
            Boolean(envelope.message),
          ),
        );
        return;
      }
      const parsed = registerAdvisorResponse.safeParse(json);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError(messages.genericError, request.status));
    };
    request.send(form);
  });
}

export function useRegisterAdvisor() {
  return useMutation({ mutationFn: registerAdvisor });
}
