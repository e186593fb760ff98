import { errorEnvelope } from '@myprosper/contract/common';
import { messages } from '@myprosper/contract/messages';
import { ApiError, reportUnauthorized, sendWithSession } from './api-client.ts';

/**
 * GET a file of ours that needs the bearer token (a receipt or statement PDF), saved under the name the
 * server gives it (a plain link cannot carry the token). Answers that name.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<string> {
  let response: Response;
  try {
    ({ response } = await sendWithSession((token) =>
      fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} }),
    ));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(messages.noInternet, 0, true);
  }
  if (!response.ok) {
    const parsed = errorEnvelope.safeParse(await response.json().catch(() => null));
    const error = new ApiError(
      parsed.success ? parsed.data.message : messages.genericError,
      response.status,
      false,
      parsed.success,
    );
    if (response.status === 401) reportUnauthorized(error);
    throw error;
  }
  const named = /filename="([\w.-]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const name = named ?? fallbackName;
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}
