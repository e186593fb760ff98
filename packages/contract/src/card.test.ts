import { describe, expect, it } from 'vitest';
import {
  cardAmount,
  cardOutcomeMessage,
  cardSignedDateTime,
  cardSigningString,
  generateCardSignatureRequest,
  parseCardAmount,
} from './card.ts';

describe('the card signing string (reference 2.3)', () => {
  it('lists name=value over signed_field_names, in that order, without URL-encoding', () => {
    const fields = {
      signed_field_names: 'amount,signed_field_names,override_custom_receipt_page',
      amount: '2900.00',
      override_custom_receipt_page: 'https://app.example.test/a?b=c&d=e f',
      currency: 'KES',
    };
    expect(cardSigningString(fields)).toBe(
      'amount=2900.00,signed_field_names=amount,signed_field_names,override_custom_receipt_page,' +
        'override_custom_receipt_page=https://app.example.test/a?b=c&d=e f',
    );
  });

  it('signs an empty value as name= and refuses a listed field that is missing', () => {
    expect(cardSigningString({ signed_field_names: 'unsigned_field_names', unsigned_field_names: '' })).toBe(
      'unsigned_field_names=',
    );
    expect(cardSigningString({ signed_field_names: 'amount,currency', amount: '1.00' })).toBeNull();
    expect(cardSigningString({ amount: '1.00' })).toBeNull();
  });
});

describe('card formats', () => {
  it('writes the signed date in UTC, without milliseconds', () => {
    expect(cardSignedDateTime(new Date('2026-01-15T09:30:00.999Z'))).toBe('2026-01-15T09:30:00Z');
    expect(cardSignedDateTime(new Date('2026-01-15T12:30:00+03:00'))).toBe('2026-01-15T09:30:00Z');
  });

  it('writes whole KES with two decimals and reads only whole amounts back', () => {
    expect(cardAmount(2900)).toBe('2900.00');
    expect(() => cardAmount(0)).toThrow(RangeError);
    expect(() => cardAmount(12.5)).toThrow(RangeError);
    expect(parseCardAmount('2900.00')).toBe(2900);
    expect(parseCardAmount('2900')).toBe(2900);
    expect(parseCardAmount('2900.0')).toBe(2900);
    expect(parseCardAmount('2900.50')).toBeNull();
    expect(parseCardAmount('0.00')).toBeNull();
    expect(parseCardAmount('-5.00')).toBeNull();
    expect(parseCardAmount('1e3')).toBeNull();
    expect(parseCardAmount(undefined)).toBeNull();
  });

  it('says what happened in the words people read', () => {
    expect(cardOutcomeMessage('paid')).toBe('Payment successful');
    expect(cardOutcomeMessage('declined')).toBe('Your card was declined');
  });

  it('takes a session id or a voucher reference to pay', () => {
    expect(generateCardSignatureRequest.parse({ purpose: 'SESSION', id: 12 })).toEqual({
      purpose: 'SESSION',
      id: 12,
    });
    expect(generateCardSignatureRequest.parse({ purpose: 'VOUCHER', id: ' VCH-7K3Q9X ' }).id).toBe(
      'VCH-7K3Q9X',
    );
    expect(generateCardSignatureRequest.safeParse({ purpose: 'WALLET', id: 1 }).success).toBe(false);
  });
});
