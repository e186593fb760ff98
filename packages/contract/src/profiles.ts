import { z } from 'zod';
import { industry, topicRef } from './catalogue.ts';
import { envelope, messageOnly } from './common.ts';
import { isCalendarDate, todayIn } from './dates.ts';
import { messages } from './messages.ts';
import { passwordMinLength } from './patterns.ts';
import {
  emailField,
  isBlank,
  isValidEmail,
  isValidPhone,
  type Message,
  toE164Phone,
  validateFullName,
} from './validation.ts';

/**
 * People's own data: advisee sign-up, the profile screens and their updates, file uploads, invite and help.
 * Each `validateX` checks a form in the spec's order and answers the first problem ({ field, message }) or null.
 */

export const genders = ['Male', 'Female'] as const;
export const gender = z.enum(genders);
export type Gender = z.infer<typeof gender>;

export const biographyMaxLength = 400;
export const favouriteQuoteMaxLength = 300;
const maxId = 2_147_483_647;

/** A problem with one field of a form: the field to mark and the message to show. */
export interface FieldProblem {
  field: string;
  message: Message;
}

const problem = (field: string, message: Message): FieldProblem => ({ field, message });

/** The first blank field of `fields` (in order), as 'Please fill all fields'. */
export function firstBlank(values: Record<string, unknown>, fields: readonly string[]): FieldProblem | null {
  for (const field of fields) {
    const value = values[field];
    const isEmpty =
      value === undefined ||
      value === null ||
      (typeof value === 'string' && isBlank(value)) ||
      (typeof value === 'number' && !Number.isFinite(value));
    if (isEmpty) return problem(field, messages.fillAllFields);
  }
  return null;
}

/** A birthday: a real yyyy-MM-dd date from 1900 on, and not after today (platform time zone). */
export function validateBirthday(dob: string | null | undefined, today: string = todayIn()): Message | null {
  if (isBlank(dob)) return messages.fillAllFields;
  const value = (dob ?? '').trim();
  if (!isCalendarDate(value) || value < '1900-01-01') return messages.invalidBirthday;
  return value > today ? messages.birthdayInFuture : null;
}

/** A LinkedIn address with https:// added when missing, or null when it is not a linkedin.com link. */
export function normaliseLinkedInUrl(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    const host = url.hostname.toLowerCase();
    const isLinkedIn = host === 'linkedin.com' || host.endsWith('.linkedin.com');
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !isLinkedIn) return null;
    if (url.username || url.password) return null;
    return url.toString();
  } catch {
    return null;
  }
}

export function validateLinkedInUrl(value: string | null | undefined): Message | null {
  if (isBlank(value)) return messages.fillAllFields;
  return normaliseLinkedInUrl(value ?? '') ? null : messages.invalidLinkedInUrl;
}

export function validateBiography(biography: string | null | undefined): Message | null {
  if (isBlank(biography)) return messages.fillAllFields;
  return (biography ?? '').trim().length > biographyMaxLength ? messages.biographyTooLong : null;
}

/** '  Jane   Wanjiru ' -> 'Jane Wanjiru' */
export function tidyName(name: string): string {
  return name.trim().split(/\s+/).join(' ');
}

/** The phone as stored: E.164 digits without the plus (254712123456), or null when invalid. */
export function storedPhone(phone: string): string | null {
  return toE164Phone(phone)?.replace(/^\+/, '') ?? null;
}

/** An id sent as a number or a numeric string (forms); NaN when missing or not a whole positive number. */
export function toId(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 && number <= maxId
    ? number
    : Number.NaN;
}

const text = (max: number, message?: string) => z.string().max(max, message ? { message } : undefined);
const idInput = z.union([z.number(), z.string().max(12)]).nullish();

// ---- Advisee sign-up (spec 5) ----

export interface AdviseeSignUpForm {
  email?: string;
  name?: string;
  phoneNumber?: string;
  password?: string;
  confirmPassword?: string;
  industryId?: number | string | null;
  gender?: string;
  dob?: string;
  source?: string;
}

/**
 * Advisee sign-up in the spec's order: phone required; every other field required; full name; e-mail;
 * phone; password length; confirmation; birthday.
 */
