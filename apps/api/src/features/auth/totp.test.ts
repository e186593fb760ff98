import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, codeAt, matchingStep, otpauthLink, stepAt } from './totp.ts';

/** RFC 6238 appendix B: the seeds of the three hash functions and the 8-digit codes at six instants. */
const seeds = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const vectors: Array<[seconds: number, sha1: string, sha256: string, sha512: string]> = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(vectors)('gives the appendix B codes at %i seconds', (seconds, sha1, sha256, sha512) => {
    const step = stepAt(new Date(seconds * 1000));
    expect(codeAt(seeds.sha1, step, 8)).toBe(sha1);
    expect(codeAt(seeds.sha256, step, 8, 'sha256')).toBe(sha256);
    expect(codeAt(seeds.sha512, step, 8, 'sha512')).toBe(sha512);
  });

  it('gives 6-digit codes as apps show them: the last six digits of the 8-digit ones', () => {
    expect(codeAt(seeds.sha1, stepAt(new Date(59_000)))).toBe('287082');
    expect(codeAt(seeds.sha1, stepAt(new Date(1111111109_000)))).toBe('081804');
  });

  it('takes the code of the step before, now and after, and no other', () => {
    const at = new Date(1234567890_000);
    const now = stepAt(at);
    for (const step of [now - 1, now, now + 1]) {
      expect(matchingStep(seeds.sha1, codeAt(seeds.sha1, step), at, null)).toBe(step);
    }
    expect(matchingStep(seeds.sha1, codeAt(seeds.sha1, now - 2), at, null)).toBeNull();
    expect(matchingStep(seeds.sha1, codeAt(seeds.sha1, now + 2), at, null)).toBeNull();
    expect(matchingStep(seeds.sha1, '12345', at, null)).toBeNull();
    expect(matchingStep(seeds.sha1, 'abcdef', at, null)).toBeNull();
  });

  it('refuses a code of a step already used, or of one before it', () => {
    const at = new Date(1234567890_000);
    const now = stepAt(at);
    expect(matchingStep(seeds.sha1, codeAt(seeds.sha1, now), at, now)).toBeNull();
    expect(matchingStep(seeds.sha1, codeAt(seeds.sha1, now - 1), at, now)).toBeNull();
    expect(matchingStep(seeds.sha1, codeAt(seeds.sha1, now + 1), at, now)).toBe(now + 1);
  });
});

describe('base32 (RFC 4648)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('encodes %j as %s and back', (text, encoded) => {
    expect(base32Encode(Buffer.from(text))).toBe(encoded);
    expect(base32Decode(encoded)?.toString()).toBe(text);
  });

  it('reads a key typed in lower case, with spaces or padding, and refuses other characters', () => {
    expect(base32Decode('mzxw 6ytb oi======')?.toString()).toBe('foobar');
    expect(base32Decode('MZXW1')).toBeNull();
  });

  it('makes the otpauth link authenticator apps read', () => {
    expect(otpauthLink('GEZDGNBV', 'jane@example.com')).toBe(
      'otpauth://totp/MyProsper:jane%40example.com?secret=GEZDGNBV&issuer=MyProsper',
    );
  });
});
