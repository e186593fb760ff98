/**
 * The wallet feature's door: the one file other parts of the API import from it (lint checks it;
 * docs/decisions/010-api-feature-doors.md).
 * Wallets and the ledger: every shilling moved, balances derived.
 * app.ts registers the routes; payments, vouchers and the admin console move money only as balanced ledger
 * transactions.
 */
export {
  type AccountRef,
  DuplicateLedgerTransactionError,
  InsufficientFundsError,
  type LedgerLine,
  LedgerRepository,
  type PlatformAccount,
  postTransaction,
} from './ledger.repository.ts';
export { walletRoutes } from './wallet.routes.ts';
