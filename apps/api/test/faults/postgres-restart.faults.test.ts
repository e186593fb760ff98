import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
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
import { call, startWorld, type World } from './support/world.ts';

/**
 * PostgreSQL stopped under load and started again, twice: a clean shutdown (clients are told) and a crash
 * (`pg_ctl stop -m immediate`, recovery from the write-ahead log at the next start). The cluster is the
 * test's own (never the machine's shared server). While it is down the API answers 503 with a message
 * people can act on, never a 500 and never a hang; when it is back the same API process serves again by
 * itself (no restart), its jobs run again, and everything it acknowledged is there.
 */

const unavailable = 'The service is briefly unavailable. Please try again.';

describe('PostgreSQL restarted under load', () => {
  let world: World;
  let mentors: Mentor[];
  let mentees: Mentee[];
  const walletPayers = new Set<number>();

  beforeAll(async () => {
    world = await startWorld({
      apiEnv: { MPESA_RECONCILE_AFTER_SECONDS: '10' },
      providerEnv: { MPESA_SANDBOX_DELAY_MS: '1000' },
    });
    ({ mentors, mentees } = await createPeople(world.database.db, { mentors: 6, mentees: 16 }));
    for (const mentee of mentees.slice(0, 4)) {
      await fundWallet(world.database.db, mentee, 50_000);
      walletPayers.add(mentee.id);
    }
  });

  afterAll(async () => {
    await world?.close();
  });

  /** While the database is down: what the API answers to a read, a booking and readiness. */
  async function answersWhileDown(slot: { date: string; time: string }) {
    const mentee = mentees.at(-1)!;
    const mentor = mentors[0]!;
    const [ready, balance, booking] = await Promise.all([
      fetch(`${world.api.base}/readyz`, { signal: AbortSignal.timeout(30_000) }).then(async (r) => ({
        status: r.status,
        body: await r.text(),
      })),
      call(world.api.base, mentee, 'GET', `/myprosper/api/getAdviseeBalance/${mentee.id}`, undefined, 30_000),
      call(
        world.api.base,
        mentee,
        'POST',
        '/myprosper/api/bookSession',
        {
          topicId: mentor.topicId,
          selectedDate: slot.date,
          selectedTime: slot.time,
          otherAttendees: [],
          sessionType: 'INDIVIDUAL',
          advisorId: mentor.advisor.id,
          paymentMode: 'MPESA',
          phoneNumber: 'N/A',
          voucherCode: 'N/A',
        },
        30_000,
      ),
    ]);
    return { ready, balance, booking };
  }

  it('answers 503 while it is down, recovers by itself after, and loses nothing acknowledged', async () => {
    onTestFailed(() => console.info(world.diagnose()));
    const traffic = new Traffic(() => world.api.base);
    const journeys = startJourneys(traffic, mentees.slice(0, -1), mentors, (mentee, n) =>
      walletPayers.has(mentee.id) ? 'WALLET' : n % 4 === 3 ? 'CARD' : 'MPESA',
    );
    const apiPid = world.api.pid;
    let backAt = new Date();
    const db = world.database.db;

    for (const mode of ['fast', 'immediate'] as const) {
      const pushesBefore = traffic.tally.pushes.length;
      await waitUntil(`payments are under way (before the ${mode} stop)`, 180_000, async () => {
        return traffic.tally.pushes.length >= pushesBefore + 6;
      });
      const [slot] = (await traffic.slots(mentors[0]!)).slice(-1);
      world.cluster.stop(mode);

      const down = await answersWhileDown(slot!);
      expect(down.ready.status).toBe(503);
      expect(down.balance).toMatchObject({ status: 503, message: unavailable });
      expect(down.booking).toMatchObject({ status: 503, message: unavailable });
      // People keep trying for a while; every one of them is told the same.
      const refusedBefore = traffic.tally.counts.get('book 503') ?? 0;
      await waitUntil('people were told to try again', 60_000, async () => {
        return (
          (traffic.tally.counts.get('book 503') ?? 0) + (traffic.tally.counts.get('availability 503') ?? 0) >
          refusedBefore
        );
      });

      await world.cluster.start();
      backAt = new Date();
      // The same process recovers: ready again, and bookings and payments acknowledged again.
      await waitUntil('the API is ready again', 120_000, async () => {
        const response = await fetch(`${world.api.base}/readyz`);
        await response.arrayBuffer();
        return response.status === 200;
      });
      const acknowledged = traffic.tally.pushes.length;
      await waitUntil(`payments are taken again (after the ${mode} stop)`, 180_000, async () => {
        return traffic.tally.pushes.length >= acknowledged + 6;
      });
    }
    await journeys.stop();
    await traffic.resendReceipts();
    expect(world.api.pid).toBe(apiPid);
    expect(world.api.child.exitCode).toBeNull();

    // Callbacks that came while the database was down were refused (503) and are settled by the query job.
    await waitUntil(
      'every M-PESA push is settled',
      240_000,
      async () =>
        (await paymentStates(db)).every(
          (p) => p.provider !== 'MPESA' || p.status !== 'PENDING' || !p.checkout_request_id,
        ),
      {
        intervalMs: 1_000,
        describe: async () => JSON.stringify((await paymentStates(db)).filter((p) => p.status === 'PENDING')),
      },
    );

    // Nothing acknowledged was lost.
    const sessionIds = new Set(
      (await db.execute<{ id: number }>(sql`SELECT id FROM sessions`)).rows.map((row) => row.id),
    );
    expect(traffic.tally.booked.filter((booked) => !sessionIds.has(booked.id))).toEqual([]);
    const payments = await paymentStates(db);
    const byId = new Map(payments.map((p) => [p.id, p]));
    const wrongOutcome = traffic.tally.pushes.filter((push) => {
      const payment = byId.get(push.paymentId);
      return payment?.status !== (succeedingPhones.has(push.phone) ? 'SUCCEEDED' : 'FAILED');
    });
    expect(wrongOutcome.map((push) => ({ ...push, payment: byId.get(push.paymentId) }))).toEqual([]);
    const paid = await db.execute<{ session_id: number }>(
      sql`SELECT session_id FROM session_participants WHERE is_host AND payment_status = 'PAID'`,
    );
    const paidSessions = new Set(paid.rows.map((row) => row.session_id));
    expect(traffic.tally.checkedOut.filter((id) => !paidSessions.has(id))).toEqual([]);
    const decided = new Set(traffic.tally.cardDecided);
    expect(
      payments.filter(
        (p) => p.provider === 'CARD' && p.status === 'PENDING' && decided.has(p.checkout_request_id ?? ''),
      ),
    ).toEqual([]);
    expect(await findViolations(db)).toEqual(noViolations);

    // The jobs run again on their own: the query job has run since the database came back.
    await waitUntil('the query job ran since the database came back', 180_000, async () => {
      const runs = await db.execute(
        sql`SELECT 1 FROM pgboss.job WHERE name = ${mpesaReconcileJobName} AND state = 'completed'
            AND started_on > ${backAt.toISOString()}::timestamptz`,
      );
      return runs.rows.length > 0;
    });
    const jobs = await jobHistory(db);
    expect(jobs.overlapping).toEqual([]);
    expect(jobs.stuckActive).toEqual([]);
    // Every answer was a success, a clear refusal, or 503 while the database was down: never a 500.
    expect(traffic.tally.surprises).toEqual([]);
    console.info(JSON.stringify({ answers: traffic.tally.summary(), jobRuns: jobs.runs }, null, 2));
  });
});
