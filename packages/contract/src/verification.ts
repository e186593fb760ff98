import { z } from 'zod';
import { envelope, messageOnly } from './common.ts';
import { messages } from './messages.ts';
import { isBlank, isValidPhone, toE164Phone } from './validation.ts';

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
  /** The body of that e-mail (the number is shown as we stored it; nothing else typed by anyone). */
  phoneClaimedText: (phone: string) =>
    [
      `The phone number ${phone} was removed from your MyProsper account: its owner proved it is theirs with a code we sent to it by SMS.`,
      '',
      'If the number is yours, sign in, add it again under your profile and type the code we send to it.',
    ].join('\n'),
  /** The application carries no proof, or one for another number (the wizard's phone step verifies it). */
  applicationPhoneNotVerified: 'Please verify your phone number with the code we sent you',
  sameNumber: 'This is already your phone number',
} as const;

/** POST /myprosper/auth/verifyEmail: the token of the e-mailed link (/verify-email/{token}). */
export const verifyEmailRequest = z.object({ token: z.string().min(1).max(2000) });
export const verifyEmailResponse = messageOnly;
/** POST /myprosper/auth/resendEmailLink (signed in): a new link to the account's unconfirmed address. */
export const resendEmailLinkResponse = messageOnly;

/** Minutes the proof of an applicant's verified phone is good for (the application must be sent by then). */
export const phoneProofMinutes = 60;

/** The phone as stored: E.164 digits without the plus (254712123456), or '' when invalid. */
const storedNumber = (phone: string) => toE164Phone(phone)?.replace(/^\+/, '') ?? '';

/** A phone as typed (Kenyan or international), answered as stored (2547XXXXXXXX); the spec's messages. */
export const phoneInput = z
  .string()
  .max(30, messages.invalidPhoneNo)
  .superRefine((value, ctx) => {
    if (isBlank(value)) ctx.addIssue({ code: 'custom', message: messages.fillPhone });
    else if (!isValidPhone(value)) ctx.addIssue({ code: 'custom', message: messages.invalidPhoneNo });
  })
  .transform(storedNumber);

const codeInput = z
  .string()
  .max(20, verificationMessages.wrongCode)
  .transform((value) => value.replace(/\s+/g, ''))
  .superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: verificationMessages.fillCode });
    else if (!new RegExp(`^\\d{${phoneCodeLength}}$`).test(value))
      ctx.addIssue({ code: 'custom', message: verificationMessages.wrongCode });
  });

/**
 * POST /myprosper/auth/phone/sendCode (signed in): without phoneNumber, a code to the account's own number
 * (purpose ACCOUNT); with a number other than the account's, a code to that new number (purpose CHANGE: the
 * old number stays until the new one is verified).
 */
export const sendPhoneCodeRequest = z.object({ phoneNumber: phoneInput.optional() });
export type SendPhoneCodeRequest = z.input<typeof sendPhoneCodeRequest>;

/** What every code request answers, whether or not an SMS went out (no oracle of who holds a number). */
export const phoneCodeSent = z.object({
  /** 2547XXXXXXXX: the number the code is for. */
  phoneNumber: z.string(),
  /** Seconds before another code may be asked for (the screen counts them down). */
  resendInSeconds: z.number().int(),
});
export type PhoneCodeSent = z.infer<typeof phoneCodeSent>;
export const phoneCodeSentResponse = envelope(phoneCodeSent);

/** POST /myprosper/auth/phone/verify (signed in): the code of the latest request (own or new number). */
export const verifyPhoneCodeRequest = z.object({ code: codeInput, phoneNumber: phoneInput.optional() });
export type VerifyPhoneCodeRequest = z.input<typeof verifyPhoneCodeRequest>;

/** GET /myprosper/auth/phone: the caller's number and whether it is verified. */
export const phoneStatus = z.object({ phoneNumber: z.string().nullable(), verified: z.boolean() });
export type PhoneStatus = z.infer<typeof phoneStatus>;
export const phoneStatusResponse = envelope(phoneStatus);

/** POST /myprosper/auth/application/phone/sendCode (anyone): a code to a mentor applicant's number. */
export const sendApplicationCodeRequest = z.object({ phoneNumber: phoneInput });
export type SendApplicationCodeRequest = z.input<typeof sendApplicationCodeRequest>;

/**
 * POST /myprosper/auth/application/phone/verify (anyone): answers a signed proof that this number was
 * verified, which the application (POST /myprosper/auth/registerAdvisor, field phoneProof) must carry.
 */
export const verifyApplicationCodeRequest = z.object({ phoneNumber: phoneInput, code: codeInput });
export type VerifyApplicationCodeRequest = z.input<typeof verifyApplicationCodeRequest>;
export const phoneProof = z.object({ phoneNumber: z.string(), phoneProof: z.string() });
export type PhoneProof = z.infer<typeof phoneProof>;
export const phoneProofResponse = envelope(phoneProof);
