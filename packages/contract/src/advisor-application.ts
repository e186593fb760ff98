import { z } from 'zod';
import { maxAdvisorTopics } from './advisor-settings.ts';
import { messageOnly } from './common.ts';
import { todayIn } from './dates.ts';
import { messages } from './messages.ts';
import { passwordMinLength } from './patterns.ts';
import {
  type FieldProblem,
  favouriteQuoteMaxLength,
  firstBlank,
  type Gender,
  genders,
  normaliseLinkedInUrl,
  storedPhone,
  tidyName,
  toId,
  validateBiography,
  validateBirthday,
  validateLinkedInUrl,
} from './profiles.ts';
import { isVideoFileName } from './uploads.ts';
import { isValidEmail, isValidPhone, validateFullName } from './validation.ts';
import { phoneInput } from './verification.ts';

/**
 * The mentor application (/new_advisor): three steps, each checked by Next in the spec's order, and sent as
 * ONE multipart request to POST /myprosper/auth/registerAdvisor with the files profilePic (cropped 1:1) and
 * video. The server runs the same three checks, then checks the files by their content.
 */

export const applicationSteps = ['Bio Data', 'Interest & Expertise', 'Submit for Review'] as const;

/** The text fields of the multipart request (every value a string there; topics repeated or comma separated). */
export interface AdvisorApplicationForm {
  email?: string;
  name?: string;
  phoneNumber?: string;
  password?: string;
  confirmPassword?: string;
  /** yyyy-MM-dd */
  dob?: string;
  gender?: string;
  /** Sent empty by the spec's client. */
  source?: string;
  linkedInUrl?: string;
  favouriteQuote?: string;
  biography?: string;
  occupation?: string;
  yrsOfProfessionalWorkExperience?: string;
  sizeOfOrganization?: string;
  levelOfAdvisee?: string;
  ratingForWorkingWithNewAdvisees?: string;
  industryId?: number | string | null;
  topics?: ReadonlyArray<number | string>;
  country?: string;
  termsAccepted?: boolean | string;
  /** The version of the terms the form showed (advisorTerms.version); the current one when not sent. */
  termsVersion?: string;
}

/** What the browser knows about the chosen files. */
export interface ApplicationFiles {
  hasImage: boolean;
  /** False while the cropper is still open. */
  isCropped?: boolean;
  /** The chosen video's file name; null when none was chosen. */
  videoFileName: string | null;
}

/**
 * The mentor terms accepted at Submit for Review. The server stores the version with the time of acceptance;
 * change the version whenever the text changes.
 */
export const advisorTerms = {
  version: '2026-01',
  text: 'I accept the terms: my profile, photo and video are shown publicly once my application is approved, and I will keep my sessions professional.',
} as const;

export const answerMaxLength = 100;
export const occupationMaxLength = 200;

export const applicationMessages = {
  submitted: 'Your application has been submitted for review. We will e-mail you once it is approved.',
  /**
   * The answer to every application sent without the account's password: what was done, the same whether or
   * not the e-mail is registered (the e-mail says the rest: confirm the address, or sign in, or reset).
   */
  checkEmail: 'Thank you. Check your e-mail to continue: we sent you a message about your application.',
  quoteTooLong: `Favourite quote must be at most ${favouriteQuoteMaxLength} characters`,
  answerTooLong: 'Please choose an answer from the list',
  occupationTooLong: `Occupation must be at most ${occupationMaxLength} characters`,
  termsChanged: 'The terms have changed since you opened this form. Please read them and accept them again.',
  alreadyPending:
    'You have already applied with this e-mail. Your application is waiting for review; we will e-mail you once it has been reviewed.',
  alreadyMentor: 'This e-mail already belongs to a mentor on MyProsper. Please log in instead.',
  /** Step 1's check found nothing in the way: the applicant goes on to step 2. */
  mayContinue: 'You can continue your application.',
} as const;

const problem = (field: string, message: string): FieldProblem => ({ field, message });

