import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { findViolations, noViolations } from './support/invariants.ts';
import type { Sample } from './support/server-process.ts';
import {
  createPeople,
  fundWallet,
  type Mentee,
  type Mentor,
  pick,
  startJourneys,
  Traffic,
} from './support/traffic.ts';
import { pause } from './support/waiting.ts';
import { startWorld, type World } from './support/world.ts';

/**
 * A soak: mixed traffic for SOAK_MINUTES (3 in `npm run test:faults`, 30 in `npm run test:soak`) against
 * the API process: visitors browsing and searching, people signing in, booking, paying by M-PESA (every
 * outcome), by card and from their wallets, and cancelling (refunds), while the jobs run. The server's
 * memory and open handles must stay flat: sampled after a full collection, with the traffic held for a
 * moment, at minute 1 and at the end, and every 30 s in between for the report.
 */

const minutes = Number(process.env.SOAK_MINUTES ?? 3);
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Generous bounds: growth beyond them is a leak, not noise. */
const bounds = {
  heapGrowthBytes: 24 * 1024 * 1024,
  heapGrowthRatio: 0.3,
  rssGrowthBytes: 96 * 1024 * 1024,
  handlesGrowth: 12,
  fdsGrowth: 12,
};

describe(`a soak of ${minutes} minutes of mixed traffic`, () => {
  let world: World;
  let mentors: Mentor[];
  let mentees: Mentee[];
  const walletPayers = new Set<number>();

  beforeAll(async () => {
    world = await startWorld({ apiEnv: { MPESA_RECONCILE_AFTER_SECONDS: '10' } });
    ({ mentors, mentees } = await createPeople(world.database.db, { mentors: 20, mentees: 20 }));
    for (const mentee of mentees.slice(0, 5)) {
      await fundWallet(world.database.db, mentee, 1_000_000);
      walletPayers.add(mentee.id);
    }
  });

  afterAll(async () => {
    await world?.close();
  });

  it(
    'keeps the memory and open handles of the server flat, and its books straight',
    async () => {
      onTestFailed(() => console.info(world.diagnose()));
      const traffic = new Traffic(() => world.api.base);
      const journeys = startJourneys(
        traffic,
        mentees,
        mentors,
        (mentee, n) => (walletPayers.has(mentee.id) ? 'WALLET' : n % 4 === 3 ? 'CARD' : 'MPESA'),
        // Some cancel (refunds), not all: refunds left in wallets would turn every payment into a checkout.
        { thinkMs: 3_000, cancelShare: 0.3 },
      );
      // Visitors and sign-ins alongside.
      let visiting = true;
      const visitors = [0, 1, 2].map(async () => {
        while (visiting) {
          await traffic.visit(pick(mentors));
          await pause(500);
        }
      });
      const signIns = (async () => {
        while (visiting) {
          await traffic.logIn(pick(mentees));
          await pause(5_000);
        }
      })();

      /** A sample with the people held for a moment (their callbacks and receipts arrived). */
      const quietSample = async (): Promise<Sample> => {
        await journeys.pause();
        await pause(3_000);
        const sample = await world.api.sample();
        journeys.resume();
        return sample;
      };

      const started = Date.now();
      const end = started + minutes * 60_000;
      const samples: { at: number; sample: Sample }[] = [];
      await pause(60_000);
      const atMinuteOne = await quietSample();
      samples.push({ at: 1, sample: atMinuteOne });
      while (Date.now() < end - 30_000) {
        await pause(Math.min(30_000, end - Date.now() - 30_000));
        samples.push({ at: (Date.now() - started) / 60_000, sample: await world.api.sample() });
      }
      await pause(Math.max(0, end - Date.now()));
      const atEnd = await quietSample();
      samples.push({ at: (Date.now() - started) / 60_000, sample: atEnd });
      visiting = false;
      await Promise.all([journeys.stop(), ...visitors, signIns]);
      await traffic.resendReceipts();

      const report = {
        minutes,
        requests: [...traffic.tally.counts.values()].reduce((sum, n) => sum + n, 0),
        answers: traffic.tally.summary(),
        samples: samples.map(({ at, sample }) => ({
          minute: Math.round(at * 10) / 10,
          heapMB: mb(sample.heapUsed),
          rssMB: mb(sample.rss),
          handles: sample.handles,
          fds: sample.fds,
        })),
        resources: { atMinuteOne: atMinuteOne.resources, atEnd: atEnd.resources },
      };
      console.info(JSON.stringify(report, null, 2));

      expect(atEnd.heapUsed).toBeLessThanOrEqual(
        atMinuteOne.heapUsed * (1 + bounds.heapGrowthRatio) + bounds.heapGrowthBytes,
      );
      expect(atEnd.rss).toBeLessThanOrEqual(atMinuteOne.rss + bounds.rssGrowthBytes);
      expect(atEnd.handles).toBeLessThanOrEqual(atMinuteOne.handles + bounds.handlesGrowth);
      expect(atEnd.fds).toBeLessThanOrEqual(atMinuteOne.fds + bounds.fdsGrowth);
      expect(world.api.child.exitCode).toBeNull();
      expect(traffic.tally.surprises).toEqual([]);
      expect(await findViolations(world.database.db)).toEqual(noViolations);
    },
    (minutes + 5) * 60_000,
  );
});
