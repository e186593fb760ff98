/**
 * The server's checks of a new password beside the spec's minimum (apps/api/src/lib/password-policy.ts), and
 * the hint under every new-password field that says them before submit (issue 27). Apart from messages.ts:
 * only the pages that set a password load them, not the shell every page loads.
 */
export const passwordMessages = {
  tooCommon: 'This password is too common. Please choose another one',
  personal: 'Your password must not contain MyProsper, your name or your e-mail. Please choose another one',
  tooGuessable:
    'This password is too easy to guess. Please choose a longer one, or mix in words, numbers and symbols',
  newPasswordHint:
    'At least 8 characters. Very common passwords, and ones with MyProsper, your name or your e-mail, are refused',
} as const;
