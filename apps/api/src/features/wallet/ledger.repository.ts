import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { pgErrorOf, uniqueViolation } from '../../db/database-errors.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/payments.ts';

/**
 * The ledger: double entry, append-only, integer KES. `postTransaction` is the only code that writes
 * entries; it keeps each wallet's balance row equal to the sum of its entries and refuses to take a wallet
 * below zero (the row is locked first, and a CHECK constraint stands behind the code).
 */

/** The platform's own accounts (created by the payments_ledger_rules migration, or on first use). */
export const platformAccounts = [
  'MPESA_CLEARING',
  'CARD_CLEARING',
  'SESSION_ESCROW',
  'COMMISSION',
  'PAYOUTS',
  'VOUCHERS',
  /** Refunds and withdrawals asked of M-PESA and not yet answered (issue 21). */
  'MPESA_REFUNDS_IN_FLIGHT',
  // B2C payouts sent to M-PESA and not answered yet (issue 21): out of a wallet, not yet paid.
  'PAYOUTS_IN_FLIGHT',
  /** Paybill payments kept for an admin's review (features/payments/paybill.service.ts). */
  'PAYBILL_SUSPENSE',
] as const;
export type PlatformAccount = (typeof platformAccounts)[number];

/** A user's wallet (by user id) or a platform account (by code). */
export type AccountRef = { wallet: number } | { platform: PlatformAccount };

/** What a transaction is; others may add kinds (e.g. VOUCHER_PURCHASE) without a migration. */
export type LedgerKind =
  | 'MPESA_TOPUP'
  | 'CARD_TOPUP'
  | 'SESSION_PAYMENT'
  | 'REFUND'
  | 'EARNINGS'
  | 'PAYOUT'
  | (string & {});

export interface LedgerLine {
  account: AccountRef;
  /** Signed integer KES: positive into the account, negative out of it. */
  amount: number;
}

export interface PostTransactionInput {
  kind: LedgerKind;
  /** Unique per transaction ever posted: the same movement can never be posted twice ('share:41'). */
  reference: string;
  /** What it was for, as the wallet shows it. */
  memo: string;
  lines: readonly LedgerLine[];
  links?: { sessionId?: number; participantId?: number; paymentId?: number };
}

export interface PostedTransaction {
  transactionId: number;
  /** Wallet balances after the transaction, by user id. */
  walletBalances: Map<number, number>;
}

/** A wallet would go below zero. Nothing was written. */
export class InsufficientFundsError extends Error {
  constructor(
    readonly userId: number,
    readonly balance: number,
    readonly needed: number,
  ) {
    super(`wallet of user ${userId} holds ${balance} KES, ${needed} KES needed`);
    this.name = 'InsufficientFundsError';
  }
}

/** A transaction with this reference was already posted. Nothing was written. */
export class DuplicateLedgerTransactionError extends Error {
  constructor(readonly reference: string) {
    super(`ledger transaction ${reference} was already posted`);
    this.name = 'DuplicateLedgerTransactionError';
  }
}

/** Lines that are not a valid double entry (a programming error). */
export class UnbalancedTransactionError extends Error {
  override name = 'UnbalancedTransactionError';
}

function describeAccount(account: AccountRef): string {
  return 'wallet' in account ? `wallet:${account.wallet}` : `platform:${account.platform}`;
}

/** Checks the lines before anything is written: at least two, whole non-zero amounts, summing to zero. */
export function checkLines(lines: readonly LedgerLine[]): void {
  if (lines.length < 2) throw new UnbalancedTransactionError('a transaction needs at least two lines');
  const seen = new Set<string>();
  let sum = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount) || line.amount === 0) {
      throw new UnbalancedTransactionError(`line amounts must be non-zero integers, got ${line.amount}`);
    }
    const key = describeAccount(line.account);
    if (seen.has(key)) throw new UnbalancedTransactionError(`account ${key} appears twice`);
    seen.add(key);
    sum += line.amount;
  }
  if (sum !== 0) throw new UnbalancedTransactionError(`lines sum to ${sum}, not 0`);
}

export interface WalletEntryRow {
  id: number;
  amount: number;
  memo: string;
  kind: string;
  createdAt: Date;
}

export class LedgerRepository {
  constructor(private readonly db: DbOrTx) {}

