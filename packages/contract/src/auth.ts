import { z } from 'zod';
import { envelope, messageOnly, role } from './common.ts';
import { messages } from './messages.ts';
import { emailPattern, passwordMinLength } from './patterns.ts';

/** POST /myprosper/auth/authenticate — username is the e-mail. */
export const authenticateRequest = z.object({
  username: z.string().trim().min(1, 'Please fill all fields').max(320),
  password: z.string().min(1, 'Please fill all fields').max(200),
});
export type AuthenticateRequest = z.infer<typeof authenticateRequest>;

/** The spec's login response: flat, not in data. */
export const authenticateResponse = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  jwttoken: z.string(),
  userId: z.number().int(),
  full_names: z.string(),
  role,
});
export type AuthenticateResponse = z.infer<typeof authenticateResponse>;

/** POST /myprosper/auth/validateToken */
export const validateTokenRequest = z.object({ token: z.string().min(1).max(4096) });
export const sessionUser = z.object({
  userId: z.number().int(),
  full_names: z.string(),
  username: z.string(),
  role,
});
export type SessionUser = z.infer<typeof sessionUser>;
export const validateTokenResponse = envelope(sessionUser);

/** POST /myprosper/auth/forgotPassword — answers the same whether or not the e-mail is known. */
export const forgotPasswordRequest = z.object({
  email: z
    .string()
    .trim()
    .min(1, { message: messages.fillEmail, abort: true })
    .max(320, { message: messages.invalidEmail, abort: true })
    .regex(emailPattern, messages.invalidEmail),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;
export const forgotPasswordResponse = messageOnly;

/**
 * The parts of a reset link, as they appear in /resetPassword/{b64 email}/{b64 userId}/{b64 timestamp}?signature=…
 * A missing or empty part is accepted here and answered 'Invalid Link' by the server.
 */
export const resetLinkParts = z.object({
  email: z.string().max(2000).default(''),
  userId: z.string().max(200).default(''),
  timestamp: z.string().max(200).default(''),
  signature: z.string().max(500).default(''),
});
export type ResetLinkParts = z.infer<typeof resetLinkParts>;

/** POST /myprosper/auth/checkResetLink — 200 when the link may be used, else 'Invalid Link' or 'The link has expired'. */
export const checkResetLinkRequest = resetLinkParts;
export const checkResetLinkResponse = messageOnly;

/** POST /myprosper/auth/resetPassword — the spec's payload (password, userId) plus the link it came from. */
export const resetPasswordRequest = resetLinkParts.extend({
  password: z.string().max(200),
  /** When sent, it must equal password ('Password does not match'). */
  confirmPassword: z.string().max(200).optional(),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;
export const resetPasswordResponse = messageOnly;

/** POST /myprosper/api/changePassword — a signed-in user; revokes their other tokens and answers a new one. */
export const changePasswordRequest = z.object({
  currentPassword: z.string().min(1, 'Please fill all fields').max(200),
  password: z.string().max(200),
  /** When sent, it must equal password ('Password does not match'). */
  confirmPassword: z.string().max(200).optional(),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
export const changePasswordResponse = authenticateResponse;

/** POST /myprosper/auth/logout — revokes every token of the caller (bearer and refresh) and drops the cookie. */
export const logoutResponse = messageOnly;

/**
 * POST /myprosper/auth/refresh — the refresh token travels in its HttpOnly cookie, never in the body; the body
 * is an empty JSON object (a JSON body is what a form or another site's page cannot send). Answers the login
 * response with a new bearer token, and a new cookie (the old refresh token is spent).
 */
export const refreshRequest = z.object({});
export const refreshResponse = authenticateResponse;

/** The signed-in devices of an account (ASVS V7.5.2): what the routes answer, and what the page says. */
export const signInMessages = {
  listed: 'Signed-in devices',
  ended: 'The device has been signed out',
  notFound: 'This sign-in was not found. It may have ended already.',
  invalidId: 'Invalid sign-in id',
  /** After several wrong passwords for one account or from one address: each next try waits longer. */
  waitAfterFailures: (seconds: number) =>
    `Too many wrong passwords. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
} as const;

/**
 * One sign-in still going (a log-in on a device or browser, kept by its refresh cookie): where (the browser and
 * system, when known), when it signed in and when it was last used (its latest refresh, about every bearer
 * token lifetime while in use), ISO instants; `current` marks the one of the call.
 */
export const signInView = z.object({
  id: z.string(),
  device: z.string().nullable(),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type SignInView = z.infer<typeof signInView>;

/** GET /myprosper/auth/signIns — the caller's sign-ins still going, the current one first. */
export const signInsResponse = envelope(z.array(signInView));

/** DELETE /myprosper/auth/signIns/{signInId} — ends one of the caller's sign-ins (404 for anyone else's). */
export const signInParams = z.object({ signInId: z.uuid({ message: signInMessages.invalidId }) });
export const endSignInResponse = messageOnly;

/** The profile's change password form: the current password, then the reset form's rules. */
export const changePasswordForm = z
  .object({
    currentPassword: z.string().min(1, { message: messages.fillAllFields, abort: true }).max(200),
    password: z
      .string()
      .min(1, { message: messages.fillAllFields, abort: true })
      .max(200)
      .min(passwordMinLength, messages.passwordLength),
    confirmPassword: z.string().min(1, { message: messages.fillAllFields, abort: true }).max(200),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordMismatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;
