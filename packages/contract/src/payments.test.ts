import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import {
  cancellationPolicyText,
  formatKes,
  fullRefundUntilOf,
  localPhoneOf,
  mobileMoneyAmount,
  mpesaCallbackBody,
  mpesaFailureReason,
  normaliseMpesaPhone,
  parseMpesaPhone,
  refundsInFull,
  splitEarnings,
  validateMpesaPhone,
  walletCoversShare,
} from './payments.ts';

describe('the M-PESA phone rule (spec 5)', () => {
  it('asks for a number when there is none', () => {
    expect(validateMpesaPhone('')).toBe(messages.fillPhone);
    expect(validateMpesaPhone('   ')).toBe(messages.fillPhone);
  });

  it('takes exactly 10 digits, spaces aside', () => {
    expect(validateMpesaPhone('0712123456')).toBeNull();
    expect(validateMpesaPhone('0712 123456')).toBeNull();
    expect(validateMpesaPhone('0110 123456')).toBeNull();
    expect(validateMpesaPhone('071212345')).toBe(messages.invalidPhoneNumber);
    expect(validateMpesaPhone('07121234567')).toBe(messages.invalidPhoneNumber);
    expect(validateMpesaPhone('254712123456')).toBe(messages.invalidPhoneNumber);
    expect(validateMpesaPhone('07121234a6')).toBe(messages.invalidPhoneNumber);
  });

  it('refuses 10 digits that are not a Kenyan mobile number once normalised', () => {
    expect(validateMpesaPhone('0201234567')).toBe(messages.invalidPhoneNumber);
    expect(validateMpesaPhone('7121234567')).toBe(messages.invalidPhoneNumber);
  });

  it('replaces a leading 0 by 254, and otherwise prefixes 254', () => {
    expect(normaliseMpesaPhone('0712 123456')).toBe('254712123456');
    expect(normaliseMpesaPhone('712123456')).toBe('254712123456');
  });

  it('lets the server take the normalised form the browser sends, or the local one', () => {
    expect(parseMpesaPhone('254712123456')).toEqual({ ok: true, phone: '254712123456' });
    expect(parseMpesaPhone('+254712123456')).toEqual({ ok: true, phone: '254712123456' });
    expect(parseMpesaPhone('0712123456')).toEqual({ ok: true, phone: '254712123456' });
    expect(parseMpesaPhone('')).toEqual({ ok: false, message: messages.fillPhone });
    expect(parseMpesaPhone('12345')).toEqual({ ok: false, message: messages.invalidPhoneNumber });
  });

  it('writes an MSISDN the way people read it', () => {
    expect(localPhoneOf('254712123456')).toBe('0712 123456');
    expect(localPhoneOf('N/A')).toBe('N/A');
  });
});

