import { z } from 'zod';
import { envelope, idParam } from './common.ts';

/** The wallet: balances (advisee: balance, mentor: walletBalance, as the spec names them) and transactions. */

export const walletUserParams = z.object({ userId: idParam });

/** GET /myprosper/api/getAdviseeBalance/{userId} */
export const adviseeBalance = z.object({ balance: z.number().int() });
export type AdviseeBalance = z.infer<typeof adviseeBalance>;
export const adviseeBalanceResponse = envelope(adviseeBalance);

/** GET /myprosper/api/getAdvisorBalance/{userId} */
export const advisorBalance = z.object({ walletBalance: z.number().int() });
export type AdvisorBalance = z.infer<typeof advisorBalance>;
export const advisorBalanceResponse = envelope(advisorBalance);

export const transactionTypes = ['CREDIT', 'DEBIT'] as const;
export const transactionType = z.enum(transactionTypes);
export type TransactionType = z.infer<typeof transactionType>;

/** Money in (CREDIT) or out (DEBIT) of a wallet, from the signed amount of its ledger entry. */
export function transactionTypeOf(signedAmount: number): TransactionType {
  return signedAmount >= 0 ? 'CREDIT' : 'DEBIT';
}

/** One movement of a wallet: the spec's Transaction (amount, transactionType, date) and what it was for. */
export const walletTransaction = z.object({
  id: z.number().int(),
  /** Always positive, integer KES; the type says which way it went. */
  amount: z.number().int().positive(),
  transactionType,
  /** ISO instant */
  date: z.string(),
  /** 'M-PESA top-up QK12ABC', 'Session MPS-7K3Q9X with Jane Doe', 'Refund: session MPS-7K3Q9X' … */
  description: z.string(),
});
export type WalletTransaction = z.infer<typeof walletTransaction>;

/** GET /myprosper/api/getTransactions/{userId}?type=CREDIT|DEBIT, newest first. */
export const transactionsQuery = z.object({
  type: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), transactionType).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(100),
});
export type TransactionsQuery = z.input<typeof transactionsQuery>;
export const transactionsResponse = envelope(z.array(walletTransaction));

/** Tab labels of /wallet and the transaction type each lists. */
export const walletTabs = [
  { label: 'Credited', type: 'CREDIT' },
  { label: 'Deducted', type: 'DEBIT' },
] as const satisfies ReadonlyArray<{ label: string; type: TransactionType }>;
