import { isSuccessStatus } from '@myprosper/contract/common';
import { messages } from '@myprosper/contract/messages';
import { type UploadFileType, uploadFileResponse } from '@myprosper/contract/uploads';
import { ApiError, reportUnauthorized, sendWithSession } from '../../../lib/api-client.ts';
import { profilesApi } from './profiles-api.ts';

export interface UploadOptions {
  /** Called as the bytes go out: 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST uploadFile (multipart: fileType, then file) — the message is the stored file's URL. Sent with
 * XMLHttpRequest, which reports upload progress (fetch does not), and read like every other answer.
 */
export async function uploadFile(
  file: File,
  fileType: UploadFileType,
  options: UploadOptions = {},
): Promise<{ url: string; message: string }> {
  const form = new FormData();
  // The server reads fields in order: the type must come before the file it describes.
  form.append('fileType', fileType);
  form.append('file', file, file.name);
  // Sent again with a refreshed bearer token when the first one has expired.
  const { response: request, token } = await sendWithSession((bearer) => send(form, bearer, options));

  let json: unknown = null;
  try {
    json = JSON.parse(request.responseText);
  } catch {
    json = null;
  }
  const envelope = (json ?? {}) as { statusCode?: number; message?: string };
  const statusCode = typeof envelope.statusCode === 'number' ? envelope.statusCode : request.status;
  const isHttpOk = request.status >= 200 && request.status < 300;
  if (!isHttpOk || !isSuccessStatus(statusCode)) {
    const error = new ApiError(
      envelope.message || messages.genericError,
      isHttpOk ? statusCode : request.status,
      false,
      Boolean(envelope.message),
    );
    if (request.status === 401 && token) reportUnauthorized(error);
    throw error;
  }
  const parsed = uploadFileResponse.safeParse(json);
  if (!parsed.success) throw new ApiError(messages.genericError, statusCode);
  options.onProgress?.(1);
  return { url: parsed.data.data.url, message: parsed.data.message };
}

/** Sends the form; settles once the whole answer is in. */
function send(form: FormData, token: string | null, options: UploadOptions): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${profilesApi}/uploadFile`);
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(messages.noInternet, 0, true));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    request.onload = () => resolve(request);
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
