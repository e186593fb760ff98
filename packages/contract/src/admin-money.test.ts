import { describe, expect, it } from 'vitest';
import { describePayoutMethod, payoutRequest } from './admin-money.ts';
import { firstMessage } from './validation.ts';

const none = {
  mpesaPhoneNumber: null,
  bankName: null,
  branch: null,
  accountName: null,
  accountNumber: null,
  paypalEmail: null,
};

describe('payouts', () => {
  it('describe the payout method in one line', () => {
    expect(describePayoutMethod(null)).toBe('No payout method');
    expect(describePayoutMethod({ ...none, method: 'MPESA', mpesaPhoneNumber: '254712345678' })).toBe(
      'M-PESA 254712345678',
    );
    expect(
      describePayoutMethod({
        ...none,
        method: 'BANK',
        bankName: 'KCB',
        branch: 'Moi Avenue',
        accountName: 'Jane Doe',
        accountNumber: '1234',
      }),
    ).toBe('Bank, KCB, Moi Avenue, Jane Doe, account 1234');
    expect(describePayoutMethod({ ...none, method: 'PAYPAL', paypalEmail: 'j@example.com' })).toBe(
      'PayPal j@example.com',
    );
  });

  it('need a whole amount of at least 1 and the reference of the transfer', () => {
    expect(payoutRequest.parse({ mentorId: 3, amount: '1000', reference: ' QK12 ' })).toEqual({
      mentorId: 3,
      amount: 1000,
      reference: 'QK12',
    });
    expect(firstMessage(payoutRequest, { mentorId: 3, amount: 0, reference: 'QK' })).toBe(
      'Please enter an amount of at least KES 1',
    );
    expect(firstMessage(payoutRequest, { mentorId: 3, amount: 12.5, reference: 'QK' })).toBe(
      'Please enter an amount of at least KES 1',
    );
    expect(firstMessage(payoutRequest, { mentorId: 3, amount: 5, reference: '   ' })).toBe(
      'Please enter the reference of the transfer',
    );
  });
});
