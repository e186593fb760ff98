import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import {
  decodeLinkPart,
  decodeResetLink,
  emailField,
  encodeBase64Url,
  firstMessage,
  forgotPasswordForm,
  fullNameField,
  isValidEmail,
  isValidPhone,
  judgeResetLink,
  mpesaPhoneField,
  normaliseMpesaPhone,
  passwordField,
  passwordWithConfirmation,
  phoneField,
  requiredText,
  toE164Phone,
  validateEmail,
  validateForgotPassword,
  validateFullName,
  validateMpesaPhone,
  validateNewPassword,
  validatePassword,
  validatePasswordConfirmation,
  validatePhone,
  validateRequired,
} from './validation.ts';

describe('required fields', () => {
  it('asks to fill all fields when any value is empty or blank', () => {
    expect(validateRequired('Jane', '', 'x')).toBe('Please fill all fields');
    expect(validateRequired('Jane', '   ')).toBe('Please fill all fields');
    expect(validateRequired('Jane', undefined)).toBe('Please fill all fields');
    expect(validateRequired('Jane', null)).toBe('Please fill all fields');
    expect(validateRequired('Jane', 'x')).toBeNull();
    expect(firstMessage(requiredText(), ' ')).toBe('Please fill all fields');
    expect(firstMessage(requiredText(), 'a note')).toBeNull();
  });
});

describe('email', () => {
  it.each([
    'jane@example.com',
    'jane.wanjiru+mentor@mail.co.ke',
    'J_A%N-E@sub.domain.info',
    '  padded@example.org  ',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
    expect(validateEmail(email)).toBeNull();
    expect(firstMessage(emailField, email)).toBeNull();
  });

  it.each([
    'jane',
    'jane@',
    '@example.com',
    'jane@example',
    'jane@example.c',
    'jane@example.museum',
    'jane@exa mple.com',
    'ja ne@example.com',
    'jane!@example.com',
    'jane@example.c0m',
  ])('refuses %s with Invalid email', (email) => {
    expect(isValidEmail(email)).toBe(false);
    expect(validateEmail(email)).toBe('Invalid email');
    expect(firstMessage(emailField, email)).toBe('Invalid email');
  });

  it('asks to fill all fields when the email field is empty', () => {
    expect(firstMessage(emailField, '')).toBe('Please fill all fields');
    expect(firstMessage(emailField, '   ')).toBe('Please fill all fields');
  });

  it('trims the value it passes on', () => {
    expect(emailField.parse('  jane@example.com ')).toBe('jane@example.com');
  });
});

describe('full name', () => {
  it('needs at least two words', () => {
    expect(validateFullName('Jane Wanjiru')).toBeNull();
    expect(validateFullName('  Jane   Wanjiru Otieno ')).toBeNull();
    expect(validateFullName('Jane')).toBe('Please enter your full name');
    expect(validateFullName('  Jane  ')).toBe('Please enter your full name');
    expect(firstMessage(fullNameField, 'Jane')).toBe('Please enter your full name');
    expect(firstMessage(fullNameField, '')).toBe('Please fill all fields');
    expect(fullNameField.parse(' Jane Wanjiru ')).toBe('Jane Wanjiru');
    expect(firstMessage(fullNameField, 'Jane 0712345678')).toBe(messages.nameCharacters);
    expect(firstMessage(fullNameField, 'Visit evil.example')).toBe(messages.nameCharacters);
    expect(fullNameField.parse("Zoë O'Brien-Mwangi")).toBe("Zoë O'Brien-Mwangi");
  });
});

