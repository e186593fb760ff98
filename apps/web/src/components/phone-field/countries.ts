import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js';

export type { CountryCode };

export interface Country {
  code: CountryCode;
  name: string;
  callingCode: string;
}

let cache: Country[] | null = null;

/** Every country with a phone numbering plan (about 240), named in English, sorted by name. */
export function listCountries(): Country[] {
  if (cache) return cache;
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  cache = getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code, callingCode: getCountryCallingCode(code) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return cache;
}

export function countryName(code: CountryCode): string {
  return listCountries().find((country) => country.code === code)?.name ?? code;
}
