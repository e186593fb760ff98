import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/db/connection.ts';

/**
 * What must hold in the database after any fault, read with SQL. Each check answers the rows that break it
 * (an empty list when all is well), so a failing test shows exactly which payment or session is wrong.
 *
 * Money in this codebase (src/db/schema/payments.ts, features/wallet/ledger.repository.ts): a double-entry,
 * append-only ledger. A wallet's balance row must equal the sum of its entries; every transaction has two or
 * more entries summing to zero. Provider money enters a wallet once, as the transaction linked to its payment
 * (`payment:<id>`); a share of a session is paid once, as the transaction `share:<participant id>`, and only
 * then is the participant PAID and, for the host, the session CONFIRMED.
 */

export type Rows = Record<string, unknown>[];

/** The rows a query answers, as plain records. */
export async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Rows> {
  return (await db.execute(query)).rows as Rows;
}

export interface Violations {
  /** Transactions not balanced (fewer than two entries, or not summing to zero). */
  unbalancedTransactions: Rows;
  /** Wallets whose balance row is not the sum of their entries, or below zero. */
  walletsOffLedger: Rows;
  /** The sum of all entries, which must be 0. */
  ledgerTotal: number;
  /** Payments SUCCEEDED without exactly one credit of their amount to the payer, or credited while not SUCCEEDED. */
  paymentsOffLedger: Rows;
  /** Participants PAID without their share in escrow, or with a share in escrow and UNPAID. */
  halfPaidShares: Rows;
  /** Sessions whose status disagrees with their host's share: confirmed unpaid, or paid and not confirmed. */
  halfPaidSessions: Rows;
  /** Sessions holding two ledger payments for one share, or one payment applied twice. */
  doubleCharges: Rows;
  /** The same message to the same person more than once. */
  duplicateMessages: Rows;
}

/** The ledger's own checks: every transaction balanced, every wallet equal to its entries, all summing to 0. */
export async function ledgerViolations(
  db: Db,
): Promise<Pick<Violations, 'unbalancedTransactions' | 'walletsOffLedger' | 'ledgerTotal'>> {
  const [total] = await rows(db, sql`SELECT coalesce(sum(amount), 0)::bigint AS total FROM ledger_entries`);
  return {
    unbalancedTransactions: await rows(
      db,
      sql`SELECT t.id, t.kind, count(e.id)::int AS entries, coalesce(sum(e.amount), 0)::int AS total
          FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
          GROUP BY t.id HAVING count(e.id) < 2 OR coalesce(sum(e.amount), 0) <> 0`,
    ),
    walletsOffLedger: await rows(
      db,
      sql`SELECT a.id, a.user_id, a.balance, coalesce(sum(e.amount), 0)::int AS ledger
          FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
          WHERE a.kind = 'WALLET'
          GROUP BY a.id HAVING a.balance <> coalesce(sum(e.amount), 0) OR a.balance < 0`,
    ),
    ledgerTotal: Number(total?.total ?? 0),
  };
}

