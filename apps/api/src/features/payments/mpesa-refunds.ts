import { b2cMinimumKes, mpesaSendFailureReason } from '@myprosper/contract/refunds';
import type { DbOrTx } from '../../db/connection.ts';
import { postTransaction } from '../wallet/wallet.door.ts';
import { type MpesaRefundRow, MpesaRefundsRepository } from './mpesa-refunds.repository.ts';

/**
 * Money back to M-PESA, in the ledger (issue 21). A sending is asked for in the transaction that decides it
 * (a refund, a withdrawal): its amount moves into MPESA_REFUNDS_IN_FLIGHT and a PENDING mpesa_refunds row
 * records it. Daraja's final answer settles it once, in the transaction that records that answer:
 * - paid: MPESA_REFUNDS_IN_FLIGHT → MPESA_CLEARING (the money left our M-PESA account), the fee to COMMISSION;
 * - failed: MPESA_REFUNDS_IN_FLIGHT → the person's wallet, with the reason. Never lost, never twice.
 */

/** The part of a refunded share that goes back to M-PESA, decided by mpesaPartOf. */
export interface MpesaPart {
  userId: number;
  amount: number;
  phoneNumber: string;
  paymentId: number;
  method: 'REVERSAL' | 'B2C';
}

/** What a refund of a share can do, whatever the payer chooses (the cancellation dialog shows it). */
export type RefundOption =
  | { kind: 'MPESA'; amount: number; phoneNumber: string; paymentId: number; method: 'REVERSAL' | 'B2C' }
  | { kind: 'CARD' }
  | { kind: 'UNPROVEN_NUMBER'; phoneNumber: string }
  | { kind: 'WALLET' };

/**
 * Whether a refund of `refund` KES of this share could go back to M-PESA: only when an M-PESA push of the payer
 * paid it, from the number the payer has proved, and only what was not given back of the push before. The push's part of
 * the refund goes back: all of it by a Reversal of its receipt (reference 1.3), less of it by B2C (at least
 * B2C's minimum, else the wallet takes it all).
 */
export async function refundOptionOf(
  db: DbOrTx,
  input: { participantId: number; userId: number; refund: number },
): Promise<RefundOption> {
  const repository = new MpesaRefundsRepository(db);
  const payment = await repository.sharePayment(input.participantId);
  if (!payment || payment.payerId !== input.userId || input.refund <= 0) return { kind: 'WALLET' };
  if (payment.provider === 'CARD') return { kind: 'CARD' };
  if (!payment.phoneNumber) return { kind: 'WALLET' };
  const phone = await repository.verifiedPhone(input.userId);
  if (phone !== payment.phoneNumber) return { kind: 'UNPROVEN_NUMBER', phoneNumber: payment.phoneNumber };
  // What was given back of the push already (an operator's refund, an earlier sending) cannot go again.
  const left = payment.amount - payment.refunded;
  if (left <= 0) return { kind: 'WALLET' };
  const amount = Math.min(input.refund, left);
  const isWhole = payment.refunded === 0 && amount === payment.amount && payment.receipt !== null;
  if (!isWhole && amount < b2cMinimumKes) return { kind: 'WALLET' };
  return {
    kind: 'MPESA',
    amount,
    phoneNumber: phone,
    paymentId: payment.id,
    method: isWhole ? 'REVERSAL' : 'B2C',
  };
}

/**
 * The M-PESA part of one refunded share, or null when it all goes to the wallet: by the payer's choice now
 * (`chosen`), else the choice they saved (WALLET until they choose).
 */
export async function mpesaPartOf(
  tx: DbOrTx,
  input: { participantId: number; userId: number; refund: number; chosen?: 'WALLET' | 'MPESA' },
): Promise<MpesaPart | null> {
  const destination = input.chosen ?? (await new MpesaRefundsRepository(tx).preference(input.userId));
  if (destination !== 'MPESA') return null;
  const option = await refundOptionOf(tx, input);
  if (option.kind !== 'MPESA') return null;
  return {
    userId: input.userId,
    amount: option.amount,
    phoneNumber: option.phoneNumber,
    paymentId: option.paymentId,
    method: option.method,
  };
}

/**
 * The pending row of a refund's M-PESA part (its money already moved into MPESA_REFUNDS_IN_FLIGHT), and the push
 * marked as that much given back (payments.refunded, whose CHECK keeps it within the push).
 */