  /** The id of a user's wallet, opened (empty) on first use. */
  async walletAccountId(userId: number, db: DbOrTx = this.db): Promise<number> {
    await db
      .insert(ledgerAccounts)
      .values({ kind: 'WALLET', userId, balance: 0 })
      .onConflictDoNothing({ target: ledgerAccounts.userId });
    const [row] = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, userId));
    return row!.id;
  }

  async platformAccountId(code: PlatformAccount, db: DbOrTx = this.db): Promise<number> {
    await db
      .insert(ledgerAccounts)
      .values({ kind: 'PLATFORM', code })
      .onConflictDoNothing({ target: ledgerAccounts.code });
    const [row] = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, code));
    return row!.id;
  }

  private accountId(account: AccountRef, db: DbOrTx): Promise<number> {
    return 'wallet' in account
      ? this.walletAccountId(account.wallet, db)
      : this.platformAccountId(account.platform, db);
  }

  /**
   * Writes one balanced transaction, atomically (a savepoint inside the caller's transaction): the wallets it
   * touches are locked in id order, checked, written and updated, or nothing is. Throws
   * InsufficientFundsError, DuplicateLedgerTransactionError or UnbalancedTransactionError.
   */
  async postTransaction(input: PostTransactionInput): Promise<PostedTransaction> {
    checkLines(input.lines);
    try {
      return await this.db.transaction(async (tx) => {
        const resolved = [];
        for (const line of input.lines) {
          resolved.push({ ...line, accountId: await this.accountId(line.account, tx) });
        }
        const walletIds = resolved
          .filter((line) => 'wallet' in line.account)
          .map((line) => line.accountId)
          .sort((a, b) => a - b);
        const locked =
          walletIds.length === 0
            ? []
            : await tx
                .select({
                  id: ledgerAccounts.id,
                  userId: ledgerAccounts.userId,
                  balance: ledgerAccounts.balance,
                })
                .from(ledgerAccounts)
                .where(inArray(ledgerAccounts.id, walletIds))
                .orderBy(ledgerAccounts.id)
                .for('update');
        const walletBalances = new Map<number, number>();
        const newBalances = new Map<number, number>();
        for (const wallet of locked) {
          const line = resolved.find((l) => l.accountId === wallet.id)!;
          const balance = (wallet.balance ?? 0) + line.amount;
          if (balance < 0) {
            throw new InsufficientFundsError(wallet.userId!, wallet.balance ?? 0, -line.amount);
          }
          newBalances.set(wallet.id, balance);
          walletBalances.set(wallet.userId!, balance);
        }

        const [transaction] = await tx
          .insert(ledgerTransactions)
          .values({
            kind: input.kind,
            idempotencyKey: input.reference,
            memo: input.memo,
            sessionId: input.links?.sessionId ?? null,
            participantId: input.links?.participantId ?? null,
            paymentId: input.links?.paymentId ?? null,
          })
          .returning({ id: ledgerTransactions.id });
        const transactionId = transaction!.id;
        await tx
          .insert(ledgerEntries)
          .values(
            resolved.map((line) => ({ transactionId, accountId: line.accountId, amount: line.amount })),
          );
        for (const [id, balance] of newBalances) {
          await tx
            .update(ledgerAccounts)
            .set({ balance, updatedAt: new Date() })
            .where(eq(ledgerAccounts.id, id));
        }
        return { transactionId, walletBalances };
      });
    } catch (error) {
      const info = pgErrorOf(error);
      if (info?.code === uniqueViolation && info.constraint === 'ledger_transactions_idempotency_unique') {
        throw new DuplicateLedgerTransactionError(input.reference);
      }
      throw error;
    }
  }

  /** A user's wallet balance (0 before their first movement). */
  async walletBalance(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, userId));
    return row?.balance ?? 0;
  }

  /** Any account's balance as the sum of its entries (platform accounts keep no balance row). */
  async derivedBalance(account: AccountRef): Promise<number> {
    const where =
      'wallet' in account
        ? eq(ledgerAccounts.userId, account.wallet)
        : eq(ledgerAccounts.code, account.platform);
    const [row] = await this.db
      .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(where);
    return row?.total ?? 0;
  }

  /** What a session's escrow holds: paid shares less what was refunded or settled. */
  async sessionEscrow(sessionId: number): Promise<number> {
    const escrowId = await this.platformAccountId('SESSION_ESCROW');
    const [row] = await this.db
      .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(eq(ledgerEntries.accountId, escrowId), eq(ledgerTransactions.sessionId, sessionId)));
    return row?.total ?? 0;
  }

  /** The account a share was paid from (its SESSION_PAYMENT's negative line), or null if unpaid. */
  async sharePaymentSource(
    participantId: number,
  ): Promise<{ accountId: number; amount: number; userId: number | null; code: string | null } | null> {
    const [row] = await this.db
      .select({
        accountId: ledgerEntries.accountId,
        amount: ledgerEntries.amount,
        userId: ledgerAccounts.userId,
        code: ledgerAccounts.code,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(
        and(
          eq(ledgerTransactions.kind, 'SESSION_PAYMENT'),
          eq(ledgerTransactions.participantId, participantId),
          lt(ledgerEntries.amount, 0),
        ),
      )
      .limit(1);
    return row ? { ...row, amount: -row.amount } : null;
  }

  /** A wallet's movements, newest first: money in (CREDIT), out (DEBIT) or both. */
  async walletEntries(
    userId: number,
    options: { type?: 'CREDIT' | 'DEBIT'; limit: number; offset: number },
  ): Promise<WalletEntryRow[]> {
    return this.db
      .select({
        id: ledgerEntries.id,
        amount: ledgerEntries.amount,
        memo: ledgerTransactions.memo,
        kind: ledgerTransactions.kind,
        createdAt: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(
        and(
          eq(ledgerAccounts.userId, userId),
          options.type === 'CREDIT'
            ? gt(ledgerEntries.amount, 0)
            : options.type === 'DEBIT'
              ? lt(ledgerEntries.amount, 0)
              : undefined,
        ),
      )
      .orderBy(desc(ledgerEntries.id))
      .limit(options.limit)
      .offset(options.offset);
  }
}

/** The one writer of the ledger (see LedgerRepository.postTransaction). */
export function postTransaction(db: DbOrTx, input: PostTransactionInput): Promise<PostedTransaction> {
  return new LedgerRepository(db).postTransaction(input);
}
