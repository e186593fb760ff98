import { errorEnvelope } from '@myprosper/contract/common';
import { messages } from '@myprosper/contract/messages';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { storage, storageKeys } from '../../../lib/storage.ts';
import { sessionsApi } from './query-keys.ts';

/** The file name of `content-disposition: attachment; filename="…"`, or a fallback. */
export function filenameOf(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename="?([^";]+)"?/i);
  const name = match?.[1]?.trim();
  return name && /^[\w.-]+$/.test(name) ? name : fallback;
}

/**
 * GET sessions/{id}/calendar.ics: the session as an iCalendar file. It needs the bearer token, so it is
 * fetched here and handed to the browser as a download under the server's file name.
 */
export async function downloadCalendar(sessionId: number): Promise<string> {
  const token = storage.get(storageKeys.token);
  let response: Response;
  try {
    response = await fetch(`${sessionsApi}/sessions/${sessionId}/calendar.ics`, {
      headers: token
        ? { authorization: `Bearer ${token}`, accept: 'text/calendar' }
        : { accept: 'text/calendar' },
    });
  } catch {
    throw new ApiError(messages.noInternet, 0, true);
  }
  if (!response.ok) {
    const parsed = errorEnvelope.safeParse(await response.json().catch(() => null));
    throw new ApiError(parsed.success ? parsed.data.message : messages.genericError, response.status);
  }
  const blob = await response.blob();
  const filename = filenameOf(response.headers.get('content-disposition'), `session-${sessionId}.ics`);
  const url = URL.createObjectURL(new Blob([blob], { type: 'text/calendar' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}

export function useDownloadCalendar() {
  return useMutation({ mutationFn: downloadCalendar });
}
