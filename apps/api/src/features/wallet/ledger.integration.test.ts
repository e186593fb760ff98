import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createAdvisee, createAdvisor, uniqueSuffix } from '../../db/seed/factories.ts';
import { expectLedgerConsistent } from '../payments/payments.test-helpers.ts';
import {
  DuplicateLedgerTransactionError,
  InsufficientFundsError,
  LedgerRepository,
  postTransaction,
  UnbalancedTransactionError,
} from './ledger.repository.ts';

/** The messages of an error and its causes (drizzle wraps the driver's error). */
async function failureOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const texts: string[] = [];
    for (let e: unknown = error; e instanceof Error; e = e.cause) texts.push(e.message);
    return texts.join(' | ');
  }
  throw new Error('expected a failure');
}

/** Top-up of a wallet from M-PESA clearing. */
function topUp(userId: number, amount: number, reference = `t:${uniqueSuffix()}`) {
  return {
    kind: 'MPESA_TOPUP',
    reference,
    memo: 'M-PESA top-up TEST',
    lines: [
      { account: { platform: 'MPESA_CLEARING' as const }, amount: -amount },
      { account: { wallet: userId }, amount },
    ],
  };
}

/** A share paid from a wallet into escrow. */
function payShare(userId: number, amount: number) {
  return {
    kind: 'SESSION_PAYMENT',
    reference: `s:${uniqueSuffix()}`,
    memo: 'Session TEST',
    lines: [
      { account: { wallet: userId }, amount: -amount },
      { account: { platform: 'SESSION_ESCROW' as const }, amount },
    ],
  };
}

