import { describe, expect, it } from 'vitest';
import { checkPayoutForm, savedSummary } from './payout-form.ts';

const savedBase = {
  preferred: true,
  mpesaPhoneNumber: null,
  mpesaVerified: false,
  bankName: null,
  branch: null,
  accountName: null,
  accountNumber: null,
  paypalEmail: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the payout forms', () => {
  it('use the mobile money rules for the M-PESA number', () => {
    expect(checkPayoutForm({ method: 'MPESA', preferred: false, mpesaPhoneNumber: '' })).toEqual({
      field: 'mpesaPhoneNumber',
      message: 'Please fill in phone number',
    });
    expect(checkPayoutForm({ method: 'MPESA', preferred: false, mpesaPhoneNumber: '07123' })?.message).toBe(
      'Invalid phone number',
    );
    expect(checkPayoutForm({ method: 'MPESA', preferred: true, mpesaPhoneNumber: '0712 345678' })).toBeNull();
  });

  it('ask for every bank field and a bank from the list', () => {
    const bank = {
      method: 'BANK' as const,
      preferred: false,
      bankName: 'Equity Bank Kenya',
      branch: 'Moi Avenue',
      accountName: 'Grace Wambui',
      accountNumber: '0123 4567 89',
    };
    expect(checkPayoutForm(bank)).toBeNull();
    expect(checkPayoutForm({ ...bank, branch: ' ' })).toEqual({
      field: 'branch',
      message: 'Please fill all fields',
    });
    expect(checkPayoutForm({ ...bank, bankName: 'Bank of Nowhere' })?.message).toBe(
      'Please choose a bank from the list',
    );
    expect(checkPayoutForm({ ...bank, accountNumber: '12ab' })?.message).toBe('Invalid account number');
  });

  it('check the PayPal e-mail', () => {
    expect(checkPayoutForm({ method: 'PAYPAL', preferred: false, paypalEmail: 'grace@' })?.message).toBe(
      'Invalid email',
    );
  });

  it('sum up what is saved, numbers masked as the server sent them', () => {
    expect(savedSummary({ ...savedBase, method: 'MPESA', mpesaPhoneNumber: '•••• 5678' })).toBe('•••• 5678');
    expect(
      savedSummary({ ...savedBase, method: 'BANK', bankName: 'KCB Bank Kenya', accountNumber: '•••• 4321' }),
    ).toBe('KCB Bank Kenya · •••• 4321');
    expect(savedSummary(undefined)).toBeNull();
  });
});