/** Step 1, Bio Data: required fields; photo uploaded and cropped; name, e-mail, phone, password, biography, LinkedIn, birthday. */
export function validateBioData(
  form: AdvisorApplicationForm,
  files: Pick<ApplicationFiles, 'hasImage' | 'isCropped'>,
  today: string = todayIn(),
): FieldProblem | null {
  const blank = firstBlank({ ...form }, [
    'phoneNumber',
    'name',
    'email',
    'password',
    'confirmPassword',
    'gender',
    'biography',
    'favouriteQuote',
    'linkedInUrl',
    'dob',
  ]);
  if (blank) return blank;
  if (!files.hasImage) return problem('profilePic', messages.uploadProfileImage);
  if (files.isCropped === false) return problem('profilePic', messages.finishCropping);
  const nameProblem = validateFullName(form.name ?? '');
  if (nameProblem) return problem('name', nameProblem);
  if (!isValidEmail(form.email ?? '')) return problem('email', messages.invalidEmail);
  if (!isValidPhone(form.phoneNumber ?? '')) return problem('phoneNumber', messages.invalidPhoneNo);
  if ((form.password ?? '').length < passwordMinLength) return problem('password', messages.passwordLength);
  if (form.password !== form.confirmPassword) return problem('confirmPassword', messages.passwordMismatch);
  if (!(genders as readonly string[]).includes(form.gender ?? ''))
    return problem('gender', messages.fillAllFields);
  const biography = validateBiography(form.biography);
  if (biography) return problem('biography', biography);
  if ((form.favouriteQuote ?? '').trim().length > favouriteQuoteMaxLength)
    return problem('favouriteQuote', applicationMessages.quoteTooLong);
  const linkedIn = validateLinkedInUrl(form.linkedInUrl);
  if (linkedIn) return problem('linkedInUrl', linkedIn);
  const birthday = validateBirthday(form.dob, today);
  return birthday ? problem('dob', birthday) : null;
}

/** Step 2, Interest & Expertise: the selects; one to five topics; a video chosen, named like a video. */
export function validateExpertise(
  form: AdvisorApplicationForm,
  files: Pick<ApplicationFiles, 'videoFileName'>,
): FieldProblem | null {
  const blank = firstBlank({ ...form, industryId: toId(form.industryId) }, [
    'industryId',
    'occupation',
    'yrsOfProfessionalWorkExperience',
    'sizeOfOrganization',
    'levelOfAdvisee',
    'ratingForWorkingWithNewAdvisees',
  ]);
  if (blank) return blank;
  if ((form.occupation ?? '').trim().length > occupationMaxLength)
    return problem('occupation', applicationMessages.occupationTooLong);
  for (const field of [
    'yrsOfProfessionalWorkExperience',
    'sizeOfOrganization',
    'levelOfAdvisee',
    'ratingForWorkingWithNewAdvisees',
  ] as const) {
    if ((form[field] ?? '').trim().length > answerMaxLength)
      return problem(field, applicationMessages.answerTooLong);
  }
  const topics = form.topics ?? [];
  if (topics.length === 0) return problem('topics', messages.selectTopic);
  if (topics.length > maxAdvisorTopics) return problem('topics', messages.maxTopics);
  const ids = topics.map(toId);
  if (ids.some(Number.isNaN)) return problem('topics', messages.selectTopic);
  if (new Set(ids).size !== ids.length) return problem('topics', messages.topicsUnique);
  if (files.videoFileName === null) return problem('video', messages.uploadVideo);
  if (!isVideoFileName(files.videoFileName)) return problem('video', messages.notVideoFile);
  return null;
}

/** Step 3, Submit for Review: terms accepted, and the ones in force (when the form says which it showed). */
export function validateTerms(form: AdvisorApplicationForm): FieldProblem | null {
  if (!isAccepted(form.termsAccepted)) return problem('termsAccepted', messages.acceptTerms);
  const version = form.termsVersion?.trim();
  if (version && version !== advisorTerms.version) {
    return problem('termsAccepted', applicationMessages.termsChanged);
  }
  return null;
}

/** The three steps in order: the first problem of the whole application. */
export function validateAdvisorApplication(
  form: AdvisorApplicationForm,
  files: ApplicationFiles,
  today: string = todayIn(),
): FieldProblem | null {
  return validateBioData(form, files, today) ?? validateExpertise(form, files) ?? validateTerms(form);
}

function isAccepted(value: boolean | string | undefined): boolean {
  return value === true || value === 'true' || value === 'on' || value === '1';
}

/** A multipart field sent once, several times, or as '1,2' / '[1,2]' (topics), as a list. */
export function readList(value: string | readonly string[] | undefined): string[] {
  if (value === undefined) return [];
  const values = typeof value === 'string' ? [value] : [...value];
  return values.flatMap((item) => {
    const trimmed = item.trim();
    if (trimmed.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(trimmed);
        return Array.isArray(parsed) ? parsed.map(String) : [];
      } catch {
        return [trimmed];
      }
    }
    return trimmed
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  });
}

