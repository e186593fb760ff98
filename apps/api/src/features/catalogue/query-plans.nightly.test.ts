import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import type { QueryConfig } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { type Database, type Db, schema } from '../../db/connection.ts';
import {
  createAdvisee,
  createAdvisor,
  createBookedSession,
  createLanguage,
  createTopic,
  type UserRow,
} from '../../db/seed/factories.ts';
import { BookingRepository } from '../booking/booking.door.ts';
import {
  api,
  bearer,
  bookingPayload,
  everyDay,
  freeSlot,
  setTestPrices,
} from '../booking/booking.test-helpers.ts';
import { SessionsRepository } from '../sessions/sessions.door.ts';
import { LedgerRepository } from '../wallet/wallet.door.ts';
import { AdvisorsRepository } from './advisors.repository.ts';
import { CatalogueRepository } from './catalogue.repository.ts';

interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * A drizzle instance over the test's pool that notes the statements it sends (the app's own SQL: drizzle's,
 * and the raw named ones of db/prepared.ts, which go to the pool itself) while `record` runs: background work
 * (timers, listeners) sharing the instance is left out.
 */
function recording(database: Database) {
  const statements: Statement[] = [];
  const scope = new AsyncLocalStorage<true>();
  // The pool, and the connections it lends to transactions, noting what their query() is given.
  const noting = <C extends object>(target: C): C =>
    new Proxy(target, {
      get(object, property) {
        const value: unknown = Reflect.get(object, property, object);
        if (typeof value !== 'function') return value;
        if (property === 'query') {
          return (config: string | QueryConfig, values?: unknown[]) => {
            if (scope.getStore()) {
              const text = typeof config === 'string' ? config : config.text;
              const given = typeof config === 'string' ? undefined : config.values;
              statements.push({ sql: text, params: values ?? given ?? [] });
            }
            return value.call(object, config, values);
          };
        }
        if (property === 'connect') return async () => noting(await value.call(object));
        return value.bind(object);
      },
    });
  const db: Db = drizzle(noting(database.pool), { schema, casing: 'snake_case' });
  const record = async <T>(work: () => Promise<T>): Promise<T> => scope.run(true, work);
  return { db, statements, record };
}

/**
 * The plan PostgreSQL picks for a statement with sequential scans priced out (the test's tables are small,
 * where scanning would be cheaper): a table without a usable index still shows a Seq Scan.
 */
