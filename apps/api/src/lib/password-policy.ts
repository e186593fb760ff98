import { passwordMessages } from '@myprosper/contract/password-messages';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { invalid } from './errors.ts';

/**
 * A new password's checks beside the form's rules (at least 8 characters): not one of the common and breached
 * passwords, not containing the site's name or the user's own e-mail or name, and not too guessable (zxcvbn-ts
 * score below 2: `aaaaaaaa`, `12341234`, `abcdefgh`). Each path that sets a password (sign-up, mentor
 * application, change, reset, a new admin) asks here before hashing.
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

/**
 * The lowest zxcvbn-ts score a new password may have: 2 means about a million guesses or more, out of reach of
 * an online attack against our rate limits (0 and 1 are the passwords guessed first: repeats, sequences,
 * keyboard rows, dictionary words with a digit).
 */
export const lowestPasswordScore = 2;
/**
 * zxcvbn-ts judges this many characters: its matchers take time that grows fast with the length (a 200-digit
 * password took a second), and a password whose first 32 characters are hard to guess is hard to guess.
 */
const judgedLength = 32;

let estimator: ZxcvbnFactory | undefined;

/** zxcvbn-ts's score (0 to 4) of a password, with the common dictionaries and keyboards; built once, on first use. */
export function passwordScore(password: string): number {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: judgedLength });
  return estimator.check(password).score;
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
  if (isCommonPassword(password)) return passwordMessages.tooCommon;
  const lower = password.toLowerCase();
  if (personalWords(owner).some((word) => lower.includes(word))) return passwordMessages.personal;
  if (passwordScore(password) < lowestPasswordScore) return passwordMessages.tooGuessable;
  return null;
}

/** Refuses (422 with the reason) a new password that is common, personal or guessable; nothing is stored then. */
export function assertPasswordAllowed(password: string, owner: PasswordOwner): void {
  const problem = passwordProblem(password, owner);
  if (problem) throw invalid(problem);
}
