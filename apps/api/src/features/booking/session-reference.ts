import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A human-readable session reference: 'MPS-7K3Q9X' (31^6, about 887 million values). */
export function newSessionReference(): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += alphabet[randomInt(alphabet.length)];
  return `MPS-${code}`;
}

export const sessionReferencePattern = /^MPS-[2-9A-HJKMNP-Z]{6}$/;