describe('the ledger', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ JOBS_ENABLED: 'false' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('writes a balanced transaction and keeps the wallet balance equal to its entries', async () => {
    const db = ctx.database.db;
    const person = await createAdvisee(db);
    const posted = await postTransaction(db, topUp(person.id, 2900));
    expect(posted.walletBalances.get(person.id)).toBe(2900);
    await postTransaction(db, payShare(person.id, 900));
    const ledger = new LedgerRepository(db);
    expect(await ledger.walletBalance(person.id)).toBe(2000);
    expect(await ledger.derivedBalance({ wallet: person.id })).toBe(2000);
    await expectLedgerConsistent(db);
  });

  it('refuses lines that are not a double entry before writing anything', async () => {
    const db = ctx.database.db;
    const person = await createAdvisee(db);
    const ledger = new LedgerRepository(db);
    const bad = [
      {
        kind: 'X',
        reference: `u:${uniqueSuffix()}`,
        memo: 'x',
        lines: [{ account: { wallet: person.id }, amount: 5 }],
      },
      {
        kind: 'X',
        reference: `u:${uniqueSuffix()}`,
        memo: 'x',
        lines: [
          { account: { wallet: person.id }, amount: 5 },
          { account: { platform: 'MPESA_CLEARING' as const }, amount: -4 },
        ],
      },
      {
        kind: 'X',
        reference: `u:${uniqueSuffix()}`,
        memo: 'x',
        lines: [
          { account: { wallet: person.id }, amount: 0.5 },
          { account: { platform: 'MPESA_CLEARING' as const }, amount: -0.5 },
        ],
      },
    ];
    for (const input of bad) {
      await expect(ledger.postTransaction(input)).rejects.toBeInstanceOf(UnbalancedTransactionError);
    }
    expect(await ledger.walletBalance(person.id)).toBe(0);
  });

  it('never takes a wallet below zero, and writes nothing when it would', async () => {
    const db = ctx.database.db;
    const person = await createAdvisee(db);
    await postTransaction(db, topUp(person.id, 1000));
    const failure = await postTransaction(db, payShare(person.id, 1001)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(InsufficientFundsError);
    expect((failure as InsufficientFundsError).balance).toBe(1000);
    expect(await new LedgerRepository(db).walletBalance(person.id)).toBe(1000);
    await expectLedgerConsistent(db);
  });

  it('posts one reference once', async () => {
    const db = ctx.database.db;
    const person = await createAdvisee(db);
    const reference = `once:${uniqueSuffix()}`;
    await postTransaction(db, topUp(person.id, 100, reference));
    await expect(postTransaction(db, topUp(person.id, 100, reference))).rejects.toBeInstanceOf(
      DuplicateLedgerTransactionError,
    );
    expect(await new LedgerRepository(db).walletBalance(person.id)).toBe(100);
  });

  it('has the database refuse an unbalanced transaction at commit, whoever writes it', async () => {
    const db = ctx.database.db;
    const person = await createAdvisee(db);
    const walletId = await new LedgerRepository(db).walletAccountId(person.id);
    const attempt = db.transaction(async (tx) => {
      const inserted = await tx.execute<{ id: number }>(
        sql`INSERT INTO ledger_transactions (kind, idempotency_key, memo) VALUES ('X', ${`raw:${uniqueSuffix()}`}, 'raw') RETURNING id`,
      );
      const id = inserted.rows[0]!.id;
      await tx.execute(
        sql`INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES (${id}, ${walletId}, 500)`,
      );
    });
    expect(await failureOf(attempt)).toMatch(/unbalanced/);
    const lonely = db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO ledger_transactions (kind, idempotency_key, memo) VALUES ('X', ${`raw:${uniqueSuffix()}`}, 'raw')`,
      );
    });
    expect(await failureOf(lonely)).toMatch(/unbalanced/);
    await expectLedgerConsistent(db);
  });

  it('has the database refuse changing or removing entries, and a negative wallet balance', async () => {
    const db = ctx.database.db;
    const person = await createAdvisee(db);
    await postTransaction(db, topUp(person.id, 300));
    expect(await failureOf(db.execute(sql`UPDATE ledger_entries SET amount = amount * 2`))).toMatch(
      /append-only/,
    );
    expect(await failureOf(db.execute(sql`DELETE FROM ledger_entries`))).toMatch(/append-only/);
    expect(await failureOf(db.execute(sql`DELETE FROM ledger_transactions`))).toMatch(/append-only/);
    expect(await failureOf(db.execute(sql`TRUNCATE ledger_entries CASCADE`))).toMatch(/append-only/);
    expect(
      await failureOf(db.execute(sql`UPDATE ledger_accounts SET balance = -1 WHERE user_id = ${person.id}`)),
    ).toMatch(/ledger_accounts_balance_check/);
    await expectLedgerConsistent(db);
  });

  it('lets two debits of one wallet race without overspending it', async () => {
    const db = ctx.database.db;
    const person = await createAdvisee(db);
    await postTransaction(db, topUp(person.id, 1500));
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => db.transaction((tx) => postTransaction(tx, payShare(person.id, 1000)))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientFundsError);
    }
    expect(await new LedgerRepository(db).walletBalance(person.id)).toBe(500);
    await expectLedgerConsistent(db);
  });

  it('keeps every balance the sum of its entries and never below zero, for any sequence of movements', async () => {
    const db = ctx.database.db;
    const mentees = await Promise.all([createAdvisee(db), createAdvisee(db), createAdvisee(db)]);
    const mentor = await createAdvisor(db);
    const ledger = new LedgerRepository(db);
    const model = new Map<number, number>();
    for (const person of [...mentees, mentor]) model.set(person.id, await ledger.walletBalance(person.id));
    let escrow = await ledger.derivedBalance({ platform: 'SESSION_ESCROW' });

    const who = fc.integer({ min: 0, max: mentees.length - 1 });
    const amount = fc.integer({ min: 1, max: 5000 });
    const operation = fc.oneof(
      fc.record({ op: fc.constant('topUp' as const), who, amount }),
      fc.record({ op: fc.constant('checkout' as const), who, amount }),
      fc.record({ op: fc.constant('refund' as const), who, amount }),
      fc.record({ op: fc.constant('earnings' as const), who, amount }),
      fc.record({ op: fc.constant('payout' as const), who, amount }),
    );

    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        for (const { op, who: index, amount: value } of operations) {
          const person = mentees[index]!;
          const reference = `p:${uniqueSuffix()}`;
          const expected = (userId: number) => model.get(userId) ?? 0;
          try {
            if (op === 'topUp') {
              await postTransaction(db, topUp(person.id, value, reference));
              model.set(person.id, expected(person.id) + value);
            } else if (op === 'checkout') {
              await postTransaction(db, { ...payShare(person.id, value), reference });
              model.set(person.id, expected(person.id) - value);
              escrow += value;
            } else if (op === 'refund') {
              const refund = Math.min(value, escrow);
              if (refund === 0) continue;
              await postTransaction(db, {
                kind: 'REFUND',
                reference,
                memo: 'Refund TEST',
                lines: [
                  { account: { platform: 'SESSION_ESCROW' }, amount: -refund },
                  { account: { wallet: person.id }, amount: refund },
                ],
              });
              model.set(person.id, expected(person.id) + refund);
              escrow -= refund;
            } else if (op === 'earnings') {
              const paid = Math.min(value, escrow);
              const commission = Math.floor(paid / 5);
              if (paid - commission <= 0 || commission <= 0) continue;
              await postTransaction(db, {
                kind: 'EARNINGS',
                reference,
                memo: 'Earnings TEST',
                lines: [
                  { account: { platform: 'SESSION_ESCROW' }, amount: -paid },
                  { account: { wallet: mentor.id }, amount: paid - commission },
                  { account: { platform: 'COMMISSION' }, amount: commission },
                ],
              });
              model.set(mentor.id, expected(mentor.id) + paid - commission);
              escrow -= paid;
            } else {
              await postTransaction(db, {
                kind: 'PAYOUT',
                reference,
                memo: 'Payout TEST',
                lines: [
                  { account: { wallet: mentor.id }, amount: -value },
                  { account: { platform: 'PAYOUTS' }, amount: value },
                ],
              });
              model.set(mentor.id, expected(mentor.id) - value);
            }
          } catch (error) {
            // Only a debit the wallet cannot cover is refused, and only when the model agrees.
            expect(error).toBeInstanceOf(InsufficientFundsError);
            const debited = op === 'payout' ? mentor.id : person.id;
            expect(expected(debited)).toBeLessThan(value);
          }
        }
        for (const [userId, balance] of model) {
          expect(balance).toBeGreaterThanOrEqual(0);
          expect(await ledger.walletBalance(userId)).toBe(balance);
          expect(await ledger.derivedBalance({ wallet: userId })).toBe(balance);
        }
        expect(await ledger.derivedBalance({ platform: 'SESSION_ESCROW' })).toBe(escrow);
        await expectLedgerConsistent(db);
      }),
      { numRuns: 25 },
    );
  });
});