describe('password', () => {
  it('needs at least 8 characters', () => {
    expect(validatePassword('1234567')).toBe('Password must be at least 8 characters');
    expect(validatePassword('12345678')).toBeNull();
    expect(firstMessage(passwordField, 'short')).toBe('Password must be at least 8 characters');
    expect(firstMessage(passwordField, '')).toBe('Please fill all fields');
    expect(firstMessage(passwordField, 'long enough')).toBeNull();
  });

  it('needs the confirmation to match', () => {
    expect(validatePasswordConfirmation('password1', 'password2')).toBe('Password does not match');
    expect(validatePasswordConfirmation('password1', 'password1')).toBeNull();
  });

  it('checks a new password in the order of the reset form', () => {
    expect(validateNewPassword('', '')).toBe('Please fill all fields');
    expect(validateNewPassword('password1', '')).toBe('Please fill all fields');
    expect(validateNewPassword('short', 'short')).toBe('Password must be at least 8 characters');
    expect(validateNewPassword('password1', 'password2')).toBe('Password does not match');
    expect(validateNewPassword('password1', 'password1')).toBeNull();
  });

  it('gives the same answers through passwordWithConfirmation', () => {
    const check = (password: string, confirmPassword: string) =>
      firstMessage(passwordWithConfirmation, { password, confirmPassword });
    expect(check('', '')).toBe('Please fill all fields');
    expect(check('short', 'short')).toBe('Password must be at least 8 characters');
    expect(check('password1', 'password2')).toBe('Password does not match');
    expect(check('password1', 'password1')).toBeNull();
    const result = passwordWithConfirmation.safeParse({ password: 'password1', confirmPassword: 'nope' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['confirmPassword']);
  });
});

describe('phone', () => {
  it.each(['0712 123456', '0712123456', '+254712123456', '254712123456', '0110 123456', '+44 7400 123456'])(
    'accepts %s',
    (phone) => {
      expect(isValidPhone(phone)).toBe(true);
      expect(validatePhone(phone)).toBeNull();
      expect(firstMessage(phoneField, phone)).toBeNull();
    },
  );

  it.each(['0712', '07121234567890', 'not a phone', '+999 123', '123'])(
    'refuses %s with Invalid Phone No',
    (phone) => {
      expect(isValidPhone(phone)).toBe(false);
      expect(validatePhone(phone)).toBe('Invalid Phone No');
      expect(firstMessage(phoneField, phone)).toBe('Invalid Phone No');
    },
  );

  it('refuses an empty phone', () => {
    expect(validatePhone('')).toBe('Invalid Phone No');
    expect(firstMessage(phoneField, '')).toBe('Please fill all fields');
  });

  it('gives the E.164 form of a valid number', () => {
    expect(toE164Phone('0712 123456')).toBe('+254712123456');
    expect(toE164Phone('+44 7400 123456')).toBe('+447400123456');
    expect(toE164Phone('0712')).toBeNull();
  });
});

describe('mobile money phone dialog', () => {
  it('asks for a number when empty', () => {
    expect(validateMpesaPhone('')).toBe('Please fill in phone number');
    expect(validateMpesaPhone('   ')).toBe('Please fill in phone number');
    expect(validateMpesaPhone(undefined)).toBe('Please fill in phone number');
    expect(firstMessage(mpesaPhoneField, '')).toBe('Please fill in phone number');
  });

  it.each(['071212345', '07121234567', '254712123456', '+254712123', '07121234ab', '7121234567'])(
    'refuses %s with Invalid phone number',
    (phone) => {
      expect(validateMpesaPhone(phone)).toBe('Invalid phone number');
      expect(firstMessage(mpesaPhoneField, phone)).toBe('Invalid phone number');
    },
  );

  it('accepts a 10-digit local number, spaces ignored', () => {
    expect(validateMpesaPhone('0712123456')).toBeNull();
    expect(validateMpesaPhone('0712 123456')).toBeNull();
  });

  it('replaces the leading 0 of a 10-digit number by 254, otherwise prefixes 254', () => {
    expect(normaliseMpesaPhone('0712123456')).toBe('254712123456');
    expect(normaliseMpesaPhone('0712 123456')).toBe('254712123456');
    expect(normaliseMpesaPhone('712123456')).toBe('254712123456');
    expect(mpesaPhoneField.parse('0712 123456')).toBe('254712123456');
  });
});

describe('forgot password form', () => {
  it('asks for the email when empty', () => {
    expect(validateForgotPassword('')).toBe('Please fill in your email');
    expect(validateForgotPassword(null)).toBe('Please fill in your email');
    expect(firstMessage(forgotPasswordForm, { email: ' ' })).toBe('Please fill in your email');
  });

  it('refuses a malformed email and accepts a good one', () => {
    expect(validateForgotPassword('jane')).toBe('Invalid email');
    expect(firstMessage(forgotPasswordForm, { email: 'jane' })).toBe('Invalid email');
    expect(validateForgotPassword('jane@example.com')).toBeNull();
    expect(firstMessage(forgotPasswordForm, { email: 'jane@example.com' })).toBeNull();
  });
});

describe('link parts in base64', () => {
  it('round-trips text through URL-safe base64 without padding', () => {
    for (const text of ['jane@example.com', '42', '1700000000000', 'wanjirũ+ü@mail.co.ke', '>>>???']) {
      const encoded = encodeBase64Url(text);
      expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeLinkPart(encoded)).toBe(text);
    }
  });

  it('decodes standard base64, padded or not, and percent-encoded', () => {
    const standard = btoa('>>>???a');
    expect(standard).toContain('+');
    expect(standard).toContain('/');
    expect(decodeLinkPart(standard)).toBe('>>>???a');
    expect(decodeLinkPart(btoa('42'))).toBe('42');
    expect(decodeLinkPart(btoa('42').replace(/=/g, ''))).toBe('42');
    expect(decodeLinkPart(encodeURIComponent(btoa('42')))).toBe('42');
  });

  it('answers null, never throws, for what cannot be decoded', () => {
    for (const bad of [undefined, null, '', '   ', '!!!!', 'abc$', 'a', 'QQ===', '%E0%A4%A', '%ZZ', '_w']) {
      expect(decodeLinkPart(bad)).toBeNull();
    }
  });
});

