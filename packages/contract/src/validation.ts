import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { messages } from './messages.ts';
import { emailPattern, passwordMinLength } from './patterns.ts';

/**
 * The spec's form rules, each with its exact message, for the browser's forms and the server's routes alike.
 * Every `validateX` returns the message to show, or null when the value passes.
 */

export const defaultPhoneCountry = 'KE';
/** Kenyan mobile money numbers are sent with this country prefix. */
export const mpesaCountryPrefix = '254';
export const resetLinkTtlMinutes = 15;
/** A reset link stamped further ahead of the server's clock than this is not ours. */
export const resetLinkClockSkewMs = 60_000;

export type Message = string;

export function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

/** 'Please fill all fields' when any of the values is empty or only spaces. */
export function validateRequired(...values: Array<string | null | undefined>): Message | null {
  return values.some(isBlank) ? messages.fillAllFields : null;
}

export function isValidEmail(email: string): boolean {
  return emailPattern.test(email.trim());
}

export function validateEmail(email: string): Message | null {
  return isValidEmail(email) ? null : messages.invalidEmail;
}

/** At least two words: 'Jane Wanjiru'. */
export function isFullName(name: string): boolean {
  return name.trim().split(/\s+/).filter(Boolean).length >= 2;
}

/**
 * A person's name as our messages may carry it: letters of any script (with their accents), spaces,
 * apostrophes and hyphens; no digits, no addresses or links (issue 20: a name opened SMS and e-mails).
 */