export async function findViolations(db: Db): Promise<Violations> {
  return {
    ...(await ledgerViolations(db)),
    paymentsOffLedger: await rows(
      db,
      sql`SELECT p.id, p.provider, p.status, p.amount, count(t.id)::int AS credits,
                 coalesce(sum(e.amount), 0)::int AS credited
          FROM payments p
          LEFT JOIN ledger_transactions t ON t.payment_id = p.id AND t.kind IN ('MPESA_TOPUP', 'CARD_TOPUP')
          LEFT JOIN ledger_accounts w ON w.user_id = p.payer_id
          LEFT JOIN ledger_entries e ON e.transaction_id = t.id AND e.account_id = w.id
          GROUP BY p.id
          HAVING (p.status = 'SUCCEEDED' AND (count(t.id) <> 1 OR coalesce(sum(e.amount), 0) <> p.amount))
              OR (p.status <> 'SUCCEEDED' AND count(t.id) > 0)`,
    ),
    halfPaidShares: await rows(
      db,
      sql`SELECT sp.id, sp.session_id, sp.payment_status, sp.amount, count(t.id)::int AS shares,
                 coalesce(sum(e.amount), 0)::int AS in_escrow
          FROM session_participants sp
          LEFT JOIN ledger_transactions t ON t.idempotency_key = 'share:' || sp.id
          LEFT JOIN ledger_entries e ON e.transaction_id = t.id
            AND e.account_id = (SELECT id FROM ledger_accounts WHERE code = 'SESSION_ESCROW')
          GROUP BY sp.id
          HAVING (sp.payment_status = 'PAID' AND sp.amount > 0
                   AND (count(t.id) <> 1 OR coalesce(sum(e.amount), 0) <> sp.amount))
              OR (sp.payment_status = 'UNPAID' AND count(t.id) > 0)`,
    ),
    halfPaidSessions: await rows(
      db,
      sql`SELECT s.id, s.status, s.payment_status, s.hold_expires_at, host.payment_status AS host_paid
          FROM sessions s JOIN session_participants host ON host.session_id = s.id AND host.is_host
          WHERE (s.status = 'CONFIRMED' AND (host.payment_status <> 'PAID' OR s.payment_status <> 'PAID'
                                              OR s.hold_expires_at IS NOT NULL))
             OR (s.status IN ('PENDING_PAYMENT', 'EXPIRED')
                 AND (host.payment_status = 'PAID' OR s.payment_status = 'PAID'))`,
    ),
    doubleCharges: await rows(
      db,
      sql`SELECT idempotency_key, count(*)::int AS n FROM ledger_transactions
          GROUP BY idempotency_key HAVING count(*) > 1`,
    ),
    duplicateMessages: await rows(
      db,
      sql`SELECT channel, recipient, subject, left(body, 80) AS body, count(*)::int AS n
          FROM outbox_messages GROUP BY channel, recipient, subject, body HAVING count(*) > 1`,
    ),
  };
}

/** Nothing broken: every list empty and the ledger summing to zero. */
export const noViolations: Violations = {
  unbalancedTransactions: [],
  walletsOffLedger: [],
  ledgerTotal: 0,
  paymentsOffLedger: [],
  halfPaidShares: [],
  halfPaidSessions: [],
  doubleCharges: [],
  duplicateMessages: [],
};

export interface PaymentState {
  id: number;
  provider: 'MPESA' | 'CARD';
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  phone_number: string | null;
  checkout_request_id: string | null;
  provider_reference: string | null;
  participant_id: number | null;
  amount: number;
  outcome_note: string | null;
  failure_reason: string | null;
}

export async function paymentStates(db: Db): Promise<PaymentState[]> {
  return (await rows(
    db,
    sql`SELECT id, provider, status, phone_number, checkout_request_id, provider_reference, participant_id,
               amount, outcome_note, failure_reason
        FROM payments ORDER BY id`,
  )) as unknown as PaymentState[];
}

/**
 * Background jobs (pg-boss): runs that failed, and whether two runs of one job were ever active at once
 * (their started/completed intervals overlapping), over the jobs kept in pgboss.job and its archive.
 */
export async function jobHistory(db: Db): Promise<{
  runs: Record<string, number>;
  failed: Rows;
  overlapping: Rows;
  stuckActive: Rows;
}> {
  const all = sql`(SELECT id, name, state, started_on, completed_on, retry_count, output FROM pgboss.job
                   UNION ALL
                   SELECT id, name, state, started_on, completed_on, retry_count, output FROM pgboss.archive)`;
  const counted = await rows(
    db,
    sql`SELECT name, count(*)::int AS n FROM ${all} j WHERE name NOT LIKE '\_\_pgboss%' AND state = 'completed'
        GROUP BY name`,
  );
  return {
    runs: Object.fromEntries(counted.map((row) => [String(row.name), Number(row.n)])),
    failed: await rows(
      db,
      sql`SELECT name, state, retry_count, started_on, output::text AS output FROM ${all} j
          WHERE name NOT LIKE '\_\_pgboss%' AND state = 'failed'`,
    ),
    overlapping: await rows(
      db,
      sql`SELECT a.name, a.started_on AS a_started, a.completed_on AS a_done, b.started_on AS b_started
          FROM ${all} a JOIN ${all} b ON a.name = b.name AND a.id <> b.id
          WHERE a.name NOT LIKE '\_\_pgboss%' AND a.state = 'completed' AND b.state = 'completed'
            AND b.started_on > a.started_on AND b.started_on < a.completed_on`,
    ),
    stuckActive: await rows(
      db,
      sql`SELECT name, started_on FROM pgboss.job WHERE state = 'active' AND started_on < now() - interval '2 minutes'`,
    ),
  };
}
