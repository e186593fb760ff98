import type { AdviseeDetails, AdvisorProfile } from '@myprosper/contract/profiles';

/** The editable fields both profile screens share, as the form holds them (text; industry id as text). */
export interface CommonProfileValues {
  email: string;
  industryId: string;
  gender: string;
  dob: string;
  linkedInUrl: string;
  occupation: string;
}

export interface AdvisorProfileValues extends CommonProfileValues {
  biography: string;
  favouriteQuote: string;
  country: string;
}

export function adviseeFormValues(details: AdviseeDetails): CommonProfileValues {
  return {
    email: details.email,
    industryId: details.industry ? String(details.industry.id) : '',
    gender: details.gender ?? '',
    dob: details.dob ?? '',
    linkedInUrl: details.linkedInUrl ?? '',
    occupation: details.occupation ?? '',
  };
}

export function advisorFormValues(profile: AdvisorProfile): AdvisorProfileValues {
  return {
    email: profile.email,
    industryId: profile.industry ? String(profile.industry.id) : '',
    gender: profile.gender ?? '',
    dob: profile.dob ?? '',
    linkedInUrl: profile.linkedInUrl ?? '',
    occupation: profile.occupation ?? '',
    biography: profile.biography,
    favouriteQuote: profile.favouriteQuote,
    country: profile.country ?? '',
  };
}

/** Whether any field differs from what was loaded: the Update button stays disabled until one does. */
export function hasChanges<T extends object>(initial: T, current: T): boolean {
  return (Object.keys(initial) as Array<keyof T>).some((key) => initial[key] !== current[key]);
}

/** A stored phone (E.164 digits, 254712345678) as people write it: 0712 345678, or +44… for others. */
export function displayPhone(phoneNumber: string | null): string {
  if (!phoneNumber) return '';
  const digits = phoneNumber.replace(/^\+/, '');
  if (/^254\d{9}$/.test(digits)) return `0${digits.slice(3, 6)} ${digits.slice(6)}`;
  return `+${digits}`;
}

/**
 * The fields to outline for a form's message: every blank required field for 'Please fill all fields',
 * otherwise the one field the rule named.
 */
export function invalidFields(
  problem: { field: string; message: string } | null,
  values: object,
  fillAllFieldsMessage: string,
): Set<string> {
  if (!problem) return new Set();
  if (problem.message !== fillAllFieldsMessage) return new Set([problem.field]);
  const blank = Object.entries(values)
    .filter(([, value]) => typeof value === 'string' && value.trim() === '')
    .map(([field]) => field);
  return new Set([problem.field, ...blank]);
}
