import { messages } from '@myprosper/contract/messages';
import { dictionary } from '@zxcvbn-ts/language-common';
import { invalid } from './errors.ts';

/**
 * A new password's checks beside the form's rules (at least 8 characters): not one of the common and breached
 * passwords, and not containing the site's name or the user's own e-mail or name. Each path that sets a
 * password (sign-up, mentor application, change, reset, a new admin) asks here before hashing.
 */

/** The site's own name: any case, anywhere in the password. */
const siteWords = ['myprosper'];
/** A part of the user's e-mail or name is looked for when it is at least this long ('Jo' would refuse too much). */
const shortestPersonalWord = 4;

let commonPasswords: ReadonlySet<string> | undefined;

/**
 * Whether the password, in any case, is on the common passwords list of zxcvbn-ts (about 49,000 passwords
 * most seen in breaches), read into memory once, on first use.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

/** Whose password it is: the e-mail (which is also the username) and the name. */
export interface PasswordOwner {
  email: string;
  name: string;
}

/** What a password must not contain: the site's name, the e-mail's local part and its pieces, each name. */
function personalWords({ email, name }: PasswordOwner): string[] {
  const localPart = (email.split('@')[0] ?? '').toLowerCase();
  const pieces = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  return [...siteWords, localPart, ...pieces(localPart), ...pieces(name)].filter(
    (word) => word.length >= shortestPersonalWord,
  );
}

/** Why this new password is refused, or null when it may be used. */
export function passwordProblem(password: string, owner: PasswordOwner): string | null {
  if (isCommonPassword(password)) return messages.passwordTooCommon;
  const lower = password.toLowerCase();
  if (personalWords(owner).some((word) => lower.includes(word))) return messages.passwordPersonal;
  return null;
}

/** Refuses (422 with the reason) a new password that is common or personal; nothing is stored then. */
export function assertPasswordAllowed(password: string, owner: PasswordOwner): void {
  const problem = passwordProblem(password, owner);
  if (problem) throw invalid(problem);
}
