import { createHash, randomInt } from 'node:crypto';
import { voucherCodeAlphabet, voucherCodeLength } from '@myprosper/contract/vouchers';

/**
 * A voucher code: 16 characters drawn uniformly by the crypto RNG from 31 that cannot be misread (about 79
 * bits), so it cannot be guessed. Only its SHA-256 is stored; with that much entropy no salt is needed.
 */
export function newVoucherCode(): string {
  let code = '';
  for (let i = 0; i < voucherCodeLength; i++)
    code += voucherCodeAlphabet[randomInt(voucherCodeAlphabet.length)];
  return code;
}

/** The stored form of a (normalised) code. */
export function hashVoucherCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

/** A human-readable voucher reference, the createVoucher answer: 'VCH-7K3Q9X'. */
export function newVoucherReference(): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += voucherCodeAlphabet[randomInt(voucherCodeAlphabet.length)];
  return `VCH-${code}`;
}

export const voucherReferencePattern = /^VCH-[2-9A-HJKMNP-Z]{6}$/;
