import {
  adminRefundMessages as messages,
  type OperatorRefundSource,
  type RefundPlan,
} from '@myprosper/contract/admin-refunds';
import { b2cMaximumKes, b2cMinimumKes } from '@myprosper/contract/refunds';

/**
 * Where the money of a payment is now, and so what an operator's refund of it can do (pure: no I/O; the facts
 * are read on locked rows by operator-refunds.ts). docs/decisions/021-operator-refunds-and-expiry.md.
 */
export interface RefundFacts {
  payment: {
    provider: 'MPESA' | 'CARD';
    status: 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'EXPIRED';
    amount: number;
    refunded: number;
    phoneNumber: string | null;
    receipt: string | null;
    /** The money stayed in the wallet (it could not pay what it was for). */
    outcomeNote: string | null;
  };
  /** The gift voucher the payment bought, if it bought one. */
  voucher: { reference: string; status: 'PENDING_PAYMENT' | 'ACTIVE' | 'REDEEMED' | 'REFUNDED' } | null;
  /** The session share the payment was for, if it was for one. */
  share: {
    isPaid: boolean;
    /** What the share put in escrow less operators' refunds taken from it, integer KES. */
    inEscrow: number;
    sessionCancelled: boolean;
    /** The session's mentor was paid: what the settlement paid out of escrow (0: its payers were refunded). */
    settledPaid: number | null;
    /** What the session's escrow holds now. */
    sessionEscrow: number;
  } | null;
  walletBalance: number;
  payerName: string;
  sessionReference: string | null;
}

type Plan = RefundPlan;

function blocked(facts: RefundFacts, reason: string, left = 0): Plan {
  return {
    source: null,
    left,
    options: [],
    blocked: reason,
    cardOnlyToWallet: facts.payment.provider === 'CARD',
    reversalAmount: null,
    payerName: facts.payerName,
    sessionReference: facts.sessionReference,
  };
}

/** Where the payment's money is: the session's escrow, the mentor (paid), or the payer's wallet. */
function sourceOf(facts: RefundFacts): OperatorRefundSource | { blocked: string } {
  const { voucher, share, payment } = facts;
  if (voucher) {
    if (voucher.status === 'REFUNDED') return 'WALLET';
    if (voucher.status === 'REDEEMED') return { blocked: messages.voucherUsed(voucher.reference) };
    return { blocked: messages.voucherPayment(voucher.reference) };
  }
  if (!share || payment.outcomeNote !== null || share.sessionCancelled) return 'WALLET';
  if (share.settledPaid !== null) return share.settledPaid > 0 && share.isPaid ? 'PLATFORM' : 'WALLET';
  if (share.isPaid && Math.min(share.inEscrow, share.sessionEscrow) > 0) return 'SESSION';
  return 'WALLET';
}

/** What can be refunded of a payment now: where from, to where, and the most each way can take. */
export function planRefund(facts: RefundFacts): Plan {
  const { payment } = facts;
  if (payment.status !== 'SUCCEEDED') return blocked(facts, messages.notPaid);
  const left = payment.amount - payment.refunded;
  if (left <= 0) return blocked(facts, messages.refundedAlready);
  const source = sourceOf(facts);
  if (typeof source !== 'string') return blocked(facts, source.blocked, left);
  const available =
    source === 'SESSION'
      ? Math.min(left, facts.share!.inEscrow, facts.share!.sessionEscrow)
      : source === 'WALLET'
        ? Math.min(left, Math.max(0, facts.walletBalance))
        : left;
  const isMpesa = payment.provider === 'MPESA' && payment.phoneNumber !== null;
  const options: Plan['options'] = [];
  // Money already in the wallet only goes back to M-PESA; a card's cannot go anywhere else.
  if (source !== 'WALLET') options.push({ destination: 'WALLET', maximum: available, phoneNumber: null });
  if (isMpesa) {
    const maximum = Math.min(available, b2cMaximumKes);
    options.push({
      destination: 'MPESA',
      maximum: maximum >= b2cMinimumKes ? maximum : 0,
      phoneNumber: payment.phoneNumber,
    });
  }
  if (options.every((option) => option.maximum <= 0)) {
    if (source === 'WALLET' && payment.provider === 'CARD')
      return blocked(facts, messages.cardInWallet, left);
    return blocked(facts, messages.nothingLeft, left);
  }
  return {
    source,
    left,
    options,
    blocked: null,
    cardOnlyToWallet: payment.provider === 'CARD',
    reversalAmount: payment.refunded === 0 && payment.receipt !== null && isMpesa ? payment.amount : null,
    payerName: facts.payerName,
    sessionReference: facts.sessionReference,
  };
}

/** Whether a refund of `amount` to `destination` fits the plan: null when it does, else the message. */
export function refundProblem(plan: Plan, amount: number, destination: 'WALLET' | 'MPESA'): string | null {
  if (plan.blocked) return plan.blocked;
  const option = plan.options.find((candidate) => candidate.destination === destination);
  if (!option) return destination === 'MPESA' ? messages.notToMpesa : messages.notToWallet;
  if (destination === 'MPESA' && amount < b2cMinimumKes) return messages.mpesaMinimum;
  if (destination === 'MPESA' && amount > b2cMaximumKes) return messages.mpesaMaximum;
  if (amount > option.maximum) return messages.moreThanLeft(option.maximum);
  return null;
}
