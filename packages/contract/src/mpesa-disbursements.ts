import { z } from 'zod';
import { envelope } from './common.ts';

/**
 * Money sent out through M-PESA (B2C payouts, refunds and withdrawals; reversals of paybill payments): why a
 * request failed, in words people read, and the admin's view of the B2C account's balance.
 */

/** Why M-PESA did not pay (a B2C or reversal result code; mpesa-b2c-c2b-whatsapp.md §1.2–1.3). */
export function disbursementFailureReason(resultCode: string | null): string {
  switch (resultCode) {
    case '1':
      return 'Our M-PESA payout account is short of funds. We will try again once it is topped up.';
    case '2':
    case '3':
      return 'The amount is outside what M-PESA can send in one payment (KES 10 to 250,000).';
    case '4':
    case '8':
      return 'The receiving M-PESA account would go over its daily or balance limit.';
    case '2040':
      return 'This number cannot receive M-PESA business payments. Please use a registered M-PESA number.';
    case 'SFC_IC0003':
      return 'This number is not an M-PESA number.';
    case '2001':
    case '8006':
    case '18':
    case '20':
    case '21':
    case '22':
      return 'Our M-PESA payout service is not available right now. We will try again.';
    case 'R000002':
      return 'M-PESA does not know this transaction.';
    case null:
      return 'M-PESA did not take the request. We will try again.';
    default:
      return 'M-PESA could not complete the payment.';
  }
}

/** One account of the B2C shortcode, as Account Balance reports it (available balance, KES). */
export const mpesaAccountBalance = z.object({
  account: z.string(),
  currency: z.string(),
  available: z.number(),
});
export type MpesaAccountBalance = z.infer<typeof mpesaAccountBalance>;

/**
 * The B2C shortcode's balance as admins see it: the latest Account Balance answer (no accounts and no
 * `checkedAt` before the first), whether a newer check is on its way (`requested`), and why the latest check
 * failed when it did (`problem`, null otherwise).
 */
export const mpesaBalance = z.object({
  accounts: z.array(mpesaAccountBalance),
  checkedAt: z.string().nullable(),
  requested: z.boolean(),
  problem: z.string().nullable(),
});
export type MpesaBalance = z.infer<typeof mpesaBalance>;

export const mpesaBalanceResponse = envelope(mpesaBalance);
export type MpesaBalanceResponse = z.infer<typeof mpesaBalanceResponse>;

/** The account B2C pays from (mpesa-b2c-c2b-whatsapp.md §1.5): a payout run needs it to hold enough. */
export const b2cPaysFromAccount = 'Utility Account';

export const mpesaBalanceMessages = {
  latest: 'The latest M-PESA balance',
  asked: 'M-PESA was asked for the balance; its answer comes in a few seconds',
  stillAsking: 'M-PESA is being asked for the balance already; its answer comes in a few seconds',
  failed: (why: string) => `M-PESA did not give the balance: ${why}`,
  noAnswer: 'M-PESA did not answer the last balance check; please check again',
} as const;
