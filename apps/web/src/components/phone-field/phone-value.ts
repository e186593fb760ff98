import { defaultPhoneCountry } from '@myprosper/contract/validation';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';

export const defaultCountry = defaultPhoneCountry as CountryCode;

/** What the person typed, and the country it is read in. */
export interface PhoneInputValue {
  country: CountryCode;
  number: string;
}

export const emptyPhone: PhoneInputValue = { country: defaultCountry, number: '' };

/**
 * The number to validate and send: international form (+254712123456) when it can be read in the chosen
 * country (valid or not, so the contract's rule judges it); the text as typed otherwise; '' when empty.
 */
export function phoneToSend({ country, number }: PhoneInputValue): string {
  const trimmed = number.trim();
  if (trimmed === '') return '';
  return parsePhoneNumberFromString(trimmed, country)?.number ?? trimmed;
}

/** A stored or linked phone (254712123456, +254…, 0712…) split into country and national form for the field. */
export function phoneFromText(text: string): PhoneInputValue {
  const trimmed = text.trim();
  const candidates = [trimmed, /^\d{10,15}$/.test(trimmed) ? `+${trimmed}` : null];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const parsed = parsePhoneNumberFromString(candidate, defaultCountry);
    if (parsed?.isValid()) {
      return { country: parsed.country ?? defaultCountry, number: parsed.formatNational() };
    }
  }
  return { country: defaultCountry, number: trimmed };
}
