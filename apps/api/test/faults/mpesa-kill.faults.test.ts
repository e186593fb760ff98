import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { mpesaRequests } from '../../src/db/schema/mpesa-requests.ts';
import { createAdmin, createAdvisee, createAdvisor, type UserRow } from '../../src/db/seed/factories.ts';
import { sandboxCertificatePath } from '../../src/providers/mpesa-results.ts';
import { moneyOutViolations, noMoneyOutViolations } from '../money-out-checks.ts';
import { findViolations, noViolations } from './support/invariants.ts';
import { fundWallet } from './support/traffic.ts';
import { waitUntil } from './support/waiting.ts';
import { type Answer, call, startWorld, type World } from './support/world.ts';

/**
 * Issue 21: the API killed (SIGKILL) between asking M-PESA to pay and M-PESA's answer. Mentors are paid by an
 * admin's payout run and mentees withdraw from their wallets at the same moment; Daraja holds back its
 * acknowledgement of the first B2C requests (it took them and pays them, the API never hears so) and posts
 * every Result three seconds after it, to an API that is dead by then. Started again, the API must settle
 * every request by asking Transaction Status: each paid once with M-PESA's receipt, or given back whole when
 * M-PESA never got it; the run pressed again goes on with the mentors it had not reached. Nothing paid twice,
 * nothing lost, every balance equal to its ledger, and M-PESA's own books (the Utility account B2C pays from)
 * down by exactly what ours say was paid.
 */

const mentorCount = 8;
const menteeCount = 8;
const withdrawn = 300;
const fee = 15;

