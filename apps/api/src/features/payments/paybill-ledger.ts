import type { DbOrTx } from '../../db/connection.ts';
import { postTransaction } from '../wallet/wallet.door.ts';
import type { PaybillPaymentRow } from './paybill.repository.ts';

/**
 * Where a Paybill payment's money sits in the ledger. One matched to a booking goes the STK way (M-PESA
 * clearing into the payer's wallet, then the share). One kept for review is PARKED from M-PESA clearing into
 * PAYBILL_SUSPENSE, and leaves it exactly once: released back to clearing when it is matched after all,
 * credited to a wallet by an admin, or reversed to the payer.
 */

/** The ledger references (idempotency keys) of a Paybill payment's movements, one of each per payment. */
export const paybillLedgerReferences = {
  park: (id: number) => `paybill-park:${id}`,
  release: (id: number) => `paybill-release:${id}`,
  credit: (id: number) => `paybill-credit:${id}`,
  reversal: (id: number) => `paybill-reversal:${id}`,
} as const;

export async function parkPaybillMoney(tx: DbOrTx, row: PaybillPaymentRow): Promise<number | null> {
  if (row.amount <= 0) return null;
  const posted = await postTransaction(tx, {
    kind: 'PAYBILL_PARKED',
    reference: paybillLedgerReferences.park(row.id),
    memo: `Paybill payment ${row.transId} kept for review`,
    lines: [
      { account: { platform: 'MPESA_CLEARING' }, amount: -row.amount },
      { account: { platform: 'PAYBILL_SUSPENSE' }, amount: row.amount },
    ],
  });
  return posted.transactionId;
}

/** A parked payment matched after all: back to clearing, from where the usual path takes it. */
export async function releaseParkedMoney(tx: DbOrTx, row: PaybillPaymentRow): Promise<void> {
  if (row.parkedTransactionId === null) return;
  await postTransaction(tx, {
    kind: 'PAYBILL_MATCHED',
    reference: paybillLedgerReferences.release(row.id),
    memo: `Paybill payment ${row.transId} matched`,
    lines: [
      { account: { platform: 'PAYBILL_SUSPENSE' }, amount: -row.amount },
      { account: { platform: 'MPESA_CLEARING' }, amount: row.amount },
    ],
  });
}

export async function creditParkedMoney(tx: DbOrTx, row: PaybillPaymentRow, userId: number): Promise<void> {
  if (row.parkedTransactionId === null) return;
  await postTransaction(tx, {
    kind: 'MPESA_TOPUP',
    reference: paybillLedgerReferences.credit(row.id),
    memo: `M-PESA Paybill payment ${row.transId}`,
    lines: [
      { account: { platform: 'PAYBILL_SUSPENSE' }, amount: -row.amount },
      { account: { wallet: userId }, amount: row.amount },
    ],
  });
}

export async function reverseParkedMoney(tx: DbOrTx, row: PaybillPaymentRow): Promise<void> {
  if (row.parkedTransactionId === null) return;
  await postTransaction(tx, {
    kind: 'PAYBILL_REVERSED',
    reference: paybillLedgerReferences.reversal(row.id),
    memo: `Paybill payment ${row.transId} sent back to the payer`,
    lines: [
      { account: { platform: 'PAYBILL_SUSPENSE' }, amount: -row.amount },
      { account: { platform: 'MPESA_CLEARING' }, amount: row.amount },
    ],
  });
}
