import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app.ts';
import { AuthRepository } from '../features/auth/auth.repository.ts';
import { BookingRepository } from '../features/booking/booking.repository.ts';
import { AdvisorsRepository } from '../features/catalogue/advisors.repository.ts';
import { SessionsRepository } from '../features/sessions/sessions.repository.ts';
import { connectDatabase, type Database, type DbOrTx } from './connection.ts';
import { createAdvisee, createAdvisor, createBookedSession, createTopic } from './seed/factories.ts';

/** The statements PostgreSQL holds under a name for the session `database`'s one connection runs in. */
async function namedStatements(database: Database): Promise<string[]> {
  const { rows } = await database.pool.query<{ name: string }>(
    'select name from pg_prepared_statements order by name',
  );
  return rows.map((row) => row.name);
}

describe('hot reads as prepared statements', () => {
  let test: Awaited<ReturnType<typeof createTestDatabase>>;
  let advisorId: number;
  let adviseeId: number;

  beforeAll(async () => {
    test = await createTestDatabase();
    advisorId = (await createAdvisor(test.database.db, { name: 'Amani Otieno' })).id;
    adviseeId = (await createAdvisee(test.database.db, { name: 'Baraka Mwangi' })).id;
  });

  afterAll(async () => {
    await test?.drop();
  });

  it('answer alike from every connection of the pool at once, run after run', async () => {
    const advisors = new AdvisorsRepository(test.database.db);
    const auth = new AuthRepository(test.database.db);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        n % 2 === 0
          ? advisors.findAdvisors([advisorId]).then(([row]) => row)
          : auth.findAuthState(adviseeId, null),
      ),
    );
    for (const [n, answer] of answers.entries()) {
      if (n % 2 === 0) expect(answer).toMatchObject({ id: advisorId, name: 'Amani Otieno' });
      else expect(answer).toMatchObject({ id: adviseeId, name: 'Baraka Mwangi', signInId: null });
    }
    expect(await advisors.findAdvisors([adviseeId])).toEqual([]);
    expect(await auth.findAuthState(advisorId + adviseeId + 1000, null)).toBeNull();
  });

  it('are planned once per connection on a server, and left unnamed on PGlite', async () => {
    // A second pool of one connection on the same database, so its session is the one asked.
    const single = connectDatabase(test.url, { max: 1 });
    try {
      const before = await namedStatements(single);
      await new AuthRepository(single.db).findAuthState(adviseeId, null);
      await new AdvisorsRepository(single.db).findAdvisors([advisorId]);
      const after = await namedStatements(single);
      if (test.kind === 'server') {
        expect(after).toEqual(['auth_state', 'catalogue_find_advisors']);
      } else {
        // PGlite serves every connection from one session: a name would be made twice.
        expect(after).toEqual(before);
        expect(after).not.toContain('auth_state');
      }
    } finally {
      await single.close();
    }
  });

  it("run inside a transaction on the transaction's connection, unnamed, with the values of the run", async () => {
    const topicId = (await createTopic(test.database.db, { name: 'Read In A Transaction' })).id;
    const startsAt = new Date(Math.ceil(Date.now() / 3_600_000 + 24 * 40) * 3_600_000);
    // A page of a list and, past its last page, the total: both raw statements (executeNamed).
    const list = (db: DbOrTx, offset: number) =>
      new SessionsRepository(db).listAdviseeSessionIds({
        userId: adviseeId,
        status: 'UPCOMING',
        now: new Date(),
        limit: 10,
        offset,
      });
    const before = await list(test.database.db, 0);
    const single = connectDatabase(test.url, { max: 1 });
    const rolledBack = new Error('rolled back');
    try {
      await expect(
        single.db.transaction(async (tx) => {
          const session = await createBookedSession(tx, { advisorId, adviseeId, topicId, startsAt });
          // Seen only on the transaction's connection until it commits.
          expect(await list(tx, 0)).toEqual({ ids: [session.id, ...before.ids], total: before.total + 1 });
          expect(await list(tx, 100)).toEqual({ ids: [], total: before.total + 1 });
          const { rows } = await tx.execute<{ name: string }>(sql`select name from pg_prepared_statements`);
          expect(rows.map((row) => row.name)).not.toContain('sessions_advisee_upcoming_page');
          throw rolledBack;
        }),
      ).rejects.toBe(rolledBack);
    } finally {
      await single.close();
    }
    expect(await list(test.database.db, 0)).toEqual(before);
  });

  it("keep one generic plan on a server after a few runs, instead of planning every run (a booking's read, alone or in a group (invited numbers are never looked up); mentors' profiles, one or several)", async () => {
    const topicId = (await createTopic(test.database.db, { name: 'Plans Once' })).id;
    const mentor = await createAdvisor(test.database.db, { topicIds: [topicId] });
    // A marketplace's many accounts, so the planner prices the statement as at scale.
    await test.database.pool.query(
      `insert into users (email, name, phone_number, password_hash, role)
       select 'plans-' || n || '@example.test', 'Advisee ' || n, '2547' || lpad(n::text, 8, '0'), 'x', 'ADVISEE'
       from generate_series(1, 60000) n`,
    );
    await test.database.pool.query('analyze users');
    const single = connectDatabase(test.url, { max: 1 });
    try {
      const bookings = new BookingRepository(single.db);
      const hour = (n: number) => {
        const startsAt = new Date(Math.ceil(Date.now() / 3_600_000 + 48 + n) * 3_600_000);
        return { startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) };
      };
      const runs = 12;
      for (let n = 0; n < runs; n++) {
        const context = await bookings.readBookingContext({
          advisorId: mentor.id,
          bookerId: adviseeId,
          topicId,
          sessionType: n % 2 === 0 ? 'INDIVIDUAL' : 'GROUP',
          hour: hour(n),
          now: new Date(),
        });
        expect(context).toMatchObject({ advisorGivesTopic: true, mentorBusy: false, busyPeople: [] });
      }
      // Profiles are read in batches of whoever asked at the same moment: one mentor or several.
      const advisors = new AdvisorsRepository(single.db);
      for (let n = 0; n < runs; n++) {
        const asked = [mentor.id, advisorId, adviseeId].slice(0, 1 + (n % 3));
        const found = await advisors.findAdvisors(asked);
        expect(found.map((row) => row.id).sort((a, b) => a - b)).toEqual(
          [mentor.id, advisorId].slice(0, Math.min(2, 1 + (n % 3))).sort((a, b) => a - b),
        );
      }
      if (test.kind !== 'server') return;
      const { rows } = await single.pool.query<{ name: string; generic: number; custom: number }>(
        `select name, generic_plans as generic, custom_plans as custom from pg_prepared_statements
         where name in ('booking_context', 'catalogue_find_advisors') order by name`,
      );
      // PostgreSQL plans the first five runs for their values, then keeps the generic plan if it is no dearer.
      expect(rows).toEqual([
        { name: 'booking_context', generic: runs - 5, custom: 5 },
        { name: 'catalogue_find_advisors', generic: runs - 5, custom: 5 },
      ]);
    } finally {
      await single.close();
    }
  });
});
