import { passwordMessages } from '@myprosper/contract/password-messages';
import { accountMessages } from '@myprosper/contract/profiles';

/** The account fields a server's refusal can be about. */
export type AccountField = 'email' | 'phoneNumber' | 'password';

const fieldOfMessage: ReadonlyMap<string, AccountField> = new Map([
  [accountMessages.emailTaken, 'email'],
  [accountMessages.phoneTaken, 'phoneNumber'],
  [passwordMessages.tooCommon, 'password'],
  [passwordMessages.personal, 'password'],
  [passwordMessages.tooGuessable, 'password'],
]);

/**
 * The field a server's message is about, when it is about one (issue 27: the error sits beside its field, read
 * aloud, not only in a passing toast); null for any other message.
 */
export function fieldOfServerError(message: string | null): AccountField | null {
  return message === null ? null : (fieldOfMessage.get(message) ?? null);
}

/** The error a field shows: the server's message under it when it is about that field, else `marked`. */
export function fieldError(
  field: AccountField,
  serverError: string | null,
  marked: boolean,
): boolean | string {
  return fieldOfServerError(serverError) === field ? (serverError ?? marked) : marked;
}