export function validateAdviseeSignUp(
  form: AdviseeSignUpForm,
  today: string = todayIn(),
): FieldProblem | null {
  if (isBlank(form.phoneNumber)) return problem('phoneNumber', messages.fillPhone);
  const required = ['name', 'email', 'industryId', 'password', 'confirmPassword', 'source', 'gender', 'dob'];
  const blank = firstBlank({ ...form, industryId: toId(form.industryId) }, required);
  if (blank) return blank;
  const nameProblem = validateFullName(form.name ?? '');
  if (nameProblem) return problem('name', nameProblem);
  if (!isValidEmail(form.email ?? '')) return problem('email', messages.invalidEmail);
  if (!isValidPhone(form.phoneNumber ?? '')) return problem('phoneNumber', messages.invalidPhoneNo);
  if ((form.password ?? '').length < passwordMinLength) return problem('password', messages.passwordLength);
  if (form.password !== form.confirmPassword) return problem('confirmPassword', messages.passwordMismatch);
  if (!(genders as readonly string[]).includes(form.gender ?? ''))
    return problem('gender', messages.fillAllFields);
  const birthday = validateBirthday(form.dob, today);
  return birthday ? problem('dob', birthday) : null;
}

/** POST /myprosper/auth/registerAdvisee — answers the login response, so the browser is signed in at once. */
export const registerAdviseeRequest = z
  .object({
    email: text(320, messages.invalidEmail).optional(),
    name: text(200, messages.fullName).optional(),
    phoneNumber: text(30, messages.invalidPhoneNo).optional(),
    password: text(200).optional(),
    confirmPassword: text(200).optional(),
    industryId: idInput,
    gender: text(20).optional(),
    /** yyyy-MM-dd */
    dob: text(10, messages.invalidBirthday).optional(),
    /** A lead source's name (GET /myprosper/api/getLeadSources). */
    source: text(100).optional(),
    /** Set when the person came from a group session invitation. */
    invitation: z.boolean().optional(),
    sessionId: z.union([z.number().int().positive().max(maxId), z.string().max(12)]).nullish(),
  })
  .superRefine((form, ctx) => {
    const found = validateAdviseeSignUp(form);
    if (found) ctx.addIssue({ code: 'custom', message: found.message, path: [found.field] });
  })
  .transform((form) => ({
    email: (form.email ?? '').trim().toLowerCase(),
    name: tidyName(form.name ?? ''),
    phoneNumber: storedPhone(form.phoneNumber ?? '') ?? '',
    password: form.password ?? '',
    industryId: toId(form.industryId),
    gender: form.gender as Gender,
    dob: (form.dob ?? '').trim(),
    source: (form.source ?? '').trim(),
    invitation: form.invitation ?? false,
    sessionId: Number.isNaN(toId(form.sessionId)) ? null : toId(form.sessionId),
  }));
export type RegisterAdviseeRequest = z.input<typeof registerAdviseeRequest>;
export type RegisterAdvisee = z.output<typeof registerAdviseeRequest>;

export const accountMessages = {
  registered: 'Registration successful',
  emailTaken: 'An account with this email already exists',
  phoneTaken: 'An account with this phone number already exists',
  unknownIndustry: 'Please choose an industry from the list',
} as const;

// ---- Profiles ----

/** GET /myprosper/api/getAdviseeDetails/{id} (spec entity Advisee). phoneNumber is E.164 digits: 254712123456. */
export const adviseeDetails = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  dob: z.string().nullable(),
  gender: z.string().nullable(),
  occupation: z.string().nullable(),
  linkedInUrl: z.string().nullable(),
  industry: industry.nullable(),
  profilePicUrl: z.string().nullable(),
  /** The address was confirmed by the signed link e-mailed to it (profile offers to send it again). */
  emailVerified: z.boolean(),
});
export type AdviseeDetails = z.infer<typeof adviseeDetails>;
export const adviseeDetailsResponse = envelope(adviseeDetails);

