import { z } from 'zod';
import { envelope, idParam } from './common.ts';
import { formatKes, localPhoneOf, refundDestination } from './payments.ts';

/**
 * Money back to M-PESA (issue 21): where a refund of an M-PESA payment goes (the mentee's wallet at once, or
 * M-PESA to the number that paid), wallet withdrawals to the person's verified number, and what each sending
 * became (pending, paid with its M-PESA receipt, or failed with the money in the wallet and the reason).
 */

export { type RefundDestination, refundDestination } from './payments.ts';

// ---- Withdrawal rules ----

/** Daraja B2C sends 10 to 250,000 KES per transaction (reference 1.2). */
export const b2cMinimumKes = 10;
export const b2cMaximumKes = 250_000;

export interface WithdrawalRules {
  /** The least that can be withdrawn, integer KES (WITHDRAW_MINIMUM_KES). */
  minimum: number;
  /**
   * The fee, integer KES, kept from each withdrawal that reaches M-PESA (WITHDRAW_FEE_KES): one flat fee,
   * whatever the amount. A withdrawal that fails costs nothing.
   */
  fee: number;
}

/** What withdrawing `amount` from a wallet holding `balance` would do, or why it cannot be done. */
export function withdrawalQuote(
  amount: number,
  balance: number,
  rules: WithdrawalRules,
): { ok: true; received: number; fee: number } | { ok: false; message: string } {
  if (!Number.isSafeInteger(amount) || amount <= 0) return { ok: false, message: refundMessages.wholeAmount };
  if (amount < rules.minimum) return { ok: false, message: refundMessages.belowMinimum(rules.minimum) };
  if (amount > b2cMaximumKes) return { ok: false, message: refundMessages.aboveMaximum(b2cMaximumKes) };
  if (amount > balance) return { ok: false, message: refundMessages.moreThanBalance(balance) };
  if (amount - rules.fee < b2cMinimumKes)
    return { ok: false, message: refundMessages.belowMinimum(rules.fee + b2cMinimumKes) };
  return { ok: true, received: amount - rules.fee, fee: rules.fee };
}

// ---- Texts ----

export const refundMessages = {
  wholeAmount: 'Please enter a whole number of shillings',
  belowMinimum: (minimum: number) => `The least you can withdraw is ${formatKes(minimum)}`,
  aboveMaximum: (maximum: number) => `M-PESA takes at most ${formatKes(maximum)} at a time`,
  moreThanBalance: (balance: number) => `Your wallet holds ${formatKes(balance)}; you cannot withdraw more`,
  verifyPhoneFirst: 'Please verify your phone number first: money is only sent to a number you have proved',
  withdrawalStarted: 'Withdrawal started',
  preferenceSaved: 'Saved',
  /** What the withdraw dialog says before confirming. */
  withdrawalSummary: (amount: number, fee: number, msisdn: string) =>
    fee > 0
      ? `${formatKes(amount)} leaves your wallet. The fee is ${formatKes(fee)}, so ${formatKes(amount - fee)} goes to M-PESA number ${localPhoneOf(msisdn)}. If M-PESA cannot take it, the whole ${formatKes(amount)} comes back to your wallet and nothing is charged.`
      : `${formatKes(amount)} leaves your wallet and goes to M-PESA number ${localPhoneOf(msisdn)}. If M-PESA cannot take it, it comes back to your wallet.`,
  /** The refund choice of the cancel dialog. */
  toWallet: 'To my MyProsper wallet (instant)',
  toMpesa: (msisdn: string) => `To M-PESA ${localPhoneOf(msisdn)}, the number that paid`,
  toMpesaDetail: (amount: number, msisdn: string) =>
    `${formatKes(amount)} goes back to M-PESA number ${localPhoneOf(msisdn)}, usually within minutes. If M-PESA cannot take it, it comes to your wallet and we tell you why.`,
  toWalletDetail: (amount: number) =>
    `${formatKes(amount)} goes to your MyProsper wallet at once, for your next session.`,
  /** A share paid by card: the hosted card checkout has no refund to the card, so the wallet it is. */
  cardToWallet:
    'You paid by card. Card payments are refunded to your MyProsper wallet: our card checkout cannot send money back to a card.',
  /** M-PESA paid from a number the account has not proved: only the wallet. */
  unprovenPayer: (msisdn: string) =>
    `You paid from ${localPhoneOf(msisdn)}, which is not your verified number, so the refund goes to your wallet.`,
  /** Notices (e-mail, SMS) and the refund's line. */
  sentToMpesa: (amount: number, msisdn: string) =>
    `${formatKes(amount)} is on its way to your M-PESA ${localPhoneOf(msisdn)}.`,
  paidToMpesa: (amount: number, msisdn: string, receipt: string | null) =>
    receipt
      ? `${formatKes(amount)} was sent to your M-PESA ${localPhoneOf(msisdn)}, M-PESA receipt ${receipt}.`
      : `${formatKes(amount)} was returned to your M-PESA ${localPhoneOf(msisdn)}.`,
  backToWallet: (amount: number, reason: string) =>
    `M-PESA could not take ${formatKes(amount)}: ${reason} The money is in your MyProsper wallet.`,
} as const;

