import { messages } from '@myprosper/contract/messages';

/** Which of the new-password fields a form message points at, for their red outline. */
export function newPasswordFieldErrors(
  formError: string | null,
  password: string,
  confirmPassword: string,
): { password: boolean; confirmPassword: boolean } {
  const isFillAll = formError === messages.fillAllFields;
  return {
    password: (isFillAll && password === '') || formError === messages.passwordLength,
    confirmPassword: (isFillAll && confirmPassword === '') || formError === messages.passwordMismatch,
  };
}
