import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdvisee, createAdvisor, createTopic } from '../../src/db/seed/factories.ts';
import { login, randomIp } from '../../src/features/auth/auth.test-helpers.ts';
import { bearer } from '../../src/features/booking/booking.test-helpers.ts';
import { createTestApp, type TestContext } from '../test-app.ts';
import { appTables, settledFingerprint } from './support.ts';
import { buildWorld, type World } from './world.ts';

/**
 * ASVS V1.2.x: text people type is data, never SQL. Classic injection strings go into every free-text search
 * and filter, the log-in, and the voucher code and reference: no 5xx, searches answer as for a word that matches
 * nothing (or as a literal match of the text), the log-in refuses, and no table changes (the topic search log
 * aside, which keeps each search's text as it was typed). LIKE wildcards typed by people match literally.
 */

const hostile = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  "%' OR '%'='",
  "' OR ''='",
  '" OR ""="',
  '1) OR (1=1',
  "' UNION SELECT email FROM users --",
  '\u2019 OR 1=1 --', // right single quotation mark
  '\u02bc OR \u02bc1\u02bc=\u02bc1', // modifier letter apostrophe
  '\uff07 OR 1=1 --', // fullwidth apostrophe
  "\\'; DROP TABLE users; --",
  '\\\\\\',
  '$1',
  '$1 OR $2',
  "'||pg_sleep(0)||'",
  '/**/OR/**/1=1',
];

const unmatchedWord = 'Quixotrelm';

type AdminItem = { id?: number; mentor?: { id: number } };

