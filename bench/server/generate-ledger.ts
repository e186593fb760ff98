// The generated marketplace's money: wallets, the double-entry ledger of every paid and ended session, the
// settlements, the wallets' balances, then the ledger's rules checked over the whole of it.
import type pg from 'pg';
import type { DatasetSize } from './dataset.ts';

/** What one session moves: its price, the mentor's earnings and the commission. */
export interface SessionAmounts {
  price: number;
  earnings: number;
  commission: number;
}

/** Runs one SQL step and logs its row count and time. */
export type Step = (label: string, sql: string, params?: unknown[]) => Promise<void>;

/** Fills the ledger after the sessions and their participants (the temp tables plan and session_map). */
export async function generateLedger(
  client: pg.Client,
  size: DatasetSize,
  { price, earnings, commission }: SessionAmounts,
  step: Step,
  log: (line: string) => void,
): Promise<void> {
  // The ledger: per paid session an M-PESA top-up into the advisee's wallet (2 entries) and the share paid
  // from it into escrow (2); per ended one the mentor's earnings out of escrow, less commission (3).
  await step(
    'wallets',
    `INSERT INTO ledger_accounts (kind, user_id, balance)
     SELECT 'WALLET', id, 0 FROM (SELECT DISTINCT advisee_id AS id FROM plan WHERE kind IN ('PAST', 'COMING')
                                  UNION SELECT DISTINCT advisor_id FROM plan WHERE kind = 'PAST') w ORDER BY id`,
  );
  await client.query(
    `CREATE TEMP TABLE paid AS
       SELECT row_number() OVER (ORDER BY p.i)::int AS q, p.i, p.kind, sm.id AS session_id, sp.id AS participant_id,
              wa.id AS advisee_wallet, wm.id AS mentor_wallet, p.starts_at, p.created_at
       FROM plan p JOIN session_map sm USING (i)
         JOIN session_participants sp ON sp.session_id = sm.id
         JOIN ledger_accounts wa ON wa.user_id = p.advisee_id
         LEFT JOIN ledger_accounts wm ON wm.user_id = p.advisor_id
       WHERE p.kind IN ('PAST', 'COMING');
     ALTER TABLE paid ADD PRIMARY KEY (q); ANALYZE paid;
     CREATE TEMP TABLE platform AS SELECT code, id FROM ledger_accounts WHERE kind = 'PLATFORM'`,
  );
  const { rows: paidCount } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM paid');
  const paidTotal = paidCount[0]?.n ?? 0;
  const chunk = 40_000;
  let entries = 0;
  const ledgerStarted = Date.now();
  // The ledger's row triggers (append-only, balanced at commit) would run one query per row; they are set
  // aside while loading and the very same rules are checked over the whole ledger right after (checkLedger).
  await client.query("SET session_replication_role = 'replica'");
  for (let from = 1; from <= paidTotal; from += chunk) {
    const to = Math.min(paidTotal, from + chunk - 1);
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO ledger_transactions (id, kind, idempotency_key, memo, session_id, participant_id, created_at)
       SELECT 3 * q - 2, 'MPESA_TOPUP', 'bench-topup:' || session_id, 'M-PESA top-up', NULL, NULL, created_at
         FROM paid WHERE q BETWEEN $1 AND $2
       UNION ALL
       SELECT 3 * q - 1, 'SESSION_PAYMENT', 'share:' || participant_id, 'Session BEN-' || lpad(i::text, 7, '0'),
              session_id, participant_id, created_at
         FROM paid WHERE q BETWEEN $1 AND $2
       UNION ALL
       SELECT 3 * q, 'EARNINGS', 'earnings:' || session_id, 'Earnings of session BEN-' || lpad(i::text, 7, '0'),
              session_id, NULL, starts_at + interval '70 minutes'
         FROM paid WHERE q BETWEEN $1 AND $2 AND kind = 'PAST'`,
      [from, to],
    );
    const inserted = await client.query(
      `INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at)
       SELECT tx, account, amount, at FROM paid,
         LATERAL (VALUES
           (3 * q - 2, (SELECT id FROM platform WHERE code = 'MPESA_CLEARING'), -$3::int, created_at, true),
           (3 * q - 2, advisee_wallet, $3::int, created_at, true),
           (3 * q - 1, advisee_wallet, -$3::int, created_at, true),
           (3 * q - 1, (SELECT id FROM platform WHERE code = 'SESSION_ESCROW'), $3::int, created_at, true),
           (3 * q, (SELECT id FROM platform WHERE code = 'SESSION_ESCROW'), -$3::int, starts_at + interval '70 minutes', kind = 'PAST'),
           (3 * q, mentor_wallet, $4::int, starts_at + interval '70 minutes', kind = 'PAST'),
           (3 * q, (SELECT id FROM platform WHERE code = 'COMMISSION'), $5::int, starts_at + interval '70 minutes', kind = 'PAST')
         ) AS e(tx, account, amount, at, wanted)
       WHERE q BETWEEN $1 AND $2 AND wanted
       ORDER BY q, tx`,
      [from, to, price, earnings, commission],
    );
    await client.query(
      `INSERT INTO session_settlements (session_id, transaction_id, paid, earnings, commission, settled_at)
       SELECT session_id, 3 * q, $3, $4, $5, starts_at + interval '70 minutes'
       FROM paid WHERE q BETWEEN $1 AND $2 AND kind = 'PAST'`,
      [from, to, price, earnings, commission],
    );
    await client.query('COMMIT');
    entries += inserted.rowCount ?? 0;
  }
  await client.query("SET session_replication_role = 'origin'");
  log(
    `  ${'ledger (double entry)'.padEnd(34)} ${String(entries).padStart(9)} rows  ${((Date.now() - ledgerStarted) / 1000).toFixed(1)} s`,
  );
  if (entries !== size.ledgerEntries) {
    throw new Error(`made ${entries} ledger entries, expected ${size.ledgerEntries}`);
  }
  await client.query(
    `SELECT setval('ledger_transactions_id_seq', (SELECT max(id) FROM ledger_transactions))`,
  );
  await step(
    'wallet balances (then ledger check)',
    `UPDATE ledger_accounts a SET balance = s.total, updated_at = now()
     FROM (SELECT account_id, sum(amount)::int AS total FROM ledger_entries GROUP BY account_id) s
     WHERE a.id = s.account_id AND a.kind = 'WALLET'`,
  );
  await checkLedger(client);
}

/**
 * The ledger rules of the payments_ledger_rules migration, over every transaction at once: at least two
 * entries summing to zero, every entry on an existing account and transaction, each wallet's balance the
 * sum of its entries and never below zero.
 */
export async function checkLedger(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ unbalanced: number; orphans: number; negative: number }>(
    `SELECT (SELECT count(*)::int FROM (
               SELECT t.id FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
               GROUP BY t.id HAVING count(e.id) < 2 OR coalesce(sum(e.amount), 0) <> 0) u) AS unbalanced,
            (SELECT count(*)::int FROM ledger_entries e
               LEFT JOIN ledger_transactions t ON t.id = e.transaction_id
               LEFT JOIN ledger_accounts a ON a.id = e.account_id
             WHERE t.id IS NULL OR a.id IS NULL) AS orphans,
            (SELECT count(*)::int FROM ledger_accounts a
               LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) s
                 ON s.account_id = a.id
             WHERE a.kind = 'WALLET' AND (a.balance < 0 OR a.balance <> coalesce(s.total, 0))) AS negative`,
  );
  const check = rows[0]!;
  if (check.unbalanced + check.orphans + check.negative > 0) {
    throw new Error(`the generated ledger breaks its rules: ${JSON.stringify(check)}`);
  }
}
