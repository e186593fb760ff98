import { paymentMessages } from '@myprosper/contract/payments';
import { type TransactionType, transactionTypeOf, type WalletTransaction } from '@myprosper/contract/wallet';
import type { Db } from '../../db/connection.ts';
import { forbidden } from '../../lib/errors.ts';
import type { CurrentUser } from '../auth/auth.door.ts';
import { LedgerRepository } from './ledger.repository.ts';

/** Wallet balances and movements, read from the ledger. People see their own; admins anyone's. */
export class WalletService {
  constructor(private readonly db: Db) {}

  private assertCanRead(caller: CurrentUser, userId: number): void {
    if (caller.id !== userId && caller.role !== 'ADMIN') throw forbidden(paymentMessages.walletOwnOnly);
  }

  async balance(caller: CurrentUser, userId: number): Promise<number> {
    this.assertCanRead(caller, userId);
    return new LedgerRepository(this.db).walletBalance(userId);
  }

  async transactions(
    caller: CurrentUser,
    userId: number,
    query: { type?: TransactionType; page: number; pageSize: number },
  ): Promise<WalletTransaction[]> {
    this.assertCanRead(caller, userId);
    const rows = await new LedgerRepository(this.db).walletEntries(userId, {
      type: query.type,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return rows.map((row) => ({
      id: row.id,
      amount: Math.abs(row.amount),
      transactionType: transactionTypeOf(row.amount),
      date: row.createdAt.toISOString(),
      description: row.memo,
    }));
  }
}
