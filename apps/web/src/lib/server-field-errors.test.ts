import { passwordMessages } from '@myprosper/contract/password-messages';
import { accountMessages } from '@myprosper/contract/profiles';
import { describe, expect, it } from 'vitest';
import { fieldError, fieldOfServerError } from './server-field-errors.ts';

describe("a server's refusal beside the field it is about", () => {
  it('points taken e-mails and phones, and refused passwords, at their fields', () => {
    expect(fieldOfServerError(accountMessages.emailTaken)).toBe('email');
    expect(fieldOfServerError(accountMessages.phoneTaken)).toBe('phoneNumber');
    expect(fieldOfServerError(passwordMessages.tooCommon)).toBe('password');
    expect(fieldOfServerError(passwordMessages.personal)).toBe('password');
    expect(fieldOfServerError(passwordMessages.tooGuessable)).toBe('password');
    expect(fieldOfServerError('Something went wrong')).toBeNull();
    expect(fieldOfServerError(null)).toBeNull();
  });

  it("shows the message under its own field only; other fields keep their form's marking", () => {
    expect(fieldError('email', accountMessages.emailTaken, false)).toBe(accountMessages.emailTaken);
    expect(fieldError('password', accountMessages.emailTaken, false)).toBe(false);
    expect(fieldError('password', null, true)).toBe(true);
  });
});
