import { z } from 'zod';
import { messageOnly } from './common.ts';

/**
 * Proven phones and e-mails (issue 19). A phone number counts only after its owner types the 6-digit code we sent
 * to it by SMS; an e-mail address only after its owner opens the signed link we e-mailed to it. Until the phone is
 * proven an account may browse and edit its profile, but not book, hold a slot, pay, be attached to an invitation
 * or receive any SMS but the code.
 */

/** Digits in a phone code. */
export const phoneCodeLength = 6;
/** Minutes a phone code can be used. */
export const phoneCodeMinutes = 10;
/** Wrong tries a phone code allows; then a new code must be asked for. */
export const phoneCodeTries = 5;
/** Seconds before another code may be sent to the same number (the screen counts them down). */
export const phoneCodeResendSeconds = 60;
/** Codes sent to one number in an hour, and asked for from one address in an hour. */
export const phoneCodesPerNumberPerHour = 3;
export const phoneCodesPerAddressPerHour = 10;
/** Hours a signed e-mail verification link is valid. */
export const emailLinkHours = 24;
/**
 * Hours a mentor application keeps its photo and video while its e-mail is not confirmed; after that they are
 * deleted (the application stays).
 */
export const unconfirmedApplicationFilesHours = 24;
/** Days the photo and video of a rejected application are kept (then deleted; the application stays). */
export const rejectedApplicationFilesDays = 30;

export const verificationMessages = {
  /** The 403 of booking, holding a slot, paying and accepting an invitation before the phone is proven. */
  phoneNotVerified: 'Please verify your phone number first',
  codeSent: 'We sent a code by SMS. Enter it below',
  wrongCode: 'That code is not right. Try again',
  codeExpired: 'That code has expired. Ask for a new one',
  tooManyTries: 'Too many wrong codes. Ask for a new one',
  tooManyCodes: 'Too many codes asked for. Please try again later',
  resendWait: (seconds: number) => `You can ask for a new code in ${seconds} seconds`,
  fillCode: 'Please enter the code',
  phoneVerified: 'Your phone number is verified',
  alreadyVerified: 'Your phone number is already verified',
  /** The only SMS an unverified number ever gets from us: no word in it is typed by anyone else. */
  smsText: (code: string) =>
    `${code} is your MyProsper code. It expires in ${phoneCodeMinutes} minutes. Do not share it.`,
  emailLinkSent: 'Check your e-mail: we sent you a link to confirm your address',
  emailVerified: 'Your e-mail address is confirmed',
  emailLinkInvalid: 'Invalid Link',
  emailLinkExpired: 'The link has expired',
  /** The answer to an e-mail change: the new address counts only once its link is opened. */
  emailChangeLinkSent:
    'Check your new e-mail: we sent it a link to confirm the change. Until you open it your account keeps its current address',
  emailNotVerified: 'Your e-mail address is not confirmed yet',
  sendEmailLinkAgain: 'Send the link again',
  emailAlreadyVerified: 'Your e-mail address is already confirmed',
  /** A link for an address another account took meanwhile. */
  emailTakenMeanwhile: 'This e-mail address now belongs to another account',
  /** E-mailed to an unverified account whose number someone else proved was theirs. */
  phoneClaimedSubject: 'Your phone number was removed from your MyProsper account',
} as const;

/** POST /myprosper/auth/verifyEmail: the token of the e-mailed link (/verify-email/{token}). */
export const verifyEmailRequest = z.object({ token: z.string().min(1).max(2000) });
export const verifyEmailResponse = messageOnly;
/** POST /myprosper/auth/resendEmailLink (signed in): a new link to the account's unconfirmed address. */
export const resendEmailLinkResponse = messageOnly;
