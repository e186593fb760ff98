import { createHash, createHmac, randomInt } from 'node:crypto';
import { phoneCodeLength, phoneProofMinutes } from '@myprosper/contract/verification';
import { jwtVerify, SignJWT } from 'jose';

/** A random code of phoneCodeLength digits (crypto), leading zeros kept. */
export function newPhoneCode(): string {
  return String(randomInt(0, 10 ** phoneCodeLength)).padStart(phoneCodeLength, '0');
}

/** SHA-256 (hex) of a code: only this is stored. */
export function hashPhoneCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

const proofAudience = 'myprosper-phone-proof';
const proofIssuer = 'myprosper-api';

/** The proof key is derived from the app's signing secret, so a proof is never a bearer token or a ticket. */
function keyOf(secret: string): Uint8Array {
  return createHmac('sha256', secret).update('myprosper/phone-proof').digest();
}

/**
 * A mentor applicant's proof that they typed the code sent to this number: a JWT (HS256) naming the number,
 * good for phoneProofMinutes. The application must carry it for the number it gives.
 */
export function signPhoneProof(secret: string, phoneNumber: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ purpose: 'APPLICATION' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(phoneNumber)
    .setIssuer(proofIssuer)
    .setAudience(proofAudience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + phoneProofMinutes * 60)
    .sign(keyOf(secret));
}

/** Whether `proof` is a valid, unexpired proof for exactly this number (2547XXXXXXXX). */
export async function isPhoneProofFor(
  secret: string,
  proof: string | null | undefined,
  phoneNumber: string,
  now: Date,
): Promise<boolean> {
  if (!proof || proof.length > 2000 || !phoneNumber) return false;
  try {
    const { payload } = await jwtVerify(proof, keyOf(secret), {
      algorithms: ['HS256'],
      audience: proofAudience,
      issuer: proofIssuer,
      currentDate: now,
    });
    return payload.sub === phoneNumber && payload.purpose === 'APPLICATION';
  } catch {
    return false;
  }
}