/** GET /myprosper/api/getAdvisorProfile/{id}: the mentor's own profile with the answers of the application. */
export const advisorProfile = adviseeDetails.omit({ username: true }).extend({
  videoURL: z.string().nullable(),
  favouriteQuote: z.string(),
  biography: z.string(),
  country: z.string().nullable(),
  topics: z.array(topicRef),
  yrsOfProfessionalWorkExperience: z.string().nullable(),
  sizeOfOrganization: z.string().nullable(),
  levelOfAdvisee: z.string().nullable(),
  ratingForWorkingWithNewAdvisees: z.string().nullable(),
  advisorDetails: z.object({ profilePicUrl: z.string().nullable() }),
});
export type AdvisorProfile = z.infer<typeof advisorProfile>;
export const advisorProfileResponse = envelope(advisorProfile);

export interface ProfileUpdateForm {
  email?: string;
  emailAddress?: string;
  industryId?: number | string | null;
  gender?: string;
  dob?: string;
  linkedInUrl?: string;
  occupation?: string;
  favouriteQuote?: string;
  biography?: string;
  country?: string;
}

/** Advisee edit: e-mail, industry, gender, occupation, LinkedIn and birthday required; then their formats. */
export function validateAdviseeUpdate(
  form: ProfileUpdateForm,
  today: string = todayIn(),
): FieldProblem | null {
  const values = { ...form, industryId: toId(form.industryId) };
  const blank = firstBlank(values, ['email', 'industryId', 'gender', 'occupation', 'linkedInUrl', 'dob']);
  if (blank) return blank;
  return checkFormats({ ...form, email: form.email }, today);
}

/** Advisor edit: as the advisee's plus biography, quote and country; biography at most 400 characters. */
export function validateAdvisorUpdate(
  form: ProfileUpdateForm,
  today: string = todayIn(),
): FieldProblem | null {
  const values = { ...form, industryId: toId(form.industryId) };
  const blank = firstBlank(values, [
    'emailAddress',
    'industryId',
    'gender',
    'occupation',
    'linkedInUrl',
    'dob',
    'biography',
    'favouriteQuote',
    'country',
  ]);
  if (blank) return blank;
  if (!isValidEmail(form.emailAddress ?? '')) return problem('emailAddress', messages.invalidEmail);
  const biography = validateBiography(form.biography);
  if (biography) return problem('biography', biography);
  return checkFormats({ ...form, email: form.emailAddress }, today);
}

function checkFormats(form: ProfileUpdateForm, today: string): FieldProblem | null {
  if (!isValidEmail(form.email ?? '')) return problem('email', messages.invalidEmail);
  if (!(genders as readonly string[]).includes(form.gender ?? ''))
    return problem('gender', messages.fillAllFields);
  const linkedIn = validateLinkedInUrl(form.linkedInUrl);
  if (linkedIn) return problem('linkedInUrl', linkedIn);
  const birthday = validateBirthday(form.dob, today);
  return birthday ? problem('dob', birthday) : null;
}

/** Whether a profile form changes the e-mail address (compared as it is stored: trimmed, lower case). */
export function isEmailChange(currentEmail: string, email: string | null | undefined): boolean {
  return (email ?? '').trim().toLowerCase() !== currentEmail.trim().toLowerCase();
}

/**
 * A new e-mail address needs the current password (ASVS V7.5.1: a stolen token alone must not redirect the
 * password reset mails); an unchanged one needs none.
 */
export function validateEmailChange(
  currentEmail: string,
  email: string | null | undefined,
  currentPassword: string | null | undefined,
): FieldProblem | null {
  if (!isEmailChange(currentEmail, email) || !isBlank(currentPassword)) return null;
  return problem('currentPassword', profileMessages.passwordForEmail);
}

const profileFields = {
  industryId: idInput,
  gender: text(20).optional(),
  dob: text(10, messages.invalidBirthday).optional(),
  linkedInUrl: text(500, messages.invalidLinkedInUrl).optional(),
  occupation: text(200).optional(),
  /** Needed only when the e-mail changes (validateEmailChange). */
  currentPassword: text(200).optional(),
};

