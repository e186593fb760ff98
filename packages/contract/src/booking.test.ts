import { describe, expect, it } from 'vitest';
import {
  bookingMessages,
  checkOtherAttendees,
  normaliseKenyanMobile,
  priceBooking,
  slotProblemMessage,
} from './booking.ts';

describe('normaliseKenyanMobile', () => {
  it('writes every form of a Kenyan mobile number as 254XXXXXXXXX', () => {
    expect(normaliseKenyanMobile('0712 123456')).toBe('254712123456');
    expect(normaliseKenyanMobile('0712123456')).toBe('254712123456');
    expect(normaliseKenyanMobile('712123456')).toBe('254712123456');
    expect(normaliseKenyanMobile('+254 712 123 456')).toBe('254712123456');
    expect(normaliseKenyanMobile('254712123456')).toBe('254712123456');
    expect(normaliseKenyanMobile('0110123456')).toBe('254110123456');
  });

  it('refuses what is not a Kenyan mobile number', () => {
    expect(normaliseKenyanMobile('')).toBeNull();
    expect(normaliseKenyanMobile('12345')).toBeNull();
    expect(normaliseKenyanMobile('+44 7400 123456')).toBeNull();
    expect(normaliseKenyanMobile('020 1234567')).toBeNull(); // a Nairobi landline
    expect(normaliseKenyanMobile('abc')).toBeNull();
  });
});

describe('checkOtherAttendees', () => {
  it('takes 1 to 3 different numbers for a group and normalises them', () => {
    expect(checkOtherAttendees('GROUP', ['0712 000001', '+254712000002'], '254799000000')).toEqual({
      ok: true,
      phones: ['254712000001', '254712000002'],
    });
  });

  it('gives clear messages for a bad list', () => {
    expect(checkOtherAttendees('GROUP', [], null)).toEqual({
      ok: false,
      message: bookingMessages.addAttendees,
    });
    expect(checkOtherAttendees('GROUP', ['  '], null)).toEqual({
      ok: false,
      message: bookingMessages.addAttendees,
    });
    expect(
      checkOtherAttendees('GROUP', ['0712000001', '0712000002', '0712000003', '0712000004'], null),
    ).toEqual({ ok: false, message: bookingMessages.tooManyAttendees });
    expect(checkOtherAttendees('GROUP', ['0712000001', '12'], null)).toEqual({
      ok: false,
      message: '12 is not a valid Kenyan phone number',
    });
    expect(checkOtherAttendees('GROUP', ['0712000001', '254712000001'], null)).toEqual({
      ok: false,
      message: bookingMessages.duplicateAttendee,
    });
    expect(checkOtherAttendees('GROUP', ['0712000001'], '254712000001')).toEqual({
      ok: false,
      message: bookingMessages.ownPhone,
    });
  });

  it('wants no other attendees for an individual session', () => {
    expect(checkOtherAttendees('INDIVIDUAL', [], null)).toEqual({ ok: true, phones: [] });
    expect(checkOtherAttendees('INDIVIDUAL', ['0712000001'], null)).toEqual({
      ok: false,
      message: bookingMessages.individualHasNoAttendees,
    });
  });
});

describe('priceBooking', () => {
  it('charges base plus VAT rounded up, alone', () => {
    expect(priceBooking({ base_session_price: 2500, vat_tax: 16 }, 0)).toEqual({ amount: 2900, share: 2900 });
    expect(priceBooking({ base_session_price: 2501, vat_tax: 16 }, 0)).toEqual({ amount: 2902, share: 2902 });
  });

  it('splits a group price among everyone, rounding each share up', () => {
    expect(priceBooking({ base_session_price: 5000, vat_tax: 16 }, 2)).toEqual({ amount: 5800, share: 1934 });
    expect(priceBooking({ base_session_price: 5000, vat_tax: 16 }, 3)).toEqual({ amount: 5800, share: 1450 });
  });
});

describe('slotProblemMessage', () => {
  it('states the limits in words', () => {
    const limits = { minNoticeMinutes: 120, horizonWeeks: 4 };
    expect(slotProblemMessage('tooSoon', limits)).toBe(
      'Sessions must be booked at least 2 hours ahead. Please choose a later slot.',
    );
    expect(slotProblemMessage('tooSoon', { ...limits, minNoticeMinutes: 90 })).toContain('90 minutes');
    expect(slotProblemMessage('tooFar', limits)).toBe(
      'Sessions can be booked up to 4 weeks ahead. Please choose an earlier date.',
    );
  });
});
