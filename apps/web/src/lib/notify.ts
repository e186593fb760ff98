import { notifications } from '@mantine/notifications';
import { messages } from '@myprosper/contract/messages';

/** Toasts of the spec (8): top-right, closing after 5 seconds (set once on <Notifications/>). */
export const notify = {
  success(message: string): void {
    notifications.show({ message, color: 'teal', withBorder: true });
  },
  info(message: string): void {
    notifications.show({ message, color: 'blue', withBorder: true });
  },
  error(message: string): void {
    notifications.show({ message, color: 'red', withBorder: true });
  },
};

/** What to show for any failure: the server's message, or the spec's generic text. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return messages.genericError;
}
