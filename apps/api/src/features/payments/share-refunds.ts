import type { DbOrTx } from '../../db/connection.ts';
import {
  type AccountRef,
  type LedgerLine,
  LedgerRepository,
  type PlatformAccount,
  postTransaction,
} from '../wallet/wallet.door.ts';
import { GroupCoverRepository } from './group-cover.repository.ts';
import { type MpesaPart, mpesaPartOf, recordMpesaRefund } from './mpesa-refunds.ts';
import { OperatorRefundsRepository } from './operator-refunds.repository.ts';
import type { MoneyParticipant } from './session-money.repository.ts';
import type { PaymentVouchers } from './voucher-port.ts';

/**
 * Where a refunded share went: back to the payer's wallet, or its voucher made usable again; MPESA when (part
 * of) it is on its way back to the M-PESA number that paid it (`mpesa` says how much), the rest in the wallet.
 */
export type RefundedTo = 'WALLET' | 'VOUCHER' | 'MPESA';

export interface ShareRefund {
  amount: number;
  to: RefundedTo;
  mpesa?: { amount: number; phoneNumber: string; refundId: number };
}

export interface ShareRefunds {
  /** By participant id. */
  refunds: Map<number, ShareRefund>;
  total: number;
  /** Paid shares held back (`keep`), at what they were paid. */
  kept: number;
  /** Sendings to M-PESA recorded (mpesa_refunds ids): hand them to Daraja once this commits. */
  mpesaRefundIds: number[];
}

/**
 * Gives a session's paid shares back the way each was paid (the share's SESSION_PAYMENT says from where):
 * wallet-paid shares to the payer's wallet, voucher-paid ones to VOUCHERS with their vouchers usable again.
 * One REFUND transaction out of the session's escrow under `reference`, which the ledger takes once ever.
 * Shares `keep` answers true for stay in escrow (counted in `kept`). Runs in the caller's transaction, with
 * the session and its participants locked; `vouchers` (the vouchers feature) makes the vouchers usable again.
 *
 * A wallet-paid share that an M-PESA push paid from the payer's verified number goes back to that number when
 * its payer chose M-PESA (`refundTo`, by user id, or else their saved choice): the push's part of it into
 * MPESA_REFUNDS_IN_FLIGHT with a pending mpesa_refunds row, the rest to the wallet (mpesa-refunds.ts).
 */
export async function refundPaidShares(
  tx: DbOrTx,
  input: {
    session: { id: number };
    participants: readonly MoneyParticipant[];
    reference: string;
    memo: string;
    now: Date;
    keep?: (participant: MoneyParticipant) => boolean;
    vouchers: Pick<PaymentVouchers, 'restore'>;
    /** A destination chosen now for a payer's refund of an M-PESA payment, by user id. */
    refundTo?: ReadonlyMap<number, 'WALLET' | 'MPESA'>;
  },
): Promise<ShareRefunds> {
  const ledger = new LedgerRepository(tx);
  const operatorRefunds = new OperatorRefundsRepository(tx);
  const refunds = new Map<number, ShareRefund>();
  const lines = new Map<string, LedgerLine>();
  const voucherShares: number[] = [];
  const mpesaParts: { participant: MoneyParticipant; part: MpesaPart }[] = [];
  let kept = 0;
  for (const participant of input.participants) {
    if (participant.paymentStatus !== 'PAID' || participant.amount === 0) continue;
    const paid = await ledger.sharePaymentSource(participant.id);
    if (!paid) continue;
    // What an operator refunded of the share from escrow already (issue 25) is not in escrow any more.
    const source = { ...paid, amount: paid.amount - (await operatorRefunds.takenFromEscrow(participant.id)) };
    if (source.amount <= 0) continue;
    if (input.keep?.(participant)) {
      kept += source.amount;
      continue;
    }
    const account: AccountRef =
      source.userId !== null ? { wallet: source.userId } : { platform: source.code as PlatformAccount };
    const part =
      source.userId !== null
        ? await mpesaPartOf(tx, {
            participantId: participant.id,
            userId: source.userId,
            refund: source.amount,
            chosen: input.refundTo?.get(source.userId),
          })
        : null;
    const toAccount = source.amount - (part?.amount ?? 0);
    if (toAccount > 0) {
      const key = JSON.stringify(account);
      lines.set(key, { account, amount: (lines.get(key)?.amount ?? 0) + toAccount });
    }
    if (part) {
      const key = JSON.stringify({ platform: 'MPESA_REFUNDS_IN_FLIGHT' });
      lines.set(key, {
        account: { platform: 'MPESA_REFUNDS_IN_FLIGHT' },
        amount: (lines.get(key)?.amount ?? 0) + part.amount,
      });
      mpesaParts.push({ participant, part });
    }
    const isVoucher = source.code === 'VOUCHERS';
    refunds.set(participant.id, {
      amount: source.amount,
      to: isVoucher ? 'VOUCHER' : part ? 'MPESA' : 'WALLET',
    });
    if (isVoucher) voucherShares.push(participant.id);
  }
  // A host's top-up of a group's price (group-cover.service.ts) goes with the host's share: back to the host's
  // wallet, or kept with it.
  const cover = await new GroupCoverRepository(tx).paidCover(input.session.id);
  const host = input.participants.find((participant) => participant.isHost);
  if (cover && host?.adviseeId) {
    if (input.keep?.(host)) {
      kept += cover.amount;
    } else {
      const account: AccountRef = { wallet: host.adviseeId };
      const key = JSON.stringify(account);
      lines.set(key, { account, amount: (lines.get(key)?.amount ?? 0) + cover.amount });
      const share = refunds.get(host.id);
      refunds.set(host.id, { amount: (share?.amount ?? 0) + cover.amount, to: share?.to ?? 'WALLET' });
    }
  }
  const total = [...refunds.values()].reduce((sum, refund) => sum + refund.amount, 0);
  const escrow = await ledger.sessionEscrow(input.session.id);
  if (total + kept > escrow) {
    throw new Error(`session ${input.session.id}: escrow ${escrow} is less than its paid shares`);
  }
  if (total > 0) {
    await postTransaction(tx, {
      kind: 'REFUND',
      reference: input.reference,
      memo: input.memo,
      lines: [{ account: { platform: 'SESSION_ESCROW' }, amount: -total }, ...lines.values()],
      links: { sessionId: input.session.id },
    });
    await input.vouchers.restore(tx, voucherShares, input.now);
  }
  const mpesaRefundIds: number[] = [];
  for (const { participant, part } of mpesaParts) {
    const refundId = await recordMpesaRefund(tx, {
      part,
      participantId: participant.id,
      sessionId: input.session.id,
      reference: `${input.reference}:mpesa:${participant.id}`,
    });
    refunds.set(participant.id, {
      ...refunds.get(participant.id)!,
      mpesa: { amount: part.amount, phoneNumber: part.phoneNumber, refundId },
    });
    mpesaRefundIds.push(refundId);
  }
  return { refunds, total, kept, mpesaRefundIds };
}