/** Why a B2C or Reversal did not go through, from its ResultCode (reference 1.2, 1.3), as people read it. */
export function mpesaSendFailureReason(resultCode: string | null): string {
  switch (resultCode) {
    case '2':
    case '3':
      return 'the amount is outside what M-PESA allows in one payment.';
    case '4':
    case '8':
      return 'your M-PESA account would go over its daily or balance limit.';
    case '2040':
    case 'SFC_IC0003':
      return 'this number cannot receive M-PESA payments.';
    case 'TIMEOUT':
      return 'M-PESA did not answer in time.';
    case 'R000002':
      return 'M-PESA could not find the original payment.';
    default:
      return 'M-PESA could not send the money just now.';
  }
}

// ---- Requests and answers ----

export const mpesaRefundKinds = ['REFUND', 'WITHDRAWAL'] as const;
export const mpesaRefundStatuses = ['PENDING', 'PAID', 'FAILED'] as const;
export const mpesaRefundStatus = z.enum(mpesaRefundStatuses);
export type MpesaRefundStatus = z.infer<typeof mpesaRefundStatus>;

/** One sending of money to M-PESA as its person sees it. */
export const mpesaRefund = z.object({
  id: z.number().int(),
  kind: z.enum(mpesaRefundKinds),
  sessionId: z.number().int().nullable(),
  /** Taken from the session's refund or the wallet, integer KES. */
  amount: z.number().int(),
  fee: z.number().int(),
  /** What reaches M-PESA: amount - fee. */
  sent: z.number().int(),
  /** 2547XXXXXXXX */
  phoneNumber: z.string(),
  status: mpesaRefundStatus,
  /** M-PESA's receipt once paid (null for a reversal M-PESA had already made). */
  receipt: z.string().nullable(),
  /** Why it failed (the money is in the wallet then). */
  reason: z.string().nullable(),
  /** What it became, in one sentence. */
  text: z.string(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type MpesaRefund = z.infer<typeof mpesaRefund>;

/** The sentence a sending shows, by its state. */
export function mpesaRefundText(
  refund: Pick<MpesaRefund, 'status' | 'sent' | 'amount' | 'phoneNumber' | 'receipt' | 'reason'>,
): string {
  switch (refund.status) {
    case 'PENDING':
      return refundMessages.sentToMpesa(refund.sent, refund.phoneNumber);
    case 'PAID':
      return refundMessages.paidToMpesa(refund.sent, refund.phoneNumber, refund.receipt);
    case 'FAILED':
      return refundMessages.backToWallet(refund.amount, refund.reason ?? mpesaSendFailureReason(null));
  }
}

/** GET /myprosper/api/mpesaRefunds?sessionId= : the caller's sendings, newest first (of one session if given). */
export const mpesaRefundsQuery = z.object({ sessionId: idParam.optional() });
export const mpesaRefundsResponse = envelope(z.array(mpesaRefund));

/** GET and PUT /myprosper/api/refundPreference */
export const refundPreference = z.object({ destination: refundDestination });
export type RefundPreference = z.infer<typeof refundPreference>;
export const refundPreferenceResponse = envelope(refundPreference);

/** GET /myprosper/api/withdrawalRules: what a withdrawal would be, shown before confirming. */
export const withdrawalRulesView = z.object({
  minimum: z.number().int(),
  fee: z.number().int(),
  maximum: z.number().int(),
  /** The wallet's available balance. */
  balance: z.number().int(),
  /** The caller's verified number (2547XXXXXXXX), or null: then nothing can be withdrawn. */
  phoneNumber: z.string().nullable(),
});
export type WithdrawalRulesView = z.infer<typeof withdrawalRulesView>;
export const withdrawalRulesResponse = envelope(withdrawalRulesView);

/**
 * POST /myprosper/api/withdrawals: `requestId` is made once per dialog, so a double submit withdraws once.
 */
export const withdrawRequest = z.object({
  amount: z.coerce
    .number()
    .int(refundMessages.wholeAmount)
    .positive(refundMessages.wholeAmount)
    .max(10_000_000),
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Please try again'),
});
export type WithdrawRequest = z.input<typeof withdrawRequest>;
export const withdrawResponse = envelope(mpesaRefund);