describe('money rules', () => {
  it('asks M-PESA for the share less the wallet balance, never below 0 (spec 9)', () => {
    expect(mobileMoneyAmount(2900, 0)).toBe(2900);
    expect(mobileMoneyAmount(2900, 900)).toBe(2000);
    expect(mobileMoneyAmount(2900, 2900)).toBe(0);
    expect(mobileMoneyAmount(2900, 5000)).toBe(0);
    expect(walletCoversShare(1450, 1450)).toBe(true);
    expect(walletCoversShare(1450, 1449)).toBe(false);
  });

  it('keeps the commission rounded down, so the mentor never loses more than the percentage', () => {
    expect(splitEarnings(2900, 20)).toEqual({ earnings: 2320, commission: 580 });
    expect(splitEarnings(1451, 20)).toEqual({ earnings: 1161, commission: 290 });
    expect(splitEarnings(0, 20)).toEqual({ earnings: 0, commission: 0 });
    expect(splitEarnings(999, 0)).toEqual({ earnings: 999, commission: 0 });
    expect(() => splitEarnings(-1, 20)).toThrow(RangeError);
    expect(() => splitEarnings(100, 101)).toThrow(RangeError);
  });

  it('refunds a mentor cancellation always, a mentee one only far enough ahead', () => {
    const start = new Date('2026-03-10T09:00:00Z');
    const dayBefore = new Date('2026-03-09T09:00:00Z');
    const late = new Date('2026-03-09T09:00:01Z');
    expect(refundsInFull('ADVISOR', start, late, 24)).toBe(true);
    expect(refundsInFull('ADVISEE', start, dayBefore, 24)).toBe(true);
    expect(refundsInFull('ADVISEE', start, late, 24)).toBe(false);
  });

  it('keeps a session the mentor moved fully refundable to its mentees until its original start', () => {
    const original = new Date('2026-03-20T09:00:00Z');
    const movedTo = new Date('2026-03-10T11:00:00Z');
    const twoHoursBefore = new Date('2026-03-10T09:00:00Z');
    expect(refundsInFull('ADVISEE', movedTo, twoHoursBefore, 24)).toBe(false);
    expect(refundsInFull('ADVISEE', movedTo, twoHoursBefore, 24, original)).toBe(true);
    expect(fullRefundUntilOf(movedTo, 24, original)).toEqual(original);
    expect(fullRefundUntilOf(movedTo, 24, null)).toEqual(new Date('2026-03-09T11:00:00Z'));
  });

  it('says the policy in words', () => {
    const base = { fullRefundHours: 24, paid: 2900, refund: 2900 };
    expect(cancellationPolicyText({ ...base, by: 'ADVISEE', fullRefund: true })).toContain(
      'You will get KES 2,900 back to your wallet.',
    );
    expect(cancellationPolicyText({ ...base, by: 'ADVISEE', fullRefund: false, refund: 0 })).toContain(
      'your payment of KES 2,900 will not be refunded',
    );
    expect(
      cancellationPolicyText({ ...base, by: 'ADVISEE', fullRefund: false, paid: 0, refund: 0 }),
    ).toContain('nothing is charged');
    expect(cancellationPolicyText({ ...base, by: 'ADVISOR', fullRefund: true })).toContain('in full');
    // The mentor's dialog says where voucher-paid shares go: back to their voucher, not to a wallet.
    expect(cancellationPolicyText({ ...base, by: 'ADVISOR', fullRefund: true })).toContain(
      'a share paid with a gift voucher back to that voucher, which can be used again',
    );
    expect(formatKes(125000)).toBe('KES 125,000');
  });
});

describe('Daraja outcomes', () => {
  it('explains the result codes people meet', () => {
    expect(mpesaFailureReason(1)).toMatch(/balance was not enough/);
    expect(mpesaFailureReason(1032)).toMatch(/cancelled/);
    expect(mpesaFailureReason(1037)).toMatch(/could not be reached/);
    expect(mpesaFailureReason(2001)).toMatch(/PIN/);
    expect(mpesaFailureReason(17)).toMatch(/could not complete/);
    expect(mpesaFailureReason(null)).toMatch(/could not complete/);
  });

  it('reads a callback whatever its item order, with the number-typed fields of the reference', () => {
    const parsed = mpesaCallbackBody.parse({
      Body: {
        stkCallback: {
          MerchantRequestID: '29115-34620561-1',
          CheckoutRequestID: 'ws_CO_15012026093000123708374149',
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Balance' },
              { Name: 'MpesaReceiptNumber', Value: 'TAF3XK9P2Q' },
              { Name: 'Amount', Value: 2500 },
              { Name: 'TransactionDate', Value: 20260115093012 },
              { Name: 'PhoneNumber', Value: 254708374149 },
            ],
          },
        },
      },
    });
    const items = parsed.Body.stkCallback.CallbackMetadata?.Item ?? [];
    expect(items.find((i) => i.Name === 'Amount')?.Value).toBe(2500);
    expect(parsed.Body.stkCallback.ResultCode).toBe(0);
  });
});
