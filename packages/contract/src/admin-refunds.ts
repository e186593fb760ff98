import { z } from 'zod';
import { adminPayment } from './admin-money.ts';
import { envelope } from './common.ts';
import { formatKes, localPhoneOf, refundDestination } from './payments.ts';
import { b2cMaximumKes, b2cMinimumKes, mpesaRefundStatus } from './refunds.ts';

/**
 * An operator's refund of a payment (issue 25, docs/decisions/021-operator-refunds-and-expiry.md): whole or
 * partial, to the payer's MyProsper wallet or back to the M-PESA number that paid, with a reason, never more than
 * was paid less what was refunded already. The words of the confirmation come from here, on both sides.
 */

/**
 * Where the money of a refund is taken from: the session's escrow while its mentor has not been paid (the mentor
 * is paid that much less), MyProsper's own commission once they have, or the payer's wallet when the payment's
 * money is there already (kept there, or refunded there by a cancellation).
 */
export const operatorRefundSources = ['SESSION', 'PLATFORM', 'WALLET'] as const;
export const operatorRefundSource = z.enum(operatorRefundSources);
export type OperatorRefundSource = z.infer<typeof operatorRefundSource>;

export const adminRefundMessages = {
  /** Shown beside their fields (the API's answer names the field first: 'amount: …'). */
  giveAmount: 'Please enter a whole number of shillings, at least KES 1',
  giveReason: 'Please say why (3 to 500 characters)',
  notPaid: 'Only a payment that went through can be refunded',
  refundedAlready: 'This payment was refunded in full already',
  moreThanLeft: (left: number) => `amount: at most ${formatKes(left)} of this payment can be refunded now`,
  nothingLeft: 'Nothing of this payment can be refunded now',
  voucherPayment: (reference: string) =>
    `This payment bought gift voucher ${reference}: cancel the voucher from its page to refund it`,
  voucherUsed: (reference: string) =>
    `This payment bought gift voucher ${reference}, which was used for a session; refund that session instead`,
  cardInWallet:
    "The money of this card payment is in the payer's MyProsper wallet already, and card payments cannot be sent back to the card",
  notToMpesa: 'destination: this payment cannot go back to M-PESA (it was not paid from an M-PESA number)',
  notToWallet: "destination: this payment's money is in the payer's wallet already",
  mpesaMinimum: `amount: M-PESA takes at least ${formatKes(b2cMinimumKes)}`,
  mpesaMaximum: `amount: M-PESA takes at most ${formatKes(b2cMaximumKes)} at a time`,
  refunded: (amount: number) => `Refund of ${formatKes(amount)} made`,
  cardNote:
    'Card payments are refunded to the MyProsper wallet: our card checkout cannot send money back to a card.',
} as const;

/** One way the money can go now, and the most it can take. */
export const refundOption = z.object({
  destination: refundDestination,
  /** The most this destination can take now, integer KES (0: not possible now). */
  maximum: z.number().int(),
  /** M-PESA: the number the money goes to (the one that paid). */
  phoneNumber: z.string().nullable(),
});
export type RefundOption = z.infer<typeof refundOption>;

/** What can be refunded of a payment now, and why not when nothing can. */
export const refundPlan = z.object({
  source: operatorRefundSource.nullable(),
  /** Paid less refunded already, integer KES. */
  left: z.number().int(),
  options: z.array(refundOption),
  /** Why nothing can be refunded (null when something can). */
  blocked: z.string().nullable(),
  /** A card payment can only go to the wallet: the dialog says so plainly. */
  cardOnlyToWallet: z.boolean(),
  /** A whole M-PESA refund of a payment with a receipt is a Reversal of it; anything less a B2C payment. */
  reversalAmount: z.number().int().nullable(),
  payerName: z.string(),
  sessionReference: z.string().nullable(),
});
export type RefundPlan = z.infer<typeof refundPlan>;

/** One refund an operator gave, and what became of an M-PESA sending. */
export const operatorRefund = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  destination: refundDestination,
  source: operatorRefundSource,
  reason: z.string(),
  by: z.string(),
  at: z.string(),
  mpesa: z
    .object({
      status: mpesaRefundStatus,
      phoneNumber: z.string(),
      receipt: z.string().nullable(),
      reason: z.string().nullable(),
    })
    .nullable(),
});
export type OperatorRefund = z.infer<typeof operatorRefund>;

/** One line of a payment's audit history. */
export const paymentEvent = z.object({
  at: z.string(),
  action: z.string(),
  by: z.string().nullable(),
  what: z.string(),
  /** Why the admin did it, in their words (a refund's reason); null when none was asked. */
  reason: z.string().nullable(),
});
export type PaymentEvent = z.infer<typeof paymentEvent>;

/** GET /myprosper/api/admin/payments/{id}: the payment, its refunds, what may be refunded now, its history. */
export const adminPaymentDetails = z.object({
  payment: adminPayment,
  refunds: z.array(operatorRefund),
  plan: refundPlan,
  history: z.array(paymentEvent),
});
export type AdminPaymentDetails = z.infer<typeof adminPaymentDetails>;
export const adminPaymentDetailsResponse = envelope(adminPaymentDetails);

/** POST /myprosper/api/admin/payments/{id}/refunds */
export const adminPaymentRefundRequest = z.object({
  amount: z.coerce
    .number({ error: adminRefundMessages.giveAmount })
    .int(adminRefundMessages.giveAmount)
    .min(1, adminRefundMessages.giveAmount)
    .max(100_000_000, adminRefundMessages.giveAmount),
  destination: refundDestination,
  reason: z
    .string({ error: adminRefundMessages.giveReason })
    .max(2000, adminRefundMessages.giveReason)
    .transform((text) => text.trim())
    .pipe(z.string().min(3, adminRefundMessages.giveReason).max(500, adminRefundMessages.giveReason)),
  /** The dialog's own id: the same request sent twice makes one refund. */
  requestId: z.uuid('requestId: not a request id'),
});
export type AdminPaymentRefundRequest = z.input<typeof adminPaymentRefundRequest>;
export const adminPaymentRefundResponse = envelope(adminPaymentDetails);

/**
 * What the confirmation says, in full, before the operator confirms: how much, to whom and where, and where it is
 * taken from. The same words are kept with the refund in the audit log.
 */
export function operatorRefundText(input: {
  amount: number;
  destination: 'WALLET' | 'MPESA';
  source: OperatorRefundSource;
  payerName: string;
  phoneNumber: string | null;
  sessionReference: string | null;
  /** A whole M-PESA refund with a receipt: a Reversal (else a B2C payment). */
  isReversal: boolean;
}): string {
  const amount = formatKes(input.amount);
  const where =
    input.destination === 'WALLET'
      ? `${amount} goes to ${input.payerName}'s MyProsper wallet at once.`
      : `${amount} goes back to M-PESA ${localPhoneOf(input.phoneNumber ?? '')}, the number that paid, ${
          input.isReversal ? 'as a reversal of the payment' : 'as an M-PESA payment from MyProsper'
        }, usually within minutes. If M-PESA cannot take it, it lands in ${input.payerName}'s MyProsper wallet and they are told why.`;
  const from =
    input.source === 'SESSION'
      ? `It is taken from what session ${input.sessionReference ?? ''} holds for its mentor, who will be paid ${amount} less.`
      : input.source === 'PLATFORM'
        ? `The mentor was paid already and keeps their earnings: MyProsper pays it from its commission.`
        : `It is taken from ${input.payerName}'s MyProsper wallet, where this payment's money is now.`;
  return `${where} ${from}`.replace(/ {2,}/g, ' ');
}
