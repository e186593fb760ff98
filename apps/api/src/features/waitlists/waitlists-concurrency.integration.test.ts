import { waitlistMessages } from '@myprosper/contract/waitlists';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createAdvisee } from '../../db/seed/factories.ts';
import { api, bearer, book, bookingPayload, setTestPrices } from '../booking/booking.test-helpers.ts';
import { fullMentor, holdsOf, waitlistCall, waitlistsOf } from './waitlists.test-helpers.ts';

/**
 * Issue 24: holds go in order under concurrency. Meaningful on the PostgreSQL server, where transactions run
 * side by side and the locks are real (the embedded database runs them one at a time).
 */
describe('waitlist holds under races', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ JOBS_ENABLED: 'false' });
    await setTestPrices(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function cancel(sessionId: number, booker: Parameters<typeof bearer>[1]) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${api}/cancelSession`,
      headers: await bearer(ctx.app, booker),
      payload: { sessionId, reason: 'Plans changed' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('two cancellations racing with passes of the list: the first two waiting hold one hour each', async () => {
    const db = ctx.database.db;
    const { advisor, booked } = await fullMentor(ctx, { Tuesday: [11], Saturday: [11] });
    const people = await Promise.all(Array.from({ length: 4 }, () => createAdvisee(db)));
    for (const person of people) await waitlistCall(ctx, 'POST', person, advisor.id);
    const service = waitlistsOf(ctx);
    const [a, b] = [booked[0]!, booked[1]!];

    await Promise.all([
      cancel(a.sessionId, a.booker),
      service.passHolds(),
      cancel(b.sessionId, b.booker),
      service.passHolds(),
      service.passHolds(),
    ]);
    await Promise.all([service.passHolds(), service.passHolds()]);

    const holds = (await holdsOf(db, advisor.id)).filter((hold) => hold.status === 'ACTIVE');
    expect(holds.map((hold) => hold.advisee_id).sort()).toEqual([people[0]!.id, people[1]!.id].sort());
    expect(new Set(holds.map((hold) => new Date(hold.starts_at).toISOString()))).toEqual(
      new Set([a.slot.startsAt, b.slot.startsAt]),
    );
    // The others still wait, in their places.
    for (const [n, person] of [people[2]!, people[3]!].entries()) {
      const entry = (await waitlistCall(ctx, 'GET', person, advisor.id)).json().data.entry;
      expect(entry).toMatchObject({ state: 'WAITING', position: n + 3 });
    }
  });

  it('a pass racing a booking of the freed hour: the hour is either booked or held, never both', async () => {
    const db = ctx.database.db;
    for (let round = 0; round < 5; round++) {
      const { advisor, topic, booked } = await fullMentor(ctx, { Wednesday: [15] });
      const waiting = await createAdvisee(db);
      const outsider = await createAdvisee(db);
      await waitlistCall(ctx, 'POST', waiting, advisor.id);
      const freed = booked[0]!;
      await cancel(freed.sessionId, freed.booker);

      const [, booking] = await Promise.all([
        waitlistsOf(ctx).passHolds(),
        book(ctx, outsider, bookingPayload(advisor.id, topic.id, freed.slot)),
      ]);
      // Whatever the pass missed, a later pass settles.
      await waitlistsOf(ctx).passHolds();
      const active = (await holdsOf(db, advisor.id)).filter((hold) => hold.status === 'ACTIVE');
      const sessionsOnHour = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from sessions
        where advisor_id = ${advisor.id} and starts_at = ${freed.slot.startsAt}::timestamptz
          and status in ('PENDING_PAYMENT', 'CONFIRMED')`);
      if (booking.statusCode === 200) {
        expect(active).toEqual([]);
        expect(sessionsOnHour.rows[0]?.n).toBe(1);
      } else {
        expect(booking.statusCode).toBe(409);
        expect(booking.json().message).toBe(
          waitlistMessages.heldForWaitlist(new Date(active[0]!.expires_at)),
        );
        expect(active.map((hold) => hold.advisee_id)).toEqual([waiting.id]);
        expect(sessionsOnHour.rows[0]?.n).toBe(0);
      }
    }
  });
});