describe('injection: typed text is data, never SQL', () => {
  let ctx: TestContext;
  let world: World;
  let tables: string[];
  let before: Record<string, string>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_LOGIN_PER_MINUTE: '10000', JOBS_ENABLED: 'false' });
    world = await buildWorld(ctx);
    // Names with the LIKE wildcards and a quote in them, to be found by those very characters.
    await createAdvisee(ctx.database.db, { name: 'Amy_Lee Wanjiru' });
    await createAdvisor(ctx.database.db, { name: 'Fifty% Otieno' });
    await createTopic(ctx.database.db, { name: "Women's Leadership" });
    admin = await bearer(ctx.app, world.admin);
    // Searches are kept for insights: that log is the one table a search may add to.
    tables = (await appTables(ctx)).filter((table) => table !== 'topic_searches');
    before = await settledFingerprint(ctx, tables);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers, remoteAddress: randomIp() });
  const searchTopics = (query: string) =>
    get(`/myprosper/api/searchTopics?${new URLSearchParams({ query, hitsPerPage: '50' })}`);

  /** The admin lists that take free text, each as [route, field]. */
  const adminSearches = [
    ['users?role=ADVISEE', 'query'],
    ['users?role=ADVISOR', 'query'],
    ['sessions', 'person'],
    ['sessions', 'mentor'],
    ['payments', 'query'],
    ['vouchers', 'query'],
    ['payouts?owed=false', 'query'],
    ['audit', 'entity'],
  ] as const;
  const adminSearch = (route: string, field: string, text: string) =>
    get(
      `/myprosper/api/admin/${route}${route.includes('?') ? '&' : '?'}${new URLSearchParams({ [field]: text })}`,
      admin,
    );
  /** What an admin list answers: its items' ids (a mentor's for the payouts list) and its total. */
  const listed = (res: Awaited<ReturnType<typeof get>>) => {
    const data = res.json().data as { items: AdminItem[]; total: number } | AdminItem[] | undefined;
    const items = Array.isArray(data) ? data : (data?.items ?? []);
    return {
      status: res.statusCode,
      ids: items.map((item) => item.id ?? item.mentor?.id),
      total: Array.isArray(data) ? items.length : data?.total,
    };
  };

  it('answers hostile text in the topic search as it answers a word that matches nothing', async () => {
    const nothing = await searchTopics(unmatchedWord);
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json().data).toMatchObject({ hits: [], nbHits: 0 });
    // There are live programs: a query that turned into `OR true` would have listed them.
    expect((await searchTopics('Program')).json().data.nbHits).toBeGreaterThan(0);
    for (const text of hostile) {
      const res = await searchTopics(text);
      if (text.trim().length < 3) {
        expect({ text, status: res.statusCode, message: res.json().message }).toEqual({
          text,
          status: 422,
          message: 'query: Type at least 3 characters',
        });
        continue;
      }
      expect({ text, status: res.statusCode, data: res.json().data }).toEqual({
        text,
        status: 200,
        data: { ...nothing.json().data, query: text.trim() },
      });
    }
    // Each search was kept with its text exactly as typed.
    await ctx.app.catalogue.searches.flush();
    const kept = await ctx.database.db.execute<{ query: string }>(sql`SELECT query FROM topic_searches`);
    const keptQueries = kept.rows.map((row) => row.query);
    for (const text of hostile.filter((t) => t.trim().length >= 3))
      expect(keptQueries).toContain(text.trim());
  });

  it('finds a quote in a program name literally', async () => {
    const res = await searchTopics("Women's");
    expect(res.json().data.hits.map((hit: { name: string }) => hit.name)).toEqual(["Women's Leadership"]);
  });

  it('answers hostile text in every admin search and filter as it answers a word that matches nothing', async () => {
    for (const [route, field] of adminSearches) {
      const everything = listed(await adminSearch(route, field, ''));
      expect(everything.status, `${route} ${field}`).toBe(200);
      const nothing = listed(await adminSearch(route, field, unmatchedWord));
      expect({ route, field, ...nothing }).toEqual({ route, field, status: 200, ids: [], total: 0 });
      for (const text of hostile) {
        const res = listed(await adminSearch(route, field, text));
        expect({ route, field, text, ...res }).toEqual({ route, field, text, ...nothing });
      }
    }
  });

  it('takes % and _ typed into a search literally', async () => {
    const names = async (role: string, text: string) => {
      const res = await adminSearch(`users?role=${role}`, 'query', text);
      return (res.json().data.items as Array<{ name: string }>).map((user) => user.name);
    };
    expect(await names('ADVISEE', '_')).toEqual(['Amy_Lee Wanjiru']);
    expect(await names('ADVISEE', 'y_L')).toEqual(['Amy_Lee Wanjiru']);
    expect(await names('ADVISOR', '%')).toEqual(['Fifty% Otieno']);
    expect(await names('ADVISOR', '%%')).toEqual([]);
    expect(await names('ADVISEE', '%')).toEqual([]);
    // Wildcards alone find no program either: as a literal, no name holds them.
    for (const text of ['%%%', '___', '%_%']) {
      expect((await searchTopics(text)).json().data).toMatchObject({ hits: [], nbHits: 0 });
    }
  });

  it('refuses a log-in with hostile text as username or password, as it refuses an unknown one', async () => {
    const refused = { statusCode: 401, message: 'Incorrect username or password' };
    const answer = async (username: string, password: string) => {
      // Wrong passwords slow the next try (sign-in-delays.integration.test.ts); here each try is heard.
      await ctx.database.db.execute(sql`delete from sign_in_failures`);
      const res = await login(ctx.app, username, password, randomIp());
      return { statusCode: res.statusCode, message: res.json().message };
    };
    expect(await answer(`nobody-${unmatchedWord}@example.test`, 'Wrong#Password1')).toEqual(refused);
    for (const text of hostile) {
      expect(await answer(text, text), text).toEqual(refused);
      expect(await answer(`${world.advisee.email}${text}`, 'Wrong#Password1'), text).toEqual(refused);
      expect(await answer(world.advisee.email, text), text).toEqual(refused);
    }
  });

  it('refuses hostile text as a voucher code or reference, as it refuses an unknown one', async () => {
    const headers = await bearer(ctx.app, world.advisee);
    const redeem = (voucherCode: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/myprosper/api/redeemVoucher',
        headers,
        remoteAddress: randomIp(),
        payload: { sessionId: world.sessions.unpaid, voucherCode },
      });
    const unknown = await redeem('ABCD-EFGH-JKMN-PQRS');
    expect(unknown.statusCode).toBeLessThan(500);
    for (const text of hostile.slice(0, 6)) {
      const res = await redeem(text);
      expect({ text, status: res.statusCode, message: res.json().message }).toEqual({
        text,
        status: unknown.statusCode,
        message: unknown.json().message,
      });
    }
    // A reference that cannot be one (too long, or the wrong characters) is refused as not valid: 422.
    const unknownReference = await get('/myprosper/api/getVoucher/VCH-NOSUCH', headers);
    expect(unknownReference.statusCode).toBe(404);
    for (const text of hostile) {
      const res = await get(`/myprosper/api/getVoucher/${encodeURIComponent(text)}`, headers);
      expect({ text, status: res.statusCode, message: res.json().message }).toMatchObject({
        text,
        status: expect.toSatisfy((status: number) => status === 404 || status === 422),
        message: expect.any(String),
      });
    }
  });

  it('changed no table', async () => {
    expect(await settledFingerprint(ctx, tables)).toEqual(before);
  });
});