/** The multipart text fields as the form's shape (the last value of a field sent twice wins, except topics). */
export function readApplicationFields(
  raw: Record<string, string | readonly string[]>,
): AdvisorApplicationForm {
  const one = (name: string) => {
    const value = raw[name];
    return typeof value === 'string' ? value : value?.[value.length - 1];
  };
  return {
    email: one('email'),
    name: one('name'),
    phoneNumber: one('phoneNumber'),
    password: one('password'),
    confirmPassword: one('confirmPassword'),
    dob: one('dob'),
    gender: one('gender'),
    source: one('source'),
    linkedInUrl: one('linkedInUrl'),
    favouriteQuote: one('favouriteQuote'),
    biography: one('biography'),
    occupation: one('occupation'),
    yrsOfProfessionalWorkExperience: one('yrsOfProfessionalWorkExperience'),
    sizeOfOrganization: one('sizeOfOrganization'),
    levelOfAdvisee: one('levelOfAdvisee'),
    ratingForWorkingWithNewAdvisees: one('ratingForWorkingWithNewAdvisees'),
    industryId: one('industryId'),
    topics: readList(raw.topics),
    country: one('country'),
    termsAccepted: one('termsAccepted'),
    termsVersion: one('termsVersion'),
  };
}

/** A valid application, tidied for storing. */
export interface AdvisorApplication {
  email: string;
  name: string;
  phoneNumber: string;
  password: string;
  dob: string;
  gender: Gender;
  source: string | null;
  linkedInUrl: string;
  favouriteQuote: string;
  biography: string;
  occupation: string;
  yrsOfProfessionalWorkExperience: string;
  sizeOfOrganization: string;
  levelOfAdvisee: string;
  ratingForWorkingWithNewAdvisees: string;
  industryId: number;
  topics: number[];
  country: string | null;
}

/** Call only after validateAdvisorApplication passed. */
export function tidyApplication(form: AdvisorApplicationForm): AdvisorApplication {
  const text = (value: string | undefined) => (value ?? '').trim();
  return {
    email: text(form.email).toLowerCase(),
    name: tidyName(form.name ?? ''),
    phoneNumber: storedPhone(form.phoneNumber ?? '') ?? '',
    password: form.password ?? '',
    dob: text(form.dob),
    gender: form.gender as Gender,
    source: text(form.source).slice(0, 100) || null,
    linkedInUrl: normaliseLinkedInUrl(form.linkedInUrl ?? '') ?? '',
    favouriteQuote: text(form.favouriteQuote),
    biography: text(form.biography),
    occupation: text(form.occupation),
    yrsOfProfessionalWorkExperience: text(form.yrsOfProfessionalWorkExperience),
    sizeOfOrganization: text(form.sizeOfOrganization),
    levelOfAdvisee: text(form.levelOfAdvisee),
    ratingForWorkingWithNewAdvisees: text(form.ratingForWorkingWithNewAdvisees),
    industryId: toId(form.industryId),
    topics: (form.topics ?? []).map(toId),
    country: text(form.country).slice(0, 100) || null,
  };
}

/** POST /myprosper/auth/registerAdvisor answers 'Your application has been submitted for review…'. */
export const registerAdvisorResponse = messageOnly;

/**
 * POST /myprosper/auth/application/check (anyone; sign-up's limit a minute): step 1's e-mail, phone and password
 * checked before anything is uploaded. Answers as sign-up would: 'An account with this email already exists' (409)
 * unless the address is free or is a rejected applicant's and the password is theirs (checked under sign-in's
 * delays); 'An account with this phone number already exists' (409) for a number another account has verified;
 * the password rules (422).
 */
export const applicationCheckRequest = z.object({
  email: z
    .string()
    .max(254, messages.invalidEmail)
    .refine((value) => isValidEmail(value.trim()), messages.invalidEmail)
    .transform((value) => value.trim()),
  phoneNumber: phoneInput,
  password: z.string().min(passwordMinLength, messages.passwordLength).max(200, messages.passwordLength),
  name: z.string().max(200).optional(),
});
export type ApplicationCheckRequest = z.input<typeof applicationCheckRequest>;
export const applicationCheckResponse = messageOnly;
