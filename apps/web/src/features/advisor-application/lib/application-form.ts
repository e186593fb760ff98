import { type AdvisorApplicationForm, advisorTerms } from '@myprosper/contract/advisor-application';
import { messages } from '@myprosper/contract/messages';
import type { FieldProblem } from '@myprosper/contract/profiles';
import { isBlank } from '@myprosper/contract/validation';
import type { CroppedImage } from '../../../components/image-cropper/crop-image.ts';
import { type CountryCode, countryName } from '../../../components/phone-field/countries.ts';
import {
  defaultCountry,
  emptyPhone,
  type PhoneInputValue,
  phoneToSend,
} from '../../../components/phone-field/phone-value.ts';

/** The application as typed (every field a string; topics as ids in text). */
export interface ApplicationValues {
  name: string;
  email: string;
  phone: PhoneInputValue;
  password: string;
  confirmPassword: string;
  gender: string;
  dob: string;
  linkedInUrl: string;
  favouriteQuote: string;
  biography: string;
  country: CountryCode;
  industryId: string;
  occupation: string;
  yrsOfProfessionalWorkExperience: string;
  sizeOfOrganization: string;
  levelOfAdvisee: string;
  ratingForWorkingWithNewAdvisees: string;
  topics: string[];
  termsAccepted: boolean;
  /** The signed proof that the code sent to `provenPhone` was typed (sent with the application). */
  phoneProof: string;
  provenPhone: string;
}

export const emptyApplication: ApplicationValues = {
  name: '',
  email: '',
  phone: emptyPhone,
  password: '',
  confirmPassword: '',
  gender: '',
  dob: '',
  linkedInUrl: '',
  favouriteQuote: '',
  biography: '',
  country: defaultCountry,
  industryId: '',
  occupation: '',
  yrsOfProfessionalWorkExperience: '',
  sizeOfOrganization: '',
  levelOfAdvisee: '',
  ratingForWorkingWithNewAdvisees: '',
  topics: [],
  termsAccepted: false,
  phoneProof: '',
  provenPhone: '',
};

/** The chosen files: the cropped photo (null until Done), whether the cropper is open, and the video. */
export interface ApplicationFilesState {
  photo: CroppedImage | null;
  isCropping: boolean;
  video: File | null;
}

export const noFiles: ApplicationFilesState = { photo: null, isCropping: false, video: null };

/** The contract's shape, which validateBioData / validateExpertise / validateTerms check. */
export function toApplicationForm(values: ApplicationValues): AdvisorApplicationForm {
  return {
    email: values.email.trim(),
    name: values.name,
    phoneNumber: phoneToSend(values.phone),
    password: values.password,
    confirmPassword: values.confirmPassword,
    dob: values.dob,
    gender: values.gender,
    source: '',
    linkedInUrl: values.linkedInUrl,
    favouriteQuote: values.favouriteQuote,
    biography: values.biography,
    occupation: values.occupation,
    yrsOfProfessionalWorkExperience: values.yrsOfProfessionalWorkExperience,
    sizeOfOrganization: values.sizeOfOrganization,
    levelOfAdvisee: values.levelOfAdvisee,
    ratingForWorkingWithNewAdvisees: values.ratingForWorkingWithNewAdvisees,
    industryId: values.industryId,
    topics: values.topics,
    country: countryName(values.country),
    termsAccepted: values.termsAccepted,
    termsVersion: advisorTerms.version,
  };
}

/** The ONE multipart request of the spec: every field, topics repeated, then the photo and the video. */
export function toFormData(values: ApplicationValues, files: ApplicationFilesState): FormData {
  const form = toApplicationForm(values);
  const data = new FormData();
  for (const [name, value] of Object.entries(form)) {
    if (name === 'topics') continue;
    data.append(name, String(value ?? ''));
  }
  for (const topic of values.topics) data.append('topics', topic);
  if (isPhoneProven(values)) data.append('phoneProof', values.phoneProof);
  if (files.photo) data.append('profilePic', files.photo.file, files.photo.file.name);
  if (files.video) data.append('video', files.video, files.video.name);
  return data;
}

/** Text fields of the application that a step requires (for the red outlines of 'Please fill all fields'). */
const requiredOf: Record<string, ReadonlyArray<keyof AdvisorApplicationForm>> = {
  bio: [
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
  ],
  expertise: [
    'industryId',
    'occupation',
    'yrsOfProfessionalWorkExperience',
    'sizeOfOrganization',
    'levelOfAdvisee',
    'ratingForWorkingWithNewAdvisees',
  ],
};

/** The fields to outline for a step's message: every empty one for 'Please fill all fields', else its field. */
export function markedFields(
  problem: FieldProblem | null,
  form: AdvisorApplicationForm,
  step: 'bio' | 'expertise' | 'terms',
): Set<string> {
  if (!problem) return new Set();
  if (problem.message !== messages.fillAllFields) return new Set([problem.field]);
  const blank = (requiredOf[step] ?? []).filter((field) => {
    const value = form[field];
    return value === undefined || value === null || (typeof value === 'string' && isBlank(value));
  });
  return new Set([problem.field, ...blank]);
}

/** 1.5 MB, 820 KB: a file's size for people. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Whether the phone as typed now is the one whose code was typed (its proof is then sent). */
export function isPhoneProven(values: ApplicationValues): boolean {
  return values.phoneProof !== '' && values.provenPhone === phoneToSend(values.phone);
}

/** Where the application as typed is kept across a reload of the tab (never the files or the passwords). */
export const applicationDraftKey = 'myprosper.application-draft';

/** The application as typed, to keep: every field but the passwords. */
export function toDraft(values: ApplicationValues): string {
  const { password: _password, confirmPassword: _confirm, ...kept } = values;
  return JSON.stringify(kept);
}

/** The kept application over the empty one; anything unreadable or of the wrong shape is left out. */
export function fromDraft(text: string | null): ApplicationValues {
  if (!text) return emptyApplication;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return emptyApplication;
  }
  if (!parsed || typeof parsed !== 'object') return emptyApplication;
  const draft = parsed as Record<string, unknown>;
  const restored: Record<string, unknown> = { ...emptyApplication };
  for (const [field, empty] of Object.entries(emptyApplication)) {
    if (field === 'password' || field === 'confirmPassword') continue;
    const value = draft[field];
    if (value === undefined) continue;
    if (Array.isArray(empty)) {
      if (Array.isArray(value) && value.every((item) => typeof item === 'string')) restored[field] = value;
    } else if (typeof empty === 'object' && empty !== null) {
      if (value && typeof value === 'object') restored[field] = { ...empty, ...(value as object) };
    } else if (typeof value === typeof empty) {
      restored[field] = value;
    }
  }
  return restored as unknown as ApplicationValues;
}
