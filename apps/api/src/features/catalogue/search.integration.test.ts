import { catalogueMessages } from '@myprosper/contract/catalogue';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { connectDatabase } from '../../db/connection.ts';
import { topicSearches, topicViewEvents } from '../../db/schema/catalogue.ts';
import { createAdvisee, createTopic, type TopicRow } from '../../db/seed/factories.ts';

interface Hit {
  objectID: string;
  name: string;
  imgUrl: string;
}

describe('topic search and topic views', () => {
  let ctx: TestContext;
  let topics: Record<string, TopicRow>;
  const search = (query: string, hitsPerPage?: number, remoteAddress = '127.0.0.1') =>
    ctx.app.inject({
      method: 'GET',
      url: '/myprosper/api/searchTopics',
      query: hitsPerPage === undefined ? { query } : { query, hitsPerPage: String(hitsPerPage) },
      remoteAddress,
    });
  const namesOf = async (query: string) => {
    const res = await search(query);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.hits as Hit[]).map((hit) => hit.name);
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    topics = {};
    for (const name of [
      'Career Growth',
      'Tech Careers',
      'Personal Finance',
      'Leadership',
      'Public Speaking',
      '100% Commitment',
    ]) {
      topics[name] = await createTopic(db, { name, imgUrl: `/images/topics/${name.length}.svg` });
    }
    topics.hidden = await createTopic(db, { name: 'Career Secrets', isLive: false });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers in the search service hit shape', async () => {
    const res = await search('Leadership');
    expect(res.json()).toEqual({
      statusCode: 200,
      message: 'Success',
      data: {
        hits: [
          {
            objectID: String(topics.Leadership!.id),
            name: 'Leadership',
            imgUrl: topics.Leadership!.imgUrl,
          },
        ],
        nbHits: 1,
        query: 'Leadership',
      },
    });
  });

  it('finds programs despite typos', async () => {
    expect(await namesOf('carer')).toEqual(expect.arrayContaining(['Career Growth', 'Tech Careers']));
    expect(await namesOf('finanse')).toEqual(['Personal Finance']);
    expect(await namesOf('speking')).toEqual(['Public Speaking']);
    expect(await namesOf('LEADERSHIP')).toEqual(['Leadership']);
  });

  it('ranks names starting with the text first, then names with a word starting with it', async () => {
    expect(await namesOf('care')).toEqual(['Career Growth', 'Tech Careers']);
    expect(await namesOf('Tech')).toEqual(['Tech Careers']);
  });

  it('finds text anywhere in a name, and treats % and _ literally', async () => {
    expect(await namesOf('ersh')).toEqual(['Leadership']);
    expect(await namesOf('0% C')).toEqual(['100% Commitment']);
    expect(await namesOf('%%%')).toEqual([]);
    expect(await namesOf('___')).toEqual([]);
  });

  it('never finds a program that is not live, nor unrelated ones', async () => {
    expect(await namesOf('Secrets')).toEqual([]);
    expect(await namesOf('xyzzy')).toEqual([]);
  });

  it('returns at most hitsPerPage hits but counts them all', async () => {
    const res = await search('carer', 1);
    const data = res.json().data;
    expect(data.hits).toHaveLength(1);
    expect(data.nbHits).toBe(2);
  });

  it('needs at least 3 characters (spaces around do not count)', async () => {
    for (const query of ['ca', '  ca  ', '']) {
      const res = await search(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(422);
      expect(res.json().message).toContain(catalogueMessages.searchTooShort);
    }
    const missing = await ctx.app.inject({ method: 'GET', url: '/myprosper/api/searchTopics' });
    expect(missing.statusCode).toBe(422);
    expect((await search('career', 0)).statusCode).toBe(422);
  });

  it('records every search with its number of hits and time, and is not cached', async () => {
    const before = Date.now();
    // From an address that has not searched yet this hour.
    const address = '203.0.113.40';
    const res = await search('  finanse  ', undefined, address);
    expect(res.json().data.query).toBe('finanse');
    expect(res.headers['cache-control']).toBe('no-store');
    // Searches are written in batches, off the request path: write what waits now.
    await ctx.app.catalogue.searches.flush();
    const [last] = await ctx.database.db
      .select()
      .from(topicSearches)
      .orderBy(desc(topicSearches.id))
      .limit(1);
    expect(last).toMatchObject({ query: 'finanse', hits: 1 });
    expect(last!.searchedAt.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(last!.searchedAt.getTime()).toBeLessThanOrEqual(Date.now());

    // The same text again from the same address within the hour (its results come from memory now) is not
    // counted again (issue 20); one that finds nothing is.
    await search('finanse', undefined, address);
    await search('nothing like it', undefined, address);
    await ctx.app.catalogue.searches.flush();
    const latest = await ctx.database.db
      .select({ query: topicSearches.query, hits: topicSearches.hits })
      .from(topicSearches)
      .orderBy(desc(topicSearches.id))
      .limit(2);
    expect(latest).toEqual([
      { query: 'nothing like it', hits: 0 },
      { query: 'finanse', hits: 1 },
    ]);
  });

  it('writes the searches still waiting when the server shuts down', async () => {
    const second = await buildApp({
      env: ctx.env,
      database: connectDatabase(ctx.database.pool.options.connectionString!, { max: 2 }),
      signingSecret: 'test-secret-'.padEnd(48, 'x'),
      logger: false,
    });
    await second.ready();
    const database = second.db;
    try {
      for (let n = 0; n < 3; n++) {
        const res = await second.inject({
          method: 'GET',
          url: '/myprosper/api/searchTopics',
          query: { query: 'shutdown speking' },
        });
        expect(res.statusCode).toBe(200);
      }
      await second.close();
    } finally {
      await database.close();
    }
    const rows = await ctx.database.db
      .select({ hits: topicSearches.hits })
      .from(topicSearches)
      .where(eq(topicSearches.query, 'shutdown speking'));
    // Three searches from one address within the hour count once (issue 20).
    expect(rows).toHaveLength(1);
  });

  describe('topicViewed', () => {
    const view = (topicId: unknown, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'POST', url: '/myprosper/api/topicViewed', payload: { topicId }, headers });
    const eventsOf = (topicId: number) =>
      ctx.database.db.select().from(topicViewEvents).where(eq(topicViewEvents.topicId, topicId));

    it("stores a visitor's view with the topic id and name", async () => {
      const topic = await createTopic(ctx.database.db);
      const before = Date.now();
      const res = await view(topic.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ statusCode: 200, message: 'Success' });
      const events = await eventsOf(topic.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ topicId: topic.id, topicName: topic.name, userId: null });
      expect(events[0]!.viewedAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    });

    it('stores the signed-in user with the view', async () => {
      const topic = await createTopic(ctx.database.db);
      const user = await createAdvisee(ctx.database.db);
      const token = await ctx.app.tokens.sign({
        userId: user.id,
        role: 'ADVISEE',
        version: user.tokenVersion,
      });
      const res = await view(topic.id, { authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(200);
      expect(await eventsOf(topic.id)).toMatchObject([{ topicName: topic.name, userId: user.id }]);
    });

    it('still records the view, without a user, when the token is not valid', async () => {
      const topic = await createTopic(ctx.database.db);
      const res = await view(topic.id, { authorization: 'Bearer not-a-token' });
      expect(res.statusCode).toBe(200);
      expect(await eventsOf(topic.id)).toMatchObject([{ userId: null }]);
    });

    it('counts a flood of views and searches from one address or person once an hour (issue 20)', async () => {
      const topic = await createTopic(ctx.database.db);
      const flood = (payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
        Promise.all(
          Array.from({ length: 20 }, () =>
            ctx.app.inject({
              method: 'POST',
              url: '/myprosper/api/topicViewed',
              payload,
              remoteAddress,
              headers,
            }),
          ),
        );
      for (const res of await flood({ topicId: topic.id }, '198.51.100.7')) expect(res.statusCode).toBe(200);
      expect(await eventsOf(topic.id)).toHaveLength(1);
      // Another address, and a signed-in person, each count once more.
      await flood({ topicId: topic.id }, '198.51.100.8');
      const user = await createAdvisee(ctx.database.db);
      const token = await ctx.app.tokens.sign({
        userId: user.id,
        role: 'ADVISEE',
        version: user.tokenVersion,
      });
      await flood({ topicId: topic.id }, '198.51.100.9', { authorization: `Bearer ${token}` });
      await flood({ topicId: topic.id }, '198.51.100.10', { authorization: `Bearer ${token}` });
      expect(await eventsOf(topic.id)).toHaveLength(3);

      const text = `flood ${topic.id}`;
      await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          ctx.app.inject({
            method: 'GET',
            url: '/myprosper/api/searchTopics',
            query: { query: n % 2 ? text : text.toUpperCase() },
            remoteAddress: '198.51.100.7',
          }),
        ),
      );
      await ctx.app.catalogue.searches.flush();
      const searches = await ctx.database.db
        .select()
        .from(topicSearches)
        .where(sql`lower(${topicSearches.query}) = ${text}`);
      expect(searches).toHaveLength(1);
    });

    it('answers 404 for an unknown or hidden topic and stores nothing', async () => {
      for (const id of [2_000_000_000, topics.hidden!.id]) {
        const res = await view(id);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(catalogueMessages.topicNotFound);
      }
      expect(await eventsOf(topics.hidden!.id)).toEqual([]);
    });

    it('answers 422 for a missing or malformed topic id', async () => {
      for (const id of [undefined, 'abc', -1, 1.5]) {
        expect((await view(id)).statusCode, String(id)).toBe(422);
      }
    });
  });
});