const nameCharacters = /^[\p{L}\p{M}'’ -]+$/u;

export function hasNameCharacters(name: string): boolean {
  const tidy = name.trim().split(/\s+/).join(' ');
  return nameCharacters.test(tidy) && /\p{L}/u.test(tidy);
}

/** Two words or more, of letters, spaces, apostrophes and hyphens only. */
export function validateFullName(name: string): Message | null {
  if (!isFullName(name)) return messages.fullName;
  return hasNameCharacters(name) ? null : messages.nameCharacters;
}

/**
 * A name as our messages show it: only its letters, spaces, apostrophes and hyphens (an account made before
 * names were checked may hold anything); '' when nothing is left.
 */
export function nameForMessages(name: string | null | undefined): string {
  return (name ?? '')
    .replace(/[^\p{L}\p{M}'’ -]+/gu, ' ')
    .trim()
    .split(/\s+/)
    .join(' ')
    .slice(0, 60);
}

export function validatePassword(password: string): Message | null {
  return password.length >= passwordMinLength ? null : messages.passwordLength;
}

export function validatePasswordConfirmation(password: string, confirmPassword: string): Message | null {
  return password === confirmPassword ? null : messages.passwordMismatch;
}

/** A Kenyan number (0712 123456) or an international one (+44 7400 123456). */
export function isValidPhone(phone: string, defaultCountry = defaultPhoneCountry): boolean {
  const value = phone.trim();
  if (value === '') return false;
  try {
    return isValidPhoneNumber(value, defaultCountry as Parameters<typeof isValidPhoneNumber>[1]);
  } catch {
    return false;
  }
}

export function validatePhone(phone: string): Message | null {
  return isValidPhone(phone) ? null : messages.invalidPhoneNo;
}

/** The phone in E.164 (+254712123456), or null when it is not a valid number. */
export function toE164Phone(phone: string, defaultCountry = defaultPhoneCountry): string | null {
  if (!isValidPhone(phone, defaultCountry)) return null;
  const parsed = parsePhoneNumberFromString(
    phone.trim(),
    defaultCountry as Parameters<typeof parsePhoneNumberFromString>[1],
  );
  return parsed ? parsed.number : null;
}

const spaces = /\s+/g;

/**
 * The mobile money phone dialog: empty gives 'Please fill in phone number'; anything but a local number of
 * exactly 10 digits (0712 123456; spaces are ignored) gives 'Invalid phone number'.
 */
export function validateMpesaPhone(phone: string | null | undefined): Message | null {
  if (isBlank(phone)) return messages.fillPhone;
  const digits = (phone ?? '').replace(spaces, '');
  return /^0\d{9}$/.test(digits) ? null : messages.invalidPhoneNumber;
}

/** The number as mobile money wants it: 0712123456 -> 254712123456; 712123456 -> 254712123456. */
export function normaliseMpesaPhone(phone: string): string {
  const digits = phone.replace(spaces, '');
  if (digits.length === 10 && digits.startsWith('0')) return `${mpesaCountryPrefix}${digits.slice(1)}`;
  return `${mpesaCountryPrefix}${digits}`;
}

/** Forgot password: an empty e-mail gives 'Please fill in your email'. */
export function validateForgotPassword(email: string | null | undefined): Message | null {
  if (isBlank(email)) return messages.fillEmail;
  return validateEmail(email ?? '');
}

/** Reset and change password: both required, at least 8 characters, and equal. */
export function validateNewPassword(password: string, confirmPassword: string): Message | null {
  return (
    validateRequired(password, confirmPassword) ??
    validatePassword(password) ??
    validatePasswordConfirmation(password, confirmPassword)
  );
}

// ---- Link parts: base64 that never throws ----

/** UTF-8 text as URL-safe base64 without padding, so it fits in one path segment. */
export function encodeBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const base64Shape = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * A link part decoded to text: standard or URL-safe base64, padded or not, percent-encoded or not.
 * Null when it is missing, empty or cannot be decoded to UTF-8 text.
 */
export function decodeLinkPart(part: string | null | undefined): string | null {
  if (typeof part !== 'string') return null;
  let value = part.trim();
  if (value.includes('%')) {
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  if (value === '' || !base64Shape.test(value)) return null;
  const unpadded = value.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (unpadded.length % 4 === 1) return null;
  const padded = unpadded.padEnd(Math.ceil(unpadded.length / 4) * 4, '=');
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text === '' ? null : text;
  } catch {
    return null;
  }
}

export interface ResetLinkInput {
  email?: string | null;
  userId?: string | null;
  timestamp?: string | null;
}

export interface DecodedResetLink {
  email: string;
  userId: number;
  /** Milliseconds since the epoch (UTC) when the link was made. */
  timestamp: number;
}

/** The link's three parts decoded, or null when one is missing or not what it should be. */
export function decodeResetLink(parts: ResetLinkInput): DecodedResetLink | null {
  const email = decodeLinkPart(parts.email);
  const userId = decodeLinkPart(parts.userId);
  const timestamp = decodeLinkPart(parts.timestamp);
  if (email === null || userId === null || timestamp === null) return null;
  if (!email.includes('@') || !/^[1-9]\d{0,9}$/.test(userId) || !/^\d{1,15}$/.test(timestamp)) return null;
  return { email, userId: Number(userId), timestamp: Number(timestamp) };
}

export type ResetLinkVerdict = 'valid' | typeof messages.invalidLink | typeof messages.linkExpired;

/**
 * Whether a reset link may be used at `now`: 'Invalid Link' when a part is missing or undecodable or the
 * timestamp is more than a minute ahead; 'The link has expired' when older than the lifetime. Both clocks are
 * UTC milliseconds, so no time zone shifts the answer.
 */
export function judgeResetLink(
  parts: ResetLinkInput,
  now: Date | number = Date.now(),
  ttlMinutes = resetLinkTtlMinutes,
): ResetLinkVerdict {
  const decoded = decodeResetLink(parts);
  if (!decoded) return messages.invalidLink;
  const nowMs = typeof now === 'number' ? now : now.getTime();
  if (decoded.timestamp - nowMs > resetLinkClockSkewMs) return messages.invalidLink;
  if (nowMs - decoded.timestamp > ttlMinutes * 60_000) return messages.linkExpired;
  return 'valid';
}

// ---- zod fields for forms and routes ----

/** A required text: 'Please fill all fields' when empty. */
export const requiredText = (max = 1000) =>
  z.string().trim().min(1, { message: messages.fillAllFields, abort: true }).max(max);

export const emailField = z
  .string()
  .trim()
  .min(1, { message: messages.fillAllFields, abort: true })
  .max(320, { message: messages.invalidEmail, abort: true })
  .regex(emailPattern, messages.invalidEmail);

export const fullNameField = z
  .string()
  .trim()
  .min(1, { message: messages.fillAllFields, abort: true })
  .max(200)
  .refine(isFullName, { message: messages.fullName, abort: true })
  .refine(hasNameCharacters, messages.nameCharacters);

/** A valid phone (default country KE): 'Invalid Phone No'. */
export const phoneField = /* @__PURE__ */ z
  .string()
  .trim()
  .min(1, { message: messages.fillAllFields, abort: true })
  .max(30, { message: messages.invalidPhoneNo, abort: true })
  .refine((v) => isValidPhone(v), messages.invalidPhoneNo);

/** The mobile money dialog's number, normalised to 2547XXXXXXXX. */
export const mpesaPhoneField = /* @__PURE__ */ z
  .string()
  .max(30)
  .superRefine((value, ctx) => {
    const message = validateMpesaPhone(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform(normaliseMpesaPhone);

/** A new password: 'Please fill all fields' when empty, then at least 8 characters. */
export const passwordField = z
  .string()
  .min(1, { message: messages.fillAllFields, abort: true })
  .max(200)
  .min(passwordMinLength, messages.passwordLength);

/** { password, confirmPassword }: required, at least 8, and equal (the mismatch is reported on confirmPassword). */
export const passwordWithConfirmation = z
  .object({
    password: passwordField,
    confirmPassword: z.string().min(1, { message: messages.fillAllFields, abort: true }).max(200),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordMismatch,
    path: ['confirmPassword'],
  });

/** The forgot password form. */
export const forgotPasswordForm = z.object({
  email: z
    .string()
    .trim()
    .min(1, { message: messages.fillEmail, abort: true })
    .max(320, { message: messages.invalidEmail, abort: true })
    .regex(emailPattern, messages.invalidEmail),
});

/** The first message of a failed parse (what a form that shows one error line displays), or null. */
export function firstMessage<T>(schema: z.ZodType<T>, value: unknown): Message | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? messages.genericError);
}
