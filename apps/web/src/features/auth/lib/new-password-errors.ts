import { messages } from '@myprosper/contract/messages';
import { fieldError } from '../../../lib/server-field-errors.ts';

/**
 * Which of the new-password fields a form message points at, for their red outline; the server's refusal of
 * the password is also written under the password field.
 */
export function newPasswordFieldErrors(
  formError: string | null,
  password: string,
  confirmPassword: string,
): { password: boolean | string; confirmPassword: boolean } {
  const isFillAll = formError === messages.fillAllFields;
  return {
    password: fieldError(
      'password',
      formError,
      (isFillAll && password === '') || formError === messages.passwordLength,
    ),
    confirmPassword: (isFillAll && confirmPassword === '') || formError === messages.passwordMismatch,
  };
}
