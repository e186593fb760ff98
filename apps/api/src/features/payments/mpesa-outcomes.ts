import { disbursementFailureReason } from '@myprosper/contract/mpesa-disbursements';
import type { DarajaResult, ResultValue } from '../../providers/mpesa-results.ts';
import type { MpesaRequestRow } from './mpesa-requests.repository.ts';

/**
 * What a Daraja Result, or a Transaction Status answer, means for one of our M-PESA requests: pure decisions,
 * no I/O. MpesaDisbursements records them and runs the purpose's handler.
 */

/** A final outcome of a request, as the purpose's handler gets it. */
export interface MpesaOutcome {
  state: 'SUCCEEDED' | 'FAILED';
  /** Daraja's ResultCode as a string ('0', '2040', 'R000002'); null when Daraja refused the call itself. */
  resultCode: string | null;
  resultDesc: string;
  /** The M-PESA receipt of a success (B2C: the payout's receipt; reversal: the reversal's). */
  receipt: string | null;
  /** What M-PESA says moved (B2C TransactionAmount, reversal/status Amount); null when it did not say. */
  amount: number | null;
  /** Why it failed, in words people read; null on success. */
  reason: string | null;
  /** The result's parameters by key (status checks: ReceiptNo, TransactionStatus, Amount, DebitPartyName …). */
  parameters: Record<string, ResultValue>;
  /** How it was learnt: its own result, a Transaction Status answer, or Daraja refusing the call. */
  via: 'RESULT' | 'STATUS' | 'REFUSED';
}

/** Transaction Status values that say the transaction did not (or no longer does) move money to the party. */
const failedStatuses = /^(failed|declined|cancelled|canceled|expired|reversed)$/i;

/** The outcome a request's own result gives; null when the result contradicts the request (kept open). */
export function outcomeOfResult(row: MpesaRequestRow, result: DarajaResult): MpesaOutcome | null {
  const base = {
    resultCode: result.resultCode,
    resultDesc: result.resultDesc,
    parameters: result.parameters,
    via: 'RESULT' as const,
  };
  if (row.kind === 'REVERSAL') {
    // R000001: reversed already (by an earlier attempt of ours): done.
    const reversed = result.succeeded || result.resultCode === 'R000001';
    if (reversed && result.amount !== null && result.amount !== row.amount) return null;
    const receipt =
      result.succeeded && result.transactionId && /^[A-Z0-9]{10}$/.test(result.transactionId)
        ? result.transactionId
        : null;
    return reversed
      ? { ...base, state: 'SUCCEEDED', receipt, amount: result.amount ?? row.amount, reason: null }
      : {
          ...base,
          state: 'FAILED',
          receipt: null,
          amount: null,
          reason: disbursementFailureReason(result.resultCode),
        };
  }
  if (!result.succeeded) {
    return {
      ...base,
      state: 'FAILED',
      receipt: null,
      amount: null,
      reason: disbursementFailureReason(result.resultCode),
    };
  }
  if (row.kind === 'B2C') {
    if (!result.receipt) return null;
    if (result.amount !== null && result.amount !== row.amount) return null;
    return { ...base, state: 'SUCCEEDED', receipt: result.receipt, amount: row.amount, reason: null };
  }
  // STATUS: the check itself succeeded (what it says of its subject is applied to the subject); BALANCE.
  const statusReceipt = row.kind === 'STATUS' && isCompleted(result) ? (result.receipt ?? null) : null;
  return { ...base, state: 'SUCCEEDED', receipt: statusReceipt, amount: result.amount, reason: null };
}

/**
 * What a Transaction Status answer says of the request it checked: Completed with the amount asked →
 * SUCCEEDED (its receipt); a failed status, or a transaction Daraja does not know (never made) → FAILED;
 * Completed with another amount → AMOUNT_DIFFERS (kept open, logged); anything else null (kept open).
 */
export function statusOutcome(
  subject: MpesaRequestRow,
  result: DarajaResult,
): MpesaOutcome | 'AMOUNT_DIFFERS' | null {
  const base = { resultDesc: result.resultDesc, parameters: result.parameters, via: 'STATUS' as const };
  let outcome: MpesaOutcome | null = null;
  if (result.succeeded && isCompleted(result)) {
    const receipt = result.receipt;
    const amountMatches = result.amount === null || result.amount === subject.amount;
    if (subject.kind === 'B2C' && receipt && amountMatches) {
      outcome = {
        ...base,
        state: 'SUCCEEDED',
        resultCode: '0',
        receipt,
        amount: subject.amount,
        reason: null,
      };
    } else if (!amountMatches) {
      return 'AMOUNT_DIFFERS';
    }
  } else if (result.succeeded && subject.kind === 'REVERSAL' && /^reversed$/i.test(statusOf(result))) {
    outcome = {
      ...base,
      state: 'SUCCEEDED',
      resultCode: 'R000001',
      receipt: null,
      amount: subject.amount,
      reason: null,
    };
  } else if (result.succeeded && failedStatuses.test(statusOf(result)) && subject.kind === 'B2C') {
    outcome = {
      ...base,
      state: 'FAILED',
      resultCode: statusOf(result),
      receipt: null,
      amount: null,
      reason: disbursementFailureReason(null),
    };
  } else if (result.resultCode === 'R000002' && subject.kind === 'B2C') {
    outcome = {
      ...base,
      state: 'FAILED',
      resultCode: 'R000002',
      receipt: null,
      amount: null,
      reason: disbursementFailureReason(null),
    };
  }
  return outcome;
}

/** The result names this request (its originator id or conversation id), or names none (the token vouches). */
export function namesRequest(row: MpesaRequestRow, result: DarajaResult): boolean {
  if (row.kind === 'B2C') return result.originatorConversationId === row.originatorConversationId;
  // A reversal may be sent again (each time Daraja names it anew): its token alone names it.
  if (row.kind === 'REVERSAL') return true;
  if (row.originatorConversationId && result.originatorConversationId) {
    return (
      row.originatorConversationId === result.originatorConversationId ||
      (row.conversationId !== null && row.conversationId === result.conversationId)
    );
  }
  return true;
}

function statusOf(result: DarajaResult): string {
  const value = result.parameters.TransactionStatus;
  return typeof value === 'string' ? value.trim() : '';
}

function isCompleted(result: DarajaResult): boolean {
  return /^completed$/i.test(statusOf(result));
}
