import { createHmac } from 'node:crypto';
import { isSameText } from '../../lib/same-text.ts';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226): HMAC-SHA1, 30-second steps from the Unix epoch,
 * 6 digits, as every authenticator app reads an `otpauth://totp/` link. Secrets travel as base32 (RFC 4648).
 */
export const totpStepSeconds = 30;
export const totpDigits = 6;

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, as authenticator apps take a key. */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

/** Base32 back to bytes, ignoring case, spaces, dashes and padding; null when a character is not base32. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The time step of an instant: whole 30-second periods since the epoch. */
export function stepAt(at: Date): number {
  return Math.floor(at.getTime() / 1000 / totpStepSeconds);
}

/** The code of one time step (RFC 4226 HOTP with the step as the counter, dynamic truncation). */
export function codeAt(secret: Uint8Array, step: number, digits = totpDigits, algorithm = 'sha1'): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac(algorithm, secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const number = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 10 ** digits).padStart(digits, '0');
}

/**
 * The step a typed code belongs to, allowing one step either side for clocks a little off; null when it is
 * none of them, or only matches a step at or before `usedUpTo` (a code is taken once).
 */
export function matchingStep(
  secret: Uint8Array,
  code: string,
  at: Date,
  usedUpTo: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = stepAt(at);
  for (const step of [now - 1, now, now + 1]) {
    if (usedUpTo !== null && step <= usedUpTo) continue;
    if (isSameText(codeAt(secret, step), code)) return step;
  }
  return null;
}

/** The link an authenticator app reads (Key Uri Format): MyProsper:<email>, issuer MyProsper. */
export function otpauthLink(secretBase32: string, email: string): string {
  const label = `${encodeURIComponent('MyProsper')}:${encodeURIComponent(email)}`;
  return `otpauth://totp/${label}?secret=${secretBase32}&issuer=MyProsper`;
}
