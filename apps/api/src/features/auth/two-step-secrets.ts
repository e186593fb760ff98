import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Two-step sign-in keys at rest: TOTP secrets sealed with AES-256-GCM, and the key the short-lived log-in
 * challenges are signed with. Both come from the configured TWO_STEP_KEY, or are derived (HKDF-SHA256) from the
 * signing secret, each for its own purpose, so neither is the signing key itself.
 */
export interface TwoStepKeys {
  seal: Buffer;
  challenge: Uint8Array;
}

export function twoStepKeys(signingSecret: string, configuredKey: string | undefined): TwoStepKeys {
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', signingSecret, 'myprosper', `two-step ${purpose}`, 32));
  return {
    seal: configuredKey ? Buffer.from(configuredKey, 'hex') : derive('secrets'),
    challenge: new Uint8Array(derive('challenge')),
  };
}

/** iv.tag.ciphertext, each base64url: a fresh 12-byte nonce per seal, the 16-byte tag checked on opening. */
export function seal(key: Buffer, plain: Buffer, userId: number): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  // The account is the associated data: a sealed secret copied to another account's row does not open.
  cipher.setAAD(Buffer.from(String(userId)));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** The sealed bytes, or null when the text was tampered with, sealed for another account or with another key. */
export function open(key: Buffer, sealed: string, userId: number): Buffer | null {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body || iv.length !== 12 || tag.length !== 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(String(userId)));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    return null;
  }
}