const tidyProfile = (form: {
  industryId?: unknown;
  gender?: string;
  dob?: string;
  linkedInUrl?: string;
  occupation?: string;
  currentPassword?: string;
}) => ({
  industryId: toId(form.industryId),
  gender: form.gender as Gender,
  dob: (form.dob ?? '').trim(),
  linkedInUrl: normaliseLinkedInUrl(form.linkedInUrl ?? '') ?? '',
  occupation: (form.occupation ?? '').trim(),
  // As typed: a password is never trimmed.
  currentPassword: form.currentPassword ?? '',
});

/**
 * POST /myprosper/api/updateAdviseeDetails — name and phone are read-only: sent or not, they are ignored.
 * currentPassword (beside the spec's fields) is needed when the e-mail changes.
 */
export const updateAdviseeDetailsRequest = z
  .object({
    adviseeId: z.number().int().positive().max(maxId),
    email: text(320, messages.invalidEmail).optional(),
    ...profileFields,
  })
  .superRefine((form, ctx) => {
    const found = validateAdviseeUpdate(form);
    if (found) ctx.addIssue({ code: 'custom', message: found.message, path: [found.field] });
  })
  .transform((form) => ({
    adviseeId: form.adviseeId,
    email: (form.email ?? '').trim().toLowerCase(),
    ...tidyProfile(form),
  }));
export type UpdateAdviseeDetailsRequest = z.input<typeof updateAdviseeDetailsRequest>;
export type UpdateAdviseeDetails = z.output<typeof updateAdviseeDetailsRequest>;

/**
 * POST /myprosper/api/updateAdvisorDetails — profilePicUrl and videoURL, when sent, must be the current ones or
 * files the mentor uploaded (POST /myprosper/api/uploadFile); the replaced file is removed. currentPassword
 * (beside the spec's fields) is needed when the e-mail changes.
 */
export const updateAdvisorDetailsRequest = z
  .object({
    advisorId: z.number().int().positive().max(maxId),
    emailAddress: text(320, messages.invalidEmail).optional(),
    ...profileFields,
    favouriteQuote: text(favouriteQuoteMaxLength).optional(),
    biography: z.string().max(4000, messages.biographyTooLong).optional(),
    country: text(100).optional(),
    profilePicUrl: text(500).nullish(),
    videoURL: text(500).nullish(),
  })
  .superRefine((form, ctx) => {
    const found = validateAdvisorUpdate(form);
    if (found) ctx.addIssue({ code: 'custom', message: found.message, path: [found.field] });
  })
  .transform((form) => ({
    advisorId: form.advisorId,
    email: (form.emailAddress ?? '').trim().toLowerCase(),
    ...tidyProfile(form),
    favouriteQuote: (form.favouriteQuote ?? '').trim(),
    biography: (form.biography ?? '').trim(),
    country: (form.country ?? '').trim(),
    profilePicUrl: form.profilePicUrl?.trim() || null,
    videoURL: form.videoURL?.trim() || null,
  }));
export type UpdateAdvisorDetailsRequest = z.input<typeof updateAdvisorDetailsRequest>;
export type UpdateAdvisorDetails = z.output<typeof updateAdvisorDetailsRequest>;

export const profileMessages = {
  notOwnUpload: 'Please upload the file again',
  notFound: 'This profile was not found',
  passwordForEmail: 'Please enter your current password to change your email',
} as const;

export const profileUpdateResponse = messageOnly;

// ---- Invite and help ----

/** GET /myprosper/api/inviteLink — a personal link to share (copy, WhatsApp, SMS). */
export const inviteLink = z.object({ url: z.string(), text: z.string() });
export const inviteLinkResponse = envelope(inviteLink);

export const contactMessageMaxLength = 2000;

/** POST /myprosper/api/contactSupport — anyone, signed in or not. */
export const contactSupportRequest = z.object({
  name: z.string().trim().min(1, { message: messages.fillAllFields, abort: true }).max(200),
  email: emailField,
  message: z
    .string()
    .trim()
    .min(1, { message: messages.fillAllFields, abort: true })
    .max(contactMessageMaxLength, messages.messageTooLong),
});
export type ContactSupportRequest = z.infer<typeof contactSupportRequest>;
export const contactSupportResponse = messageOnly;
export const helpMessages = {
  contactSent: 'Your message has been sent. We will get back to you soon.',
} as const;
