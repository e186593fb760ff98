import { errorMessage, notify } from '../../../lib/notify.ts';

/**
 * Runs one change the admin asked for and toasts how it went: the answer's message (or the text `describe`
 * makes of the answer), or what went wrong. Answers whether it succeeded, e.g. to close a dialog.
 */
export async function notifyOutcome<T extends { message: string }>(
  change: () => Promise<T>,
  describe: (answer: T) => string = (answer) => answer.message,
): Promise<boolean> {
  try {
    notify.success(describe(await change()));
    return true;
  } catch (failure) {
    notify.error(errorMessage(failure));
    return false;
  }
}
