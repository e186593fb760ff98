/** `%text%` for ILIKE, with the wildcards of the text taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * What an operator types for a phone number, in any of the ways people say it ('0712 345 678',
 * '+254 712-345-678', '254712345678', '712345678', or the first digits of any of them), as the digits we keep
 * (2547…): null when the text is not a phone number at all.
 */
export function phoneDigits(query: string): string | null {
  const compact = query.trim().replace(/[\s().-]/g, '');
  if (!/^\+?\d{3,15}$/.test(compact)) return null;
  const digits = compact.replace(/^\+/, '');
  if (digits.startsWith('0')) return `254${digits.slice(1)}`;
  if (/^[17]\d{8}$/.test(digits)) return `254${digits}`;
  return digits;
}

/** The ILIKE pattern for a phone column: the number's digits as we keep them, or the text as typed. */
export function phoneContaining(query: string): string {
  return containing(phoneDigits(query) ?? query);
}
