import { type B2cOutcome, type B2cRequest, insufficientFunds } from './daraja-results-rules.ts';
import { newReceiptNumber } from './daraja-rules.ts';

/**
 * The sandbox's own M-PESA ledger: every transaction it knows (STK and C2B payments in, B2C out, reversals)
 * with its receipt, and the B2C shortcode's Utility balance, so Transaction Status, Reversal and Account
 * Balance answer consistently with what was paid.
 */

/** One M-PESA transaction the sandbox knows: an STK or C2B payment in, a B2C out, a reversal. */
export interface SandboxTransaction {
  kind: 'STK' | 'C2B' | 'B2C' | 'REVERSAL';
  /** The receipt (a failed B2C has a receipt-shaped id too, like Daraja's). */
  receipt: string;
  amount: number;
  /** The customer's MSISDN. */
  party: string;
  /** Ours (B2C) or Daraja's (v1 APIs). */
  originatorConversationId: string | null;
  conversationId: string | null;
  status: 'Completed' | 'Failed';
  resultCode: string;
  resultDesc: string;
  initiatedAt: Date;
  finalisedAt: Date;
  /** A reversal's original receipt; an original's reversal receipt. */
  original: string | null;
  reversedBy: string | null;
}

/**
 * The sandbox's M-PESA books: every transaction by receipt and by originator id, and the B2C shortcode's
 * Utility account (what B2C pays from), with charges, so Account Balance and Transaction Status agree with
 * what was paid. The STK sandbox records the payments it completes here, so reversals know them; a C2B
 * stand-in records its paybill payments through `record` too.
 */
export class SandboxLedger {
  private readonly byReceipt = new Map<string, SandboxTransaction>();
  private readonly byOriginator = new Map<string, SandboxTransaction>();
  /** Every B2C OriginatorConversationID ever received, processed or not (duplicates are refused). */
  private readonly originators = new Set<string>();
  utility: number;
  working = 700_000;
  charges = 0;
  /** Paybill collections (STK, C2B) less reversals. */
  settlement = 0;

  constructor(utility: number) {
    this.utility = utility;
  }

  /** Takes an originator id; false when it was used before. */
  claimOriginator(id: string): boolean {
    if (this.originators.has(id)) return false;
    this.originators.add(id);
    return true;
  }

  private newReceipt(): string {
    let receipt = newReceiptNumber();
    while (this.byReceipt.has(receipt)) receipt = newReceiptNumber();
    return receipt;
  }

  record(transaction: Omit<SandboxTransaction, 'receipt'> & { receipt?: string }): SandboxTransaction {
    const full: SandboxTransaction = { ...transaction, receipt: transaction.receipt ?? this.newReceipt() };
    this.byReceipt.set(full.receipt, full);
    if (full.originatorConversationId) this.byOriginator.set(full.originatorConversationId, full);
    if ((full.kind === 'STK' || full.kind === 'C2B') && full.status === 'Completed')
      this.settlement += full.amount;
    return full;
  }

  find(receipt: string | null, originatorId: string | null): SandboxTransaction | null {
    if (receipt) return this.byReceipt.get(receipt) ?? null;
    if (originatorId) return this.byOriginator.get(originatorId) ?? null;
    return null;
  }

  /** The B2C charge of one payment (the sandbox's own tariff). */
  static chargeOf(amount: number): number {
    return amount <= 1_000 ? 15 : 22;
  }

  /** Decides and books one B2C payment: its outcome (insufficient Utility when it would go below zero). */
  payB2c(request: B2cRequest, outcome: B2cOutcome, conversationId: string, now: Date): SandboxTransaction {
    const charge = SandboxLedger.chargeOf(request.amount);
    let decided = outcome;
    if (decided.resultCode === 0 && this.utility < request.amount + charge) decided = insufficientFunds;
    const completed = decided.resultCode === 0;
    if (completed) {
      this.utility -= request.amount + charge;
      this.charges -= charge;
    }
    return this.record({
      kind: 'B2C',
      amount: request.amount,
      party: request.phone,
      originatorConversationId: request.originatorConversationId,
      conversationId,
      status: completed ? 'Completed' : 'Failed',
      resultCode: String(decided.resultCode),
      resultDesc: decided.resultDesc,
      initiatedAt: now,
      finalisedAt: now,
      original: null,
      reversedBy: null,
    });
  }

  /** The AccountBalance string of §1.5. */
  balanceText(): string {
    const line = (name: string, amount: number) => {
      const value = amount.toFixed(2);
      return `${name}|KES|${value}|${value}|0.00|0.00`;
    };
    return [
      line('Working Account', this.working),
      line('Utility Account', this.utility),
      line('Charges Paid Account', this.charges),
      line('Organization Settlement Account', this.settlement),
    ].join('&');
  }
}
