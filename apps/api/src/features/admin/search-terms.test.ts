import { describe, expect, it } from 'vitest';
import { containing, phoneDigits } from './search-terms.ts';

describe('phone numbers as operators type them', () => {
  it('become the digits we keep, whichever way they were written', () => {
    for (const typed of [
      '0712 345 678',
      '+254 712 345 678',
      '+254-712-345-678',
      '254712345678',
      '712345678',
      '(0712) 345678',
    ]) {
      expect(phoneDigits(typed), typed).toBe('254712345678');
    }
  });

  it('keep a beginning of a number a beginning', () => {
    expect(phoneDigits('0712 34')).toBe('25471234');
    expect(phoneDigits('+2547')).toBe('2547');
  });

  it('leave text that is not a number alone', () => {
    for (const typed of ['Wanjiku', 'QJK4H2L9XP', 'BK-1001', 'a@b.ke', '12'])
      expect(phoneDigits(typed)).toBeNull();
  });

  it('take wildcards literally in a pattern', () => {
    expect(containing('50%_off')).toBe('%50\\%\\_off%');
  });
});
