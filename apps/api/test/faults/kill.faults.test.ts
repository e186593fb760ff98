import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { notificationsJobName } from '../../src/features/notifications/notifications.job.ts';
import { mpesaReconcileJobName } from '../../src/features/payments/payments.jobs.ts';
import { findViolations, jobHistory, noViolations, paymentStates } from './support/invariants.ts';
import {
  createPeople,
  fundWallet,
  type Mentee,
  type Mentor,
  startJourneys,
  succeedingPhones,
  Traffic,
} from './support/traffic.ts';
import { waitUntil } from './support/waiting.ts';
import { startWorld, type World } from './support/world.ts';

/**
 * The API process killed with SIGKILL while people book, pay by M-PESA, by card and from their wallets, and
 * while Daraja's callbacks are on their way; then started again. Nothing in the process survives, so what
 * must hold is what the database holds: every balance equal to its ledger, no session half-paid, every push
 * settled (the callbacks that found the server dead are settled by the status query job), and no job's work
 * done twice.
 */

describe('the API killed (SIGKILL) in the middle of bookings, payments and callbacks', () => {
  let world: World;
  let mentors: Mentor[];
  let mentees: Mentee[];
  /** Mentees with money in their wallets, who pay from them. */
  const walletPayers = new Set<number>();

  beforeAll(async () => {
    world = await startWorld({
      // Pushes still pending 10 s after they were made are asked about at the job's next run.
      apiEnv: { MPESA_RECONCILE_AFTER_SECONDS: '10' },
      providerEnv: { MPESA_SANDBOX_DELAY_MS: '1500' },
    });
    ({ mentors, mentees } = await createPeople(world.database.db, { mentors: 8, mentees: 24 }));
    for (const mentee of mentees.slice(0, 6)) {
      await fundWallet(world.database.db, mentee, 50_000);
      walletPayers.add(mentee.id);
    }
  });

  afterAll(async () => {
    await world?.close();
  });

  it('keeps every balance equal to its ledger, no session half-paid, no callback lost and no job run twice', async () => {
    onTestFailed(() => console.info(world.diagnose()));
    const db = world.database.db;
    const traffic = new Traffic(() => world.api.base);
    // Daraja answers status queries slowly: the query job's run is long, and the kill comes in its middle.
    world.daraja.inject({ path: /stkpushquery\/v1/, action: { kind: 'slow', ms: 10_000 } });
    const journeys = startJourneys(
      traffic,
      mentees,
      mentors,
      (mentee, n) => (walletPayers.has(mentee.id) ? 'WALLET' : n % 5 === 4 ? 'CARD' : 'MPESA'),
      { thinkMs: 4_000 },
    );

    // Killed just after pushes were acknowledged (their callbacks, 1.5 s later, will find no server) and
    // while the status query job is running.
    const runningJob = sql`SELECT id FROM pgboss.job WHERE name = ${mpesaReconcileJobName} AND state = 'active'`;
    const cutShort = await waitUntil('pushes are under way and the query job runs', 180_000, async () => {
      const latest = traffic.tally.pushes.at(-1);
      if (traffic.tally.pushes.length < 15 || !latest || Date.now() - latest.at > 1_000) return null;
      return (await db.execute<{ id: string }>(runningJob)).rows[0]?.id;
    });
    const killedAt = new Date();
    await world.api.kill();
    world.daraja.heal();
    const acknowledged = {
      bookings: [...traffic.tally.booked],
      pushes: [...traffic.tally.pushes],
      checkouts: [...traffic.tally.checkedOut],
    };
    await waitUntil('a callback of Daraja found the API dead', 60_000, async () =>
      world.toApi.requests(/\/mpesa\/callback\//).some((request) => request.status === 502),
    );

    await world.restartApi();
    const restartedAt = new Date();
    const pushesBefore = traffic.tally.pushes.length;
    await waitUntil('the restarted API takes payments again', 180_000, async () => {
      return traffic.tally.pushes.length >= pushesBefore + 10;
    });
    await journeys.stop();
    // Whoever saw the receipt page fail pressed "Continue to merchant" again.
    await traffic.resendReceipts();

    // Every push is settled: by its callback, or (callback lost) by the status query job.
    await waitUntil(
      'every M-PESA push is settled',
      240_000,
      async () =>
        (await paymentStates(db)).every(
          (p) => p.provider !== 'MPESA' || p.status !== 'PENDING' || !p.checkout_request_id,
        ),
      {
        intervalMs: 1_000,
        describe: async () =>
          JSON.stringify({
            pending: (await paymentStates(db)).filter((p) => p.status === 'PENDING'),
            jobs: await jobHistory(db),
          }),
      },
    );
    // The session messages job has run on the new process (each message at most once: checked below).
    await waitUntil('the messages job ran after the restart', 180_000, async () => {
      const runs = await db.execute(
        sql`SELECT 1 FROM pgboss.job WHERE name = ${notificationsJobName} AND state = 'completed'
            AND started_on > ${restartedAt.toISOString()}::timestamptz`,
      );
      return runs.rows.length > 0;
    });

    const payments = await paymentStates(db);
    const byId = new Map(payments.map((p) => [p.id, p]));

    // What the API acknowledged before the kill is there.
    const sessionIds = new Set(
      (await db.execute<{ id: number }>(sql`SELECT id FROM sessions`)).rows.map((row) => row.id),
    );
    expect(acknowledged.bookings.filter((booked) => !sessionIds.has(booked.id))).toEqual([]);
    const paid = await db.execute<{ session_id: number }>(
      sql`SELECT session_id FROM session_participants WHERE is_host AND payment_status = 'PAID'`,
    );
    const paidSessions = new Set(paid.rows.map((row) => row.session_id));
    expect(acknowledged.checkouts.filter((id) => !paidSessions.has(id))).toEqual([]);

    // Each acknowledged push ended as its phone says: paid, or failed, whether or not its callback came.
    const wrongOutcome = traffic.tally.pushes.filter((push) => {
      const payment = byId.get(push.paymentId);
      return payment?.status !== (succeedingPhones.has(push.phone) ? 'SUCCEEDED' : 'FAILED');
    });
    expect(wrongOutcome.map((push) => ({ ...push, payment: byId.get(push.paymentId) }))).toEqual([]);

    // The callbacks that found the server dead were settled by the query job (no receipt: it has none).
    const callbacks = world.toApi.requests(/\/mpesa\/callback\//);
    const tokenOf = (path: string) => path.split('/').at(-1) ?? '';
    const delivered = new Set(callbacks.filter((r) => r.status === 200).map((r) => tokenOf(r.path)));
    const refused = new Set(callbacks.filter((r) => r.status !== 200).map((r) => tokenOf(r.path)));
    const lostTokens = [...refused].filter((token) => !delivered.has(token));
    const tokens = await db.execute<{ id: number; callback_token: string }>(
      sql`SELECT id, callback_token FROM payments WHERE provider = 'MPESA'`,
    );
    const lost = tokens.rows
      .filter((row) => lostTokens.includes(row.callback_token))
      .map((row) => byId.get(row.id)!);
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.filter((payment) => payment.status === 'PENDING')).toEqual([]);

    // Money: every balance equals its ledger, every payment credited once, no share half-paid.
    expect(await findViolations(db)).toEqual(noViolations);

    // Every card checkout the hosted page decided is settled (by the browser's receipt or the merchant
    // POST). Left pending: card forms never completed on the hosted page (nothing was charged), and pushes
    // under way at the kill whose answer from Daraja was never recorded (they hold no money; the query job
    // gives them up after ten minutes).
    const decided = new Set(traffic.tally.cardDecided);
    const stranded = payments.filter((p) => p.status === 'PENDING');
    expect(stranded.filter((p) => p.provider === 'CARD' && decided.has(p.checkout_request_id ?? ''))).toEqual(
      [],
    );
    expect(stranded.filter((p) => p.provider === 'MPESA' && p.checkout_request_id !== null)).toEqual([]);

    // Jobs: the run cut short was taken for dead and ran again to its end; no run of a job overlapped
    // another of the same job; none is stuck.
    const rerun = sql`SELECT state, retry_count FROM pgboss.job WHERE id = ${cutShort}`;
    const ranAgain = await waitUntil('the run cut short ran again to its end', 180_000, async () => {
      const [job] = (await db.execute<{ state: string; retry_count: number }>(rerun)).rows;
      return job?.state === 'completed' ? job : null;
    });
    expect(ranAgain.retry_count).toBeGreaterThanOrEqual(1);
    const jobs = await jobHistory(db);
    expect(jobs.overlapping).toEqual([]);
    expect(jobs.stuckActive).toEqual([]);

    console.info(
      JSON.stringify(
        {
          killedAt,
          restartedAt,
          answers: traffic.tally.summary(),
          payments: {
            total: payments.length,
            succeeded: payments.filter((p) => p.status === 'SUCCEEDED').length,
            failed: payments.filter((p) => p.status === 'FAILED').length,
            cardFormsNeverCompleted: stranded.filter((p) => p.provider === 'CARD').length,
            pushesWithoutAnswer: stranded.filter((p) => p.provider === 'MPESA').length,
            callbacksLostAndSettledByQuery: lost.length,
          },
          jobRuns: jobs.runs,
          jobFailures: jobs.failed.length,
        },
        null,
        2,
      ),
    );
    expect(traffic.tally.surprises).toEqual([]);
  });
});
