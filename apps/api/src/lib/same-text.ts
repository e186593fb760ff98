import { timingSafeEqual } from 'node:crypto';

/**
 * Compares two texts, a signature we computed and one we were given, in constant time. Signatures are
 * compared as the exact text we issue, never after decoding: base64url has spare bits in its last
 * character, so two different texts can decode to the same bytes.
 */
export function isSameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  // timingSafeEqual needs equal lengths; a wrong length is a wrong signature.
  return a.length === b.length && timingSafeEqual(a, b);
}