describe('reset link', () => {
  const now = Date.UTC(2026, 0, 10, 9, 0, 0);
  const link = (email: string | null, userId: string | null, timestamp: number | string | null) => ({
    email: email === null ? null : encodeBase64Url(email),
    userId: userId === null ? null : encodeBase64Url(userId),
    timestamp: timestamp === null ? null : encodeBase64Url(String(timestamp)),
  });

  it('is valid within 15 minutes', () => {
    expect(judgeResetLink(link('jane@example.com', '42', now), now)).toBe('valid');
    expect(judgeResetLink(link('jane@example.com', '42', now - 15 * 60_000), now)).toBe('valid');
    expect(judgeResetLink(link('jane@example.com', '42', now + 30_000), new Date(now))).toBe('valid');
  });

  it('has expired after 15 minutes, or after the lifetime given', () => {
    expect(judgeResetLink(link('jane@example.com', '42', now - 15 * 60_000 - 1), now)).toBe(
      'The link has expired',
    );
    expect(judgeResetLink(link('jane@example.com', '42', now - 6 * 60_000), now, 5)).toBe(
      'The link has expired',
    );
    expect(messages.linkExpired).toBe('The link has expired');
  });

  it('is invalid with a part missing', () => {
    expect(judgeResetLink(link(null, '42', now), now)).toBe('Invalid Link');
    expect(judgeResetLink(link('jane@example.com', null, now), now)).toBe('Invalid Link');
    expect(judgeResetLink(link('jane@example.com', '42', null), now)).toBe('Invalid Link');
    expect(judgeResetLink({}, now)).toBe('Invalid Link');
  });

  it('is invalid when a part cannot be decoded or is not what it should be', () => {
    expect(judgeResetLink({ ...link('jane@example.com', '42', now), email: '%%%' }, now)).toBe(
      'Invalid Link',
    );
    expect(judgeResetLink(link('jane', '42', now), now)).toBe('Invalid Link');
    expect(judgeResetLink(link('jane@example.com', 'abc', now), now)).toBe('Invalid Link');
    expect(judgeResetLink(link('jane@example.com', '0', now), now)).toBe('Invalid Link');
    expect(judgeResetLink(link('jane@example.com', '42', 'yesterday'), now)).toBe('Invalid Link');
  });

  it('is invalid when stamped more than a minute in the future', () => {
    expect(judgeResetLink(link('jane@example.com', '42', now + 61_000), now)).toBe('Invalid Link');
  });

  it('decodes the parts for the server', () => {
    expect(decodeResetLink(link('jane@example.com', '42', now))).toEqual({
      email: 'jane@example.com',
      userId: 42,
      timestamp: now,
    });
  });
});