describe('the API killed between a B2C request and its result', () => {
  let world: World;
  let admin: UserRow;
  const mentors: Array<{ person: UserRow; owed: number }> = [];
  const mentees: UserRow[] = [];

  beforeAll(async () => {
    world = await startWorld({
      apiEnv: {
        // Daraja is reached through a fault proxy (MPESA_BASE_URL), so the credential's certificate is named:
        // the sandbox's test-only one.
        MPESA_CERT_PATH: sandboxCertificatePath,
        // Open requests are asked about five seconds after they were made, by the job every minute.
        MPESA_RESULTS_CHECK_AFTER_SECONDS: '5',
        MPESA_RESULTS_CHECK_CRON: '* * * * *',
        PAYOUT_MINIMUM_KES: '100',
        PAYOUT_HOLD_HOURS: '0',
        WITHDRAW_MINIMUM_KES: '50',
        WITHDRAW_FEE_KES: String(fee),
      },
      // Each Result three seconds after its acknowledgement: the kill comes in between.
      providerEnv: { MPESA_SANDBOX_DELAY_MS: '3000' },
    });
    const db = world.database.db;
    admin = await createAdmin(db);
    for (let n = 0; n < mentorCount; n++) {
      const person = await createAdvisor(db);
      const chosen = await call(world.api.base, person, 'POST', '/myprosper/api/updatePaymentMethod', {
        method: 'MPESA',
        preferred: true,
        mpesaPhoneNumber: `0${person.phoneNumber!.slice(3)}`,
      });
      expect(chosen.status, chosen.text).toBe(200);
      const owed = 1000 + n * 10;
      await fundWallet(db, person, owed);
      mentors.push({ person, owed });
    }
    for (let n = 0; n < menteeCount; n++) {
      const person = await createAdvisee(db);
      await fundWallet(db, person, 500);
      mentees.push(person);
    }
  });

  afterAll(async () => {
    await world?.close();
  });

  const asAdmin = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    call<T>(world.api.base, admin, method, `/myprosper/api/admin/${path}`, body);

  /** The Utility account's available balance, asked of M-PESA through the admin route. */
  async function utility(): Promise<number> {
    const asked = await asAdmin<{ checkedAt: string | null }>('POST', 'mpesaBalance', {});
    expect(asked.status, asked.text).toBe(200);
    return waitUntil('M-PESA answered the balance check', 30_000, async () => {
      const seen = await asAdmin<{
        accounts: Array<{ account: string; available: number }>;
        checkedAt: string | null;
        requested: boolean;
      }>('GET', 'mpesaBalance');
      if (seen.data.requested || seen.data.checkedAt === asked.data.checkedAt) return null;
      return seen.data.accounts.find((line) => line.account === 'Utility Account')?.available ?? null;
    });
  }

  async function count(query: ReturnType<typeof sql>): Promise<number> {
    const [row] = (await world.database.db.execute<{ n: number }>(query)).rows;
    return Number(row?.n ?? 0);
  }

  async function walletOf(userId: number): Promise<number> {
    return count(sql`SELECT balance AS n FROM ledger_accounts WHERE user_id = ${userId}`);
  }

  it('pays each one once or gives it back whole, and M-PESA’s books agree with ours', async () => {
    onTestFailed(() => console.info(world.diagnose()));
    const db = world.database.db;
    const utilityBefore = await utility();

    // Daraja takes the first B2C requests and pays them, but its acknowledgement is held back past the kill.
    world.daraja.inject({
      path: /\/b2c\/v3\/paymentrequest/,
      action: { kind: 'late', ms: 10_000 },
      times: 2,
    });
    const runKey = `faults-run-${randomUUID()}`;
    const run = asAdmin('POST', 'payoutRuns', { runKey }).catch((error: unknown) => error);
    const withdrawals = mentees.map((person) =>
      call(world.api.base, person, 'POST', '/myprosper/api/withdrawals', {
        amount: withdrawn,
        requestId: `faults-${person.id}`,
      }).catch((error: unknown) => error),
    );

    // Killed once some requests were acknowledged (their Results are three seconds away) while others wait
    // for an acknowledgement that will never reach this process.
    await waitUntil('B2C requests are acknowledged and others still wait', 60_000, async () => {
      const accepted = await count(
        sql`SELECT count(*)::int AS n FROM mpesa_requests WHERE kind = 'B2C' AND state = 'ACCEPTED'`,
      );
      const waiting = await count(
        sql`SELECT count(*)::int AS n FROM mpesa_requests WHERE kind = 'B2C' AND state = 'REQUESTED'`,
      );
      return accepted >= 2 && waiting >= 1;
    });
    const heldBack = (
      await db.execute<{ reference: string }>(
        sql`SELECT reference FROM mpesa_requests WHERE kind = 'B2C' AND state = 'REQUESTED'`,
      )
    ).rows.map((row) => row.reference);
    await world.api.kill();
    world.daraja.heal();
    const answers = await Promise.all(withdrawals);
    await run;
    await waitUntil('a Result of M-PESA found the API dead', 30_000, async () =>
      world.toApi.requests(/\/mpesa\/results\//).some((request) => request.status !== 200),
    );

    await world.restartApi();
    // The admin presses the run again: it goes on with the mentors it had not reached, paying nobody twice.
    const again = await asAdmin('POST', 'payoutRuns', { runKey });
    expect(again.status, again.text).toBe(200);

    // Every request settles: its Result, or (lost, or never acknowledged) Transaction Status.
    await waitUntil(
      'every payout and withdrawal is settled',
      240_000,
      async () =>
        (await count(sql`SELECT count(*)::int AS n FROM mpesa_requests
                         WHERE kind = 'B2C' AND state IN ('REQUESTED', 'ACCEPTED', 'UNKNOWN')`)) === 0 &&
        (await count(sql`SELECT count(*)::int AS n FROM mentor_payouts WHERE status = 'IN_FLIGHT'`)) === 0 &&
        (await count(sql`SELECT count(*)::int AS n FROM mpesa_refunds WHERE status = 'PENDING'`)) === 0,
      {
        intervalMs: 1_000,
        describe: async () =>
          JSON.stringify(
            (
              await db.execute(
                sql`SELECT reference, state, status_checks FROM mpesa_requests WHERE kind = 'B2C' ORDER BY id`,
              )
            ).rows,
          ),
      },
    );

    // Every balance equals its ledger; nothing paid twice, nothing lost.
    expect(await moneyOutViolations(db)).toEqual(noMoneyOutViolations);
    expect(await findViolations(db)).toEqual(noViolations);

    // The requests whose acknowledgement the API never saw: M-PESA paid them, so they are paid, once.
    expect(heldBack.length).toBeGreaterThan(0);
    const held = await db.select().from(mpesaRequests).where(inArray(mpesaRequests.reference, heldBack));
    for (const row of held) {
      expect(row).toMatchObject({ state: 'SUCCEEDED', receipt: expect.stringMatching(/^[A-Z0-9]{10}$/) });
    }

    // Each mentor: paid at most once, and what was not paid is still in their wallet.
    for (const { person, owed } of mentors) {
      const paid = await db.execute<{ amount: number }>(
        sql`SELECT amount FROM mentor_payouts WHERE mentor_id = ${person.id} AND status = 'PAID'`,
      );
      expect(paid.rows.length).toBeLessThanOrEqual(1);
      const out = paid.rows.reduce((sum, row) => sum + row.amount, 0);
      expect(out + (await walletOf(person.id))).toBe(owed);
    }
    // Each mentee: a withdrawal acknowledged is recorded; what was not sent is in the wallet, fee and all.
    for (const [index, person] of mentees.entries()) {
      const answer = answers[index] as Answer | Error;
      const rows = await db.execute<{ status: string }>(
        sql`SELECT status FROM mpesa_refunds WHERE user_id = ${person.id} AND kind = 'WITHDRAWAL'`,
      );
      if (!(answer instanceof Error) && answer.status === 200) expect(rows.rows).toHaveLength(1);
      expect(rows.rows.length).toBeLessThanOrEqual(1);
      const sent = rows.rows.filter((row) => row.status === 'PAID').length * withdrawn;
      expect(sent + (await walletOf(person.id))).toBe(500);
    }

    // M-PESA's own books: the Utility account went down by what we count as paid, and its charges (the
    // sandbox's tariff: 15 up to KES 1,000, 22 above).
    const succeeded = await db.execute<{ amount: number }>(
      sql`SELECT amount FROM mpesa_requests WHERE kind = 'B2C' AND state = 'SUCCEEDED'`,
    );
    const outgo = succeeded.rows.reduce((sum, row) => sum + row.amount + (row.amount <= 1000 ? 15 : 22), 0);
    expect(succeeded.rows.length).toBeGreaterThan(0);
    expect(await utility()).toBe(utilityBefore - outgo);

    console.info(
      JSON.stringify(
        {
          b2c: (
            await db.execute(
              sql`SELECT purpose, state, count(*)::int AS n FROM mpesa_requests WHERE kind = 'B2C'
                  GROUP BY purpose, state ORDER BY purpose, state`,
            )
          ).rows,
          heldBack: heldBack.length,
          resultsLost: world.toApi.requests(/\/mpesa\/results\//).filter((r) => r.status !== 200).length,
        },
        null,
        2,
      ),
    );
  });
});