export async function recordMpesaRefund(
  tx: DbOrTx,
  input: { part: MpesaPart; participantId: number; sessionId: number; reference: string },
): Promise<number> {
  await new MpesaRefundsRepository(tx).addRefunded(input.part.paymentId, input.part.amount);
  const row = await new MpesaRefundsRepository(tx).insert({
    kind: 'REFUND',
    userId: input.part.userId,
    sessionId: input.sessionId,
    participantId: input.participantId,
    paymentId: input.part.paymentId,
    reference: input.reference,
    phoneNumber: input.part.phoneNumber,
    method: input.part.method,
    amount: input.part.amount,
  });
  return row.id;
}

/** Daraja's final word on one request of a sending. */
export type SendOutcome =
  | { ok: true; receipt: string | null }
  | { ok: false; resultCode: string | null; reason?: string };

export type Settled =
  | { status: 'PAID' | 'FAILED'; row: MpesaRefundRow }
  /** A failed reversal whose original M-PESA did not find: to be sent again by B2C. */
  | { status: 'RETRY_B2C'; row: MpesaRefundRow }
  | { status: 'ALREADY_FINAL'; row: MpesaRefundRow | null };

/**
 * Settles a sending by Daraja's final answer, in the caller's transaction (the one recording that answer),
 * at most once: a second answer finds it no longer PENDING and changes nothing. A reversal M-PESA had made
 * already (R000001) counts as paid; a reversal of a receipt M-PESA does not know (R000002) is tried again by
 * B2C to the same verified number.
 */
export async function settleMpesaRefund(
  tx: DbOrTx,
  refundId: number,
  /** The method of the request answered: an answer to a reversal already replaced by a B2C changes nothing. */
  method: string,
  outcome: SendOutcome,
  now: Date,
): Promise<Settled> {
  const repository = new MpesaRefundsRepository(tx);
  const row = await repository.lock(refundId);
  if (!row || row.status !== 'PENDING' || row.method !== method) return { status: 'ALREADY_FINAL', row };
  const code = outcome.ok ? null : outcome.resultCode;
  if (!outcome.ok && code === 'R000001' && row.method === 'REVERSAL') {
    return settleMpesaRefund(tx, refundId, method, { ok: true, receipt: null }, now);
  }
  if (!outcome.ok && code === 'R000002' && row.method === 'REVERSAL' && row.amount >= b2cMinimumKes) {
    return { status: 'RETRY_B2C', row };
  }
  if (outcome.ok) {
    await repository.markPaid(row.id, outcome.receipt, now);
    const sent = row.amount - row.fee;
    await postTransaction(tx, {
      kind: 'MPESA_SENT',
      reference: `mpesa-sent:${row.id}`,
      memo:
        row.kind === 'WITHDRAWAL'
          ? `Withdrawal to M-PESA ${row.phoneNumber}${outcome.receipt ? ` ${outcome.receipt}` : ''}`
          : `Refund to M-PESA ${row.phoneNumber}${outcome.receipt ? ` ${outcome.receipt}` : ''}`,
      lines: [
        { account: { platform: 'MPESA_REFUNDS_IN_FLIGHT' }, amount: -row.amount },
        { account: { platform: 'MPESA_CLEARING' }, amount: sent },
        ...(row.fee > 0 ? [{ account: { platform: 'COMMISSION' as const }, amount: row.fee }] : []),
      ],
      links: { sessionId: row.sessionId ?? undefined, participantId: row.participantId ?? undefined },
    });
    return { status: 'PAID', row: { ...row, status: 'PAID', receipt: outcome.receipt, settledAt: now } };
  }
  const reason = outcome.reason ?? mpesaSendFailureReason(code);
  await repository.markFailed(row.id, reason, now);
  await postTransaction(tx, {
    kind: 'MPESA_RETURNED',
    reference: `mpesa-returned:${row.id}`,
    memo:
      row.kind === 'WITHDRAWAL'
        ? `Withdrawal not sent, back in your wallet: ${reason}`
        : `Refund M-PESA could not take, in your wallet: ${reason}`,
    lines: [
      { account: { platform: 'MPESA_REFUNDS_IN_FLIGHT' }, amount: -row.amount },
      { account: { wallet: row.userId }, amount: row.amount },
    ],
    links: { sessionId: row.sessionId ?? undefined, participantId: row.participantId ?? undefined },
  });
  return { status: 'FAILED', row: { ...row, status: 'FAILED', failureReason: reason, settledAt: now } };
}
