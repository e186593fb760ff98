import { z } from 'zod';
import { authenticateResponse, resetLinkParts } from './auth.ts';
import { envelope, idParam, messageOnly } from './common.ts';
import { messages } from './messages.ts';

/**
 * Two-step sign-in (ASVS V6.3.3): after the password, a 6-digit code of an authenticator app (TOTP, RFC 6238),
 * or one of ten one-time recovery codes. Any account may turn it on at /profile/security, with its password (a
 * stolen bearer token alone cannot); admins must (ADMIN_TWO_STEP, required in production) before the admin API
 * answers them. Turning it on or off e-mails the account.
 */

/** Wrong codes (of the app or recovery codes) an account may send in a window, at sign-in, confirm and disable… */
export const codeGuessesPerWindow = 5;
/** …of this many minutes, counted from the first wrong one; then every code is refused until the window ends. */
export const codeGuessWindowMinutes = 15;

export const twoStepMessages = {
  codeNeeded: 'Enter the 6-digit code from your authenticator app',
  wrongCode: 'That code is not right. Try again',
  fillCode: 'Please enter the code',
  status: 'Two-step sign-in',
  setupStarted: 'Add the key to your authenticator app, then enter the code it shows',
  alreadyOn: 'Two-step sign-in is already on',
  notStarted: 'Start setting up two-step sign-in first',
  turnedOn: 'Two-step sign-in is on. Keep your recovery codes somewhere safe',
  turnedOff: 'Two-step sign-in is off',
  notOn: 'Two-step sign-in is not on',
  /** The 429 once an account has sent codeGuessesPerWindow wrong codes, until the window is over. */
  tooManyCodes: `Too many wrong codes. Please wait ${codeGuessWindowMinutes} minutes and try again.`,
  /** The 403 of every admin API route to an admin without it, while ADMIN_TWO_STEP is required. */
  adminNeedsIt: 'Set up two-step sign-in first',
  recoveryReasonNeeded: 'Please tell us what happened (at least 10 characters)',
  recoveryRequested:
    'We have your request. An admin will check it and e-mail you; until then, sign-in still asks for a code.',
  recoveryNotNeeded: 'Two-step sign-in is not on for this account: sign in with your password',
  recoveryApproved: 'Two-step sign-in was turned off for this account and all its devices were signed out',
  recoveryRefused: 'The request was refused; the account keeps two-step sign-in',
  recoveryNotFound: 'This request was not found',
  recoveryDecided: 'This request was already decided',
  recoveryOwn: 'Another admin must decide a request about your own account',
} as const;

/** The 200 of POST /myprosper/auth/authenticate for an account with two-step sign-in: no token yet. */
export const twoStepChallengeResponse = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  twoStep: z.literal(true),
  /** Signed, for 5 minutes: sent back with the code to POST /myprosper/auth/authenticate/code. */
  challenge: z.string(),
});
export type TwoStepChallengeResponse = z.infer<typeof twoStepChallengeResponse>;

/** What the password step answers: the spec's login response, or the code step for a two-step account. */
export const loginAnswer = z.union([authenticateResponse, twoStepChallengeResponse]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

const code = z.string().trim().min(1, twoStepMessages.fillCode).max(64);
/** The account's password, as typed (turning two-step sign-in on or off needs it). */
const password = z.string().min(1, messages.fillAllFields).max(200);

/**
 * POST /myprosper/auth/authenticate/code — the challenge and a code: 6 digits from the app, or a recovery code
 * (used once). Answers the spec's login response and refresh cookie, as the password step does without two-step.
 */
export const twoStepCodeRequest = z.object({ challenge: z.string().min(1).max(2000), code });
export type TwoStepCodeRequest = z.infer<typeof twoStepCodeRequest>;
export const twoStepCodeResponse = authenticateResponse;

/** GET /myprosper/auth/twoStep — whether the caller has two-step sign-in on, and how many recovery codes are left. */
export const twoStepStatus = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TwoStepStatus = z.infer<typeof twoStepStatus>;
export const twoStepStatusResponse = envelope(twoStepStatus);

/**
 * POST /myprosper/auth/twoStep/setup — the password gets a new secret for the authenticator app, as its base32
 * key and its otpauth:// link; shown this once. Nothing changes at log-in until a code confirms it.
 */
export const twoStepSetupRequest = z.object({ password });
export type TwoStepSetupRequest = z.infer<typeof twoStepSetupRequest>;
export const twoStepSetup = z.object({ key: z.string(), link: z.string() });
export type TwoStepSetup = z.infer<typeof twoStepSetup>;
export const twoStepSetupResponse = envelope(twoStepSetup);

/**
 * POST /myprosper/auth/twoStep/confirm — the password and a current code of the new secret turn it on; answers
 * the 10 recovery codes, this once.
 */
export const twoStepConfirmRequest = z.object({ password, code });
export type TwoStepConfirmRequest = z.infer<typeof twoStepConfirmRequest>;
export const twoStepConfirmResponse = envelope(z.object({ recoveryCodes: z.array(z.string()) }));

/** POST /myprosper/auth/twoStep/disable — the password and a current (or recovery) code turn it off. */
export const twoStepDisableRequest = z.object({ password, code });
export type TwoStepDisableRequest = z.infer<typeof twoStepDisableRequest>;
export const twoStepDisableResponse = messageOnly;

/**
 * POST /myprosper/auth/twoStep/recovery — an owner locked out by a second factor they cannot use (or did not set)
 * asks an admin to turn it off: the reset link e-mailed to them proves the address, and they say what happened.
 * Nothing changes until an admin approves (audited); then two-step sign-in is off and every device signed out.
 */
export const twoStepRecoveryRequest = resetLinkParts.extend({
  reason: z.string().trim().min(10, twoStepMessages.recoveryReasonNeeded).max(1000),
});
export type TwoStepRecoveryRequest = z.infer<typeof twoStepRecoveryRequest>;
export const twoStepRecoveryResponse = messageOnly;

/** GET /myprosper/api/admin/twoStepRecoveries — requests waiting for an admin, oldest first. */
export const twoStepRecoveryItem = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  reason: z.string(),
  requestedFrom: z.string(),
  requestedAt: z.string(),
  /** When the account last signed in (ISO), if ever: helps the admin judge whether the owner is locked out. */
  lastSignInAt: z.string().nullable(),
  /** When two-step sign-in was turned on (ISO). */
  twoStepOnSince: z.string().nullable(),
});
export type TwoStepRecoveryItem = z.infer<typeof twoStepRecoveryItem>;
export const twoStepRecoveriesResponse = envelope(z.array(twoStepRecoveryItem));
export const twoStepRecoveryParams = z.object({ id: idParam });
export const twoStepRecoveryDecisionResponse = messageOnly;
