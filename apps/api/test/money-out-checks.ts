import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/connection.ts';
import { ledgerViolations, type Rows, rows, type Violations } from './faults/support/invariants.ts';

/**
 * What must hold of money going out through M-PESA (payouts, refunds and withdrawals by B2C or Reversal, and
 * Paybill payments kept for review) after any fault, read with SQL. Each check answers the rows that break it
 * (an empty list when all is well), so a failing test names the payout, refund or account that is wrong.
 *
 * - Every balance equals its ledger: a wallet's balance row is the sum of its entries (never below zero);
 *   every transaction balances; and each account of money on its way equals the rows it is on its way for
 *   (PAYOUTS_IN_FLIGHT: the payouts IN_FLIGHT; MPESA_REFUNDS_IN_FLIGHT: the sendings PENDING;
 *   PAYBILL_SUSPENSE: the Paybill payments kept, parked and not yet resolved).
 * - Nothing lost: each payout and sending has the postings of its state (sent; then paid, or back in the
 *   wallet), exactly once.
 * - Nothing paid twice: M-PESA paid at most one request of each payout and sending, and only those our books
 *   count as paid (a success M-PESA reported for a payout we gave back to the wallet is money out twice).
 */

/** The ledger's own checks (ledgerViolations), and those of money on its way out. */
export interface MoneyOutViolations
  extends Pick<Violations, 'unbalancedTransactions' | 'walletsOffLedger' | 'ledgerTotal'> {
  /** Accounts of money on its way whose ledger balance differs from the rows it is on its way for. */
  inFlightOffLedger: Rows;
  /** Payouts without exactly the postings of their state, or whose state disagrees with their request. */
  payoutsOffLedger: Rows;
  /** Refunds and withdrawals to M-PESA without exactly the postings of their state. */
  sendingsOffLedger: Rows;
  /** Payouts and sendings M-PESA paid more than once, or paid while our books say they were not. */
  paidTwice: Rows;
}

const accountBalance = (code: string) =>
  sql`(SELECT coalesce(sum(e.amount), 0)::int FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id WHERE a.code = ${code})`;

const postings = (key: ReturnType<typeof sql>) =>
  sql`(SELECT count(*)::int FROM ledger_transactions t WHERE t.idempotency_key = ${key})`;

export async function moneyOutViolations(db: Db): Promise<MoneyOutViolations> {
  return {
    ...(await ledgerViolations(db)),
    inFlightOffLedger: await rows(
      db,
      sql`SELECT * FROM (
            SELECT 'PAYOUTS_IN_FLIGHT' AS account, ${accountBalance('PAYOUTS_IN_FLIGHT')} AS ledger,
                   (SELECT coalesce(sum(amount), 0)::int FROM mentor_payouts WHERE status = 'IN_FLIGHT') AS rows
            UNION ALL
            SELECT 'MPESA_REFUNDS_IN_FLIGHT', ${accountBalance('MPESA_REFUNDS_IN_FLIGHT')},
                   (SELECT coalesce(sum(amount), 0)::int FROM mpesa_refunds WHERE status = 'PENDING')
            UNION ALL
            SELECT 'PAYBILL_SUSPENSE', ${accountBalance('PAYBILL_SUSPENSE')},
                   (SELECT coalesce(sum(amount), 0)::int FROM paybill_payments
                    WHERE parked_transaction_id IS NOT NULL AND status IN ('REVIEW', 'REVERSING'))
          ) accounts WHERE ledger <> rows`,
    ),
    payoutsOffLedger: await rows(
      db,
      sql`SELECT p.id, p.reference, p.status, p.receipt, r.state AS request, r.receipt AS request_receipt,
                 ${postings(sql`'mpesa-payout:' || p.reference`)} AS sent,
                 ${postings(sql`'mpesa-payout-paid:' || p.reference`)} AS paid,
                 ${postings(sql`'mpesa-payout-failed:' || p.reference`)} AS returned
          FROM mentor_payouts p LEFT JOIN mpesa_requests r ON r.reference = p.reference
          WHERE ${postings(sql`'mpesa-payout:' || p.reference`)} <> 1
             OR ${postings(sql`'mpesa-payout-paid:' || p.reference`)} <> (CASE WHEN p.status = 'PAID' THEN 1 ELSE 0 END)
             OR ${postings(sql`'mpesa-payout-failed:' || p.reference`)} <> (CASE WHEN p.status = 'FAILED' THEN 1 ELSE 0 END)
             OR (p.status = 'PAID' AND (r.state IS DISTINCT FROM 'SUCCEEDED' OR r.receipt IS DISTINCT FROM p.receipt))
             OR (p.status = 'FAILED' AND r.state IS DISTINCT FROM 'FAILED')`,
    ),
    sendingsOffLedger: await rows(
      db,
      sql`SELECT s.id, s.kind, s.method, s.status, s.amount,
                 ${postings(sql`'mpesa-sent:' || s.id`)} AS sent,
                 ${postings(sql`'mpesa-returned:' || s.id`)} AS returned
          FROM mpesa_refunds s
          WHERE ${postings(sql`'mpesa-sent:' || s.id`)} <> (CASE WHEN s.status = 'PAID' THEN 1 ELSE 0 END)
             OR ${postings(sql`'mpesa-returned:' || s.id`)} <> (CASE WHEN s.status = 'FAILED' THEN 1 ELSE 0 END)`,
    ),
    paidTwice: await rows(
      db,
      sql`SELECT 'payout' AS what, p.id, p.status::text AS status, count(r.id)::int AS paid_by_mpesa
          FROM mentor_payouts p JOIN mpesa_requests r ON r.reference = p.reference AND r.state = 'SUCCEEDED'
          GROUP BY p.id HAVING count(r.id) > 1 OR p.status <> 'PAID'
          UNION ALL
          SELECT 'sending', s.id, s.status::text, count(r.id)::int
          FROM mpesa_refunds s
          JOIN mpesa_requests r ON r.reference LIKE 'mpesa-refund:' || s.id || ':%' AND r.state = 'SUCCEEDED'
          GROUP BY s.id HAVING count(r.id) > 1 OR s.status <> 'PAID'`,
    ),
  };
}

/** Nothing broken: every list empty and the ledger summing to zero. */
export const noMoneyOutViolations: MoneyOutViolations = {
  unbalancedTransactions: [],
  walletsOffLedger: [],
  ledgerTotal: 0,
  inFlightOffLedger: [],
  payoutsOffLedger: [],
  sendingsOffLedger: [],
  paidTwice: [],
};