async function planOf(database: Database, statement: Statement): Promise<string> {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL enable_seqscan = off');
    await client.query("SELECT set_config('pg_trgm.word_similarity_threshold', '0.5', true)");
    const result = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (COSTS OFF) ${statement.sql}`,
      statement.params,
    );
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

/** The statements a repository call sends, recorded while it runs for real. */
async function statementsOf(database: Database, run: (db: Db) => Promise<unknown>): Promise<Statement[]> {
  const { db, statements, record } = recording(database);
  await record(async () => {
    await run(db);
  });
  return statements.filter(
    (s) => /^\s*(select|with|update|insert)/i.test(s.sql) && !/set_config/.test(s.sql),
  );
}

describe('query plans and query counts of the hot paths', () => {
  let ctx: TestContext;
  let advisee: UserRow;
  let topicId: number;
  let mentorIds: number[];

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    await setTestPrices(db);
    const language = await createLanguage(db);
    const topics = [];
    for (let i = 0; i < 6; i++) topics.push(await createTopic(db, { name: `Plan Leadership ${i}` }));
    topicId = topics[0]!.id;
    mentorIds = [];
    for (let i = 0; i < 12; i++) {
      const mentor = await createAdvisor(db, {
        topicIds: [topics[i % 6]!.id, topics[(i + 1) % 6]!.id],
        languageIds: [language.id],
        availability: { Monday: [9, 10], Thursday: [17] },
      });
      mentorIds.push(mentor.id);
    }
    advisee = await createAdvisee(db);
    for (let i = 0; i < 12; i++) {
      await createBookedSession(db, {
        advisorId: mentorIds[i]!,
        adviseeId: advisee.id,
        topicId: topics[i % 6]!.id,
        startsAt: new Date(Date.now() + (i % 2 === 0 ? 1 : -1) * (i + 2) * 86_400_000),
      });
    }
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('lists top mentors and filtered mentors through indexes, without aggregating every rating', async () => {
    const top = await statementsOf(ctx.database, (db) =>
      new AdvisorsRepository(db).listAdvisors({ excludeUserId: 0, limit: 8 }),
    );
    const topPlan = await planOf(ctx.database, top[0]!);
    expect(topPlan).not.toMatch(/Seq Scan/);
    expect(topPlan).not.toMatch(/session_feedback/);
    expect(topPlan).toMatch(/advisor_rating_totals_pkey/);

    const filtered = await statementsOf(ctx.database, (db) =>
      new AdvisorsRepository(db).listAdvisors({
        excludeUserId: 0,
        filters: { topicId, days: ['Monday'], timeBands: ['09:00-12:00'], industries: [], languages: [] },
      }),
    );
    const filteredPlan = await planOf(ctx.database, filtered[0]!);
    expect(filteredPlan).not.toMatch(/Seq Scan/);
    expect(filteredPlan).toMatch(/advisor_topics_topic_idx|advisor_topics_advisor_id_topic_id_pk/);
  });

  it("reads several mentors' profiles in one statement, through indexes", async () => {
    const asked = mentorIds.slice(0, 5);
    const profiles = await statementsOf(ctx.database, (db) => new AdvisorsRepository(db).findAdvisors(asked));
    expect(profiles).toHaveLength(1);
    const plan = await planOf(ctx.database, profiles[0]!);
    // On these few rows the mentors' index may serve as well; at the benchmark's scale it is the primary key.
    expect(plan).toMatch(/Index Scan using users_(pkey|role_status_idx) on users/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('searches programs through the trigram index', async () => {
    // Enough programs for the index to beat reading them all, as it does at 2,000 programs.
    await ctx.database.db.execute(sql`
      insert into topics (name, img_url, tag_line, video_url, position)
      select 'Plan Program ' || n, '/images/topics/leadership.svg', 'Tag', '/media/intro-1.webm', n
      from generate_series(1, 1500) as n`);
    // Vacuumed, as autovacuum keeps a live table: new index entries wait in GIN's pending list until then.
    await ctx.database.db.execute(sql`vacuum analyze topics`);
    const search = await statementsOf(ctx.database, (db) =>
      new CatalogueRepository(db).searchLiveTopics('leadrship', 10),
    );
    const plan = await planOf(ctx.database, search[0]!);
    expect(plan).toMatch(/topics_name_trgm_idx/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('lists an advisee’s sessions and expires holds through indexes', async () => {
    const page = (offset: number) =>
      statementsOf(ctx.database, (db) =>
        new SessionsRepository(db).listAdviseeSessionIds({
          userId: advisee.id,
          status: 'UPCOMING',
          now: new Date(),
          limit: 10,
          offset,
        }),
      );
    // A page and the total in one statement; past the last page, the total on its own.
    const list = await page(0);
    expect(list).toHaveLength(1);
    const beyond = await page(100);
    expect(beyond).toHaveLength(2);
    for (const statement of [...list, ...beyond]) {
      const plan = await planOf(ctx.database, statement);
      expect(plan).toMatch(/session_participants_advisee_starts_idx/);
      expect(plan).not.toMatch(/Seq Scan/);
    }
    const expire = await statementsOf(ctx.database, (db) =>
      new SessionsRepository(db).expireStaleHolds(new Date()),
    );
    expect(await planOf(ctx.database, expire[0]!)).toMatch(/sessions_hold_expiry_idx/);
    const taken = await statementsOf(ctx.database, (db) =>
      new SessionsRepository(db).findTakenRanges(
        mentorIds[0]!,
        new Date(),
        new Date(Date.now() + 28 * 86_400_000),
        new Date(),
      ),
    );
    expect(await planOf(ctx.database, taken[0]!)).toMatch(
      /sessions_advisor_starts_idx|sessions_advisor_no_overlap/,
    );
  });

  it('reads what a booking checks in one statement, through indexes, and writes it in one more', async () => {
    const mentor = await createAdvisor(ctx.database.db, { topicIds: [topicId], availability: everyDay });
    const booker = await createAdvisee(ctx.database.db);
    const startsAt = new Date(Math.ceil(Date.now() / 3_600_000 + 72) * 3_600_000);
    const hour = { startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) };
    const read = await statementsOf(ctx.database, (db) =>
      new BookingRepository(db).readBookingContext({
        advisorId: mentor.id,
        bookerId: booker.id,
        topicId,
        sessionType: 'GROUP',
        hour,
        now: new Date(),
      }),
    );
    expect(read).toHaveLength(1);
    const plan = await planOf(ctx.database, read[0]!);
    expect(plan).not.toMatch(/Seq Scan/);
    // Who is busy then: the exclusion constraints' own indexes answer it.
    expect(plan).toMatch(/sessions_advisor_no_overlap/);
    expect(plan).toMatch(/session_participants_no_overlap/);

    const version = await statementsOf(ctx.database, (db) => new CatalogueRepository(db).readVersion());
    expect(await planOf(ctx.database, version[0]!)).toMatch(/catalogue_version_pkey/);
  });

  it("finds what paid an attendee's share (a refund) through an index, not by scanning the ledger", async () => {
    const source = await statementsOf(ctx.database, (db) => new LedgerRepository(db).sharePaymentSource(1));
    expect(source).toHaveLength(1);
    const plan = await planOf(ctx.database, source[0]!);
    expect(plan).toMatch(/ledger_transactions_participant_idx/);
    expect(plan).not.toMatch(/Seq Scan on ledger_transactions/);
  });

  describe('queries per request do not grow with the rows answered (no N+1)', () => {
    let counted: FastifyInstance;
    let statements: Statement[];
    let record: ReturnType<typeof recording>['record'];

    beforeAll(async () => {
      const recorder = recording(ctx.database);
      statements = recorder.statements;
      record = recorder.record;
      counted = await buildApp({
        env: { ...ctx.env, JOBS_ENABLED: false },
        database: { ...ctx.database, db: recorder.db, close: async () => {} },
        signingSecret: 'test-secret-'.padEnd(48, 'x'),
        logger: false,
      });
      await counted.ready();
    });
    afterAll(async () => {
      await counted?.close();
    });

    const countOf = async (request: () => Promise<{ statusCode: number; body: string }>) => {
      statements.length = 0;
      const res = await record(request);
      expect(res.statusCode, res.body).toBe(200);
      return statements.length;
    };
    // Signed in, so the catalogue cache does not answer.
    const signedGet = async (url: string) =>
      counted.inject({ method: 'GET', url, headers: await bearer(counted, advisee) });

    it('mentor lists: the same number of statements for a few mentors as for all of them', async () => {
      const few = await countOf(() =>
        signedGet(`${api}/getTopicAdvisors/${advisee.id}/ALL?topicId=${topicId}`),
      );
      const many = await countOf(() => signedGet(`${api}/getTopicAdvisors/${advisee.id}/ALL`));
      expect(many).toBe(few);
    });

    it('session lists: the same number of statements for 1 session as for 6', async () => {
      const one = await countOf(() =>
        signedGet(`${api}/getAdviseeSessionsByIdAndStatus/${advisee.id}/UPCOMING?page=1&pageSize=1`),
      );
      const six = await countOf(() =>
        signedGet(`${api}/getAdviseeSessionsByIdAndStatus/${advisee.id}/UPCOMING?page=1&pageSize=10`),
      );
      expect(six).toBe(one);
    });

    it('bookings: the same number of statements alone as with three other attendees', async () => {
      const mentor = await createAdvisor(ctx.database.db, { topicIds: [topicId], availability: everyDay });
      const bookOnce = async (slotIndex: number, overrides: Parameters<typeof bookingPayload>[3]) => {
        const slot = await freeSlot(counted, mentor.id, slotIndex);
        const booker = await createAdvisee(ctx.database.db);
        const headers = await bearer(counted, booker);
        return countOf(() =>
          counted.inject({
            method: 'POST',
            url: `${api}/bookSession`,
            headers,
            payload: bookingPayload(mentor.id, topicId, slot, overrides),
          }),
        );
      };
      const alone = await bookOnce(3, {});
      const group = await bookOnce(6, {
        sessionType: 'GROUP',
        otherAttendees: ['0711000101', '0711000102', '0711000103'],
      });
      expect(group).toBe(alone);
      // The caller's check, one read of everything the booking checks, one write of the session and its
      // attendees; nothing is read again for the answer.
      expect(alone).toBeLessThanOrEqual(3);
    });
  });
});
