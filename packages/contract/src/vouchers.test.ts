import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import {
  createVoucherRequest,
  formatVoucherCode,
  normaliseVoucherCode,
  toId,
  validateVoucherDetails,
  validateVoucherPurchase,
  validateVoucherRecipient,
  voucherMessages,
} from './vouchers.ts';

const recipient = {
  recipientName: 'Jane Wanjiru',
  recipientEmail: 'jane@example.com',
  recipientPhoneNumber: '+254712123456',
};
const details = { topicId: 3, advisorId: '7', recipientNote: 'Happy birthday!' };

describe('voucher step 1: recipient (spec 5)', () => {
  it('needs every field', () => {
    expect(validateVoucherRecipient({ ...recipient, recipientName: '' })).toBe(messages.fillAllFields);
    expect(validateVoucherRecipient({ ...recipient, recipientEmail: '  ' })).toBe(messages.fillAllFields);
    expect(validateVoucherRecipient({ ...recipient, recipientPhoneNumber: undefined })).toBe(
      messages.fillAllFields,
    );
  });

  it('checks the full name, then the e-mail, then the phone', () => {
    expect(validateVoucherRecipient({ ...recipient, recipientName: 'Jane' })).toBe(messages.fullName);
    expect(validateVoucherRecipient({ ...recipient, recipientEmail: 'jane@example' })).toBe(
      messages.invalidEmail,
    );
    expect(validateVoucherRecipient({ ...recipient, recipientEmail: 'jane@example.online' })).toBe(
      messages.invalidEmail,
    );
    expect(validateVoucherRecipient({ ...recipient, recipientPhoneNumber: '0712' })).toBe(
      messages.invalidPhoneNo,
    );
    expect(validateVoucherRecipient({ ...recipient, recipientPhoneNumber: '0712 123456' })).toBeNull();
    expect(validateVoucherRecipient(recipient)).toBeNull();
  });
});

describe('voucher step 2: program, mentor, note (spec 5)', () => {
  it('needs all three', () => {
    expect(validateVoucherDetails(details)).toBeNull();
    expect(validateVoucherDetails({ ...details, topicId: '' })).toBe(messages.fillAllFields);
    expect(validateVoucherDetails({ ...details, advisorId: null })).toBe(messages.fillAllFields);
    expect(validateVoucherDetails({ ...details, recipientNote: '   ' })).toBe(messages.fillAllFields);
  });

  it('keeps the note short', () => {
    expect(validateVoucherDetails({ ...details, recipientNote: 'x'.repeat(501) })).toBe(
      voucherMessages.noteTooLong,
    );
  });

  it('checks step 1 before step 2', () => {
    expect(validateVoucherPurchase({ ...recipient, recipientName: 'Jane', topicId: '' })).toBe(
      messages.fullName,
    );
    expect(validateVoucherPurchase({ ...recipient, ...details })).toBeNull();
  });

  it('reads ids from numbers or strings', () => {
    expect(toId(' 12 ')).toBe(12);
    expect(toId(12)).toBe(12);
    expect(toId('0')).toBeNull();
    expect(toId('abc')).toBeNull();
    expect(toId(undefined)).toBeNull();
  });
});

describe('the voucher code', () => {
  it('is read in any case, with spaces or dashes, and only from unambiguous characters', () => {
    expect(normaliseVoucherCode(' abcd-efgh-jkmn-pqrs ')).toBe('ABCDEFGHJKMNPQRS');
    expect(normaliseVoucherCode('ABCD EFGH JKMN PQRS')).toBe('ABCDEFGHJKMNPQRS');
    expect(normaliseVoucherCode('ABCD-EFGH-JKMN-PQR0')).toBeNull();
    expect(normaliseVoucherCode('ABCD-EFGH-JKMN-PQRI')).toBeNull();
    expect(normaliseVoucherCode('ABCD-EFGH')).toBeNull();
    expect(normaliseVoucherCode('')).toBeNull();
  });

  it('is written in groups of four', () => {
    expect(formatVoucherCode('ABCDEFGHJKMNPQRS')).toBe('ABCD-EFGH-JKMN-PQRS');
  });
});

describe('the purchase payload', () => {
  it("takes the spec's fields, the amount being ignored", () => {
    const parsed = createVoucherRequest.parse({
      adviseeId: 4,
      ...recipient,
      ...details,
      amount: 1,
      paymentMode: 'MPESA',
      mpesaPhoneNumber: '254712123456',
    });
    expect(parsed.paymentMode).toBe('MPESA');
    expect(createVoucherRequest.safeParse({ ...recipient, paymentMode: 'VOUCHER' }).success).toBe(false);
  });
});
