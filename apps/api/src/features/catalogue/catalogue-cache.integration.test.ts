import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AdminProgram } from '@myprosper/contract/admin-catalogue';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { connectDatabase, type Database } from '../../db/connection.ts';
import { topicSearches } from '../../db/schema/catalogue.ts';
import {
  createAdmin,
  createAdvisee,
  createAdvisor,
  createBookedSession,
  createFaq,
  createTopic,
  type UserRow,
} from '../../db/seed/factories.ts';
import { adminCall } from '../admin/admin.test-helpers.ts';
import { api, bearer, setTestPrices } from '../booking/booking.test-helpers.ts';
import { wasInCall } from '../calls/calls.test-helpers.ts';
import { catalogueVersionMaxAgeMs } from './response-cache.ts';

/**
 * Visitors' catalogue reads are answered from memory (x-cache: HIT) while the catalogue is unchanged; an
 * admin's edit, a mentor leaving or a new rating shows on the next read on the instance that made it, and on
 * another one sharing the database once that one's last check of the version is catalogueVersionMaxAgeMs old.
 */
describe('catalogue cache', () => {
  let ctx: TestContext;
  let other: FastifyInstance;
  let otherDatabase: Database;
  let admin: UserRow;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createAdmin(ctx.database.db);
    await setTestPrices(ctx.database.db);
    // A second API instance on the same database, as a second process behind a load balancer.
    otherDatabase = connectDatabase(poolUrl(ctx.database), { max: 4 });
    other = await buildApp({
      env: ctx.env,
      database: otherDatabase,
      signingSecret: 'test-secret-'.padEnd(48, 'x'),
      logger: false,
    });
    await other.ready();
  });

  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
    await ctx.close();
  });

  const read = (app: FastifyInstance, path: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `${api}${path}`, headers });
  const names = (body: { data: Array<{ name: string }> }) => body.data.map((item) => item.name);
  /**
   * Until then another instance may still serve the version it checked before a change. Rows written straight
   * into the database are such a change, on every instance: a test waits this long after writing them, so
   * that the answers it reads are kept under the new version, not under one about to be checked again.
   */
  const versionWindow = () => new Promise((resolve) => setTimeout(resolve, catalogueVersionMaxAgeMs + 5));

  it('answers a visitor from memory the second time, and shows an admin edit of a program on the very next read', async () => {
    const program = await adminCall<AdminProgram>(ctx, admin, 'POST', 'programs', {
      name: 'Cached Careers',
      tagLine: 'Read twice',
      videoURL: '/media/intro-1.webm',
      tips: ['One'],
      isLive: true,
    });
    const first = await read(ctx.app, '/getLiveTopics');
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await read(ctx.app, '/getLiveTopics');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['cache-control']).toBe('public, max-age=60');
    expect(names(second.json())).toContain('Cached Careers');

    await adminCall(ctx, admin, 'PUT', `programs/${program.id}`, {
      name: 'Cached Careers, Renamed',
      tagLine: 'Read twice',
      videoURL: '/media/intro-1.webm',
      tips: ['One'],
      isLive: true,
    });
    const afterEdit = await read(ctx.app, '/getLiveTopics');
    expect(afterEdit.headers['x-cache']).toBe('MISS');
    expect(names(afterEdit.json())).toContain('Cached Careers, Renamed');
    expect(names(afterEdit.json())).not.toContain('Cached Careers');

    await adminCall(ctx, admin, 'PUT', `programs/${program.id}/live`, { isLive: false });
    expect(names((await read(ctx.app, '/getLiveTopics')).json())).not.toContain('Cached Careers, Renamed');
    expect((await read(ctx.app, `/getTopicDetails/${program.id}`)).statusCode).toBe(404);
  });

  it('shows FAQ, testimonial and price edits to the next visitor, on another instance too', async () => {
    await read(other, '/getFAQsByUserType/ADVISEE');
    await read(other, '/getActiveTestimonials');
    await read(other, '/getPricingSettingByPriceType/INDIVIDUAL');
    expect((await read(other, '/getFAQsByUserType/ADVISEE')).headers['x-cache']).toBe('HIT');
    expect((await read(other, '/getPricingSettingByPriceType/INDIVIDUAL')).json().data.amount).toBe(2900);

    await adminCall(ctx, admin, 'POST', 'faqs', {
      userType: 'ADVISEE',
      question: 'Is the answer fresh?',
      answer: 'Yes, at once.',
    });
    await adminCall(ctx, admin, 'POST', 'testimonials', {
      testimonial: '/media/intro-2.webm',
      name: 'Fresh Voice',
      position: 'Visitor',
    });
    await adminCall(ctx, admin, 'PUT', 'pricing/INDIVIDUAL', { baseSessionPrice: 3000, vatTax: 16 });
    // The instance that made the change shows it at once.
    expect((await read(ctx.app, '/getPricingSettingByPriceType/INDIVIDUAL')).json().data.amount).toBe(3480);

    await versionWindow();
    const faqs = await read(other, '/getFAQsByUserType/ADVISEE');
    expect(faqs.headers['x-cache']).toBe('MISS');
    expect(faqs.json().data.map((f: { question: string }) => f.question)).toContain('Is the answer fresh?');
    expect(names((await read(other, '/getActiveTestimonials')).json())).toContain('Fresh Voice');
    expect((await read(other, '/getPricingSettingByPriceType/INDIVIDUAL')).json().data.amount).toBe(3480);
  });

  it('drops a suspended mentor from the lists and the profile at once, and shows a new rating at once', async () => {
    const topic = await createTopic(ctx.database.db);
    const mentor = await createAdvisor(ctx.database.db, { topicIds: [topic.id] });
    const advisee = await createAdvisee(ctx.database.db);
    await versionWindow();
    const mentorsOf = async (app: FastifyInstance) =>
      (await read(app, `/getTopicAdvisors/0/ALL?topicId=${topic.id}`)).json().data as Array<{
        id: number;
        rating: { average: number; count: number };
      }>;
    expect((await mentorsOf(other))[0]?.rating).toEqual({ average: 0, count: 0 });
    expect((await read(other, `/getAdvisorDetails/${mentor.id}`)).statusCode).toBe(200);
    expect((await read(other, `/getAdvisorDetails/${mentor.id}`)).headers['x-cache']).toBe('HIT');

    const session = await createBookedSession(ctx.database.db, {
      advisorId: mentor.id,
      adviseeId: advisee.id,
      topicId: topic.id,
      startsAt: new Date(Date.now() - 3 * 3_600_000),
    });
    // Only someone who was in the call may rate it (issue 20).
    await wasInCall(ctx.database.db, {
      sessionId: session.id,
      userId: advisee.id,
      role: 'ADVISEE',
      at: session.startsAt,
    });
    const rated = await ctx.app.inject({
      method: 'POST',
      url: `${api}/addFeedback`,
      headers: await bearer(ctx.app, advisee),
      payload: { sessionId: session.id, rating: 4 },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    await versionWindow();
    expect((await mentorsOf(other))[0]?.rating).toEqual({ average: 4, count: 1 });

    await adminCall(ctx, admin, 'POST', `users/${mentor.id}/suspend`, { reason: 'Left the platform' });
    expect(await mentorsOf(ctx.app)).toEqual([]);
    await versionWindow();
    expect(await mentorsOf(other)).toEqual([]);
    expect((await read(other, `/getAdvisorDetails/${mentor.id}`)).statusCode).toBe(404);
  });

  it('makes an answer once when many visitors ask for it at the same moment', async () => {
    const topic = await createTopic(ctx.database.db);
    await Promise.all(
      Array.from({ length: 3 }, () => createAdvisor(ctx.database.db, { topicIds: [topic.id] })),
    );
    await versionWindow();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => read(ctx.app, `/getTopicAdvisors/0/ALL?topicId=${topic.id}`)),
    );
    expect(answers.map((answer) => answer.headers['x-cache']).sort()).toEqual([
      ...Array.from({ length: 19 }, () => 'HIT'),
      'MISS',
    ]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers[0]!.json().data).toHaveLength(3);
  });

  it('never shares answers to signed-in callers, and serves compressed copies of what it keeps', async () => {
    await createFaq(ctx.database.db, {
      userType: 'ADVISOR',
      question: 'A long question to make the answer worth compressing?',
      answer: 'A long answer. '.repeat(120),
    });
    await versionWindow();
    const signedIn = await read(ctx.app, '/getFAQsByUserType/ADVISOR', await bearer(ctx.app, admin));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['x-cache']).toBeUndefined();
    expect(signedIn.headers['cache-control']).toBeUndefined();

    // The first visitor gets the answer compressed already, as every later one does.
    const first = await read(ctx.app, '/getFAQsByUserType/ADVISOR', { 'accept-encoding': 'br' });
    expect(first.headers['x-cache']).toBe('MISS');
    expect(first.headers['content-encoding']).toBe('br');
    const plain = await read(ctx.app, '/getFAQsByUserType/ADVISOR');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(plain.body);
    const brotli = await read(ctx.app, '/getFAQsByUserType/ADVISOR', { 'accept-encoding': 'gzip, br' });
    expect(brotli.headers['x-cache']).toBe('HIT');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await read(ctx.app, '/getFAQsByUserType/ADVISOR', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('answers a browser whose copy is current with a 304 and no body, on any instance, until the answer changes', async () => {
    await createFaq(ctx.database.db, {
      userType: 'ADVISEE',
      question: 'Is a copy kept by my browser checked again?',
      answer: 'It is, and nothing is sent again while it is the same. '.repeat(40),
    });
    await versionWindow();
    const first = await read(ctx.app, '/getFAQsByUserType/ADVISEE', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    // Its copy is current: in any encoding (the tag is weak), and on an instance that had not made the answer
    // yet (the tag comes from the answer's bytes).
    for (const [app, headers] of [
      [ctx.app, { 'if-none-match': etag }],
      [ctx.app, { 'if-none-match': `"other", ${etag}`, 'accept-encoding': 'gzip' }],
      [other, { 'if-none-match': etag, 'accept-encoding': 'br' }],
    ] as const) {
      const again = await read(app, '/getFAQsByUserType/ADVISEE', headers);
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=60');
      expect(again.headers.vary).toBe('Authorization, Accept-Encoding');
      expect(again.headers['content-type']).toBeUndefined();
      expect(again.headers['content-encoding']).toBeUndefined();
    }
    const stale = await read(ctx.app, '/getFAQsByUserType/ADVISEE', { 'if-none-match': 'W/"not-this-one"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).toBe(etag);

    // Signed-in callers' answers are never kept, so never 304.
    const signedIn = await read(ctx.app, '/getFAQsByUserType/ADVISEE', {
      ...(await bearer(ctx.app, admin)),
      'if-none-match': etag,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers.etag).toBeUndefined();

    // Changed: the copy is no longer current, and the whole new answer comes back.
    await createFaq(ctx.database.db, { userType: 'ADVISEE', question: 'A new question?', answer: 'Yes.' });
    await versionWindow();
    const changed = await read(ctx.app, '/getFAQsByUserType/ADVISEE', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('A new question?');
  });

  it('records every search even when its results come from memory, and lets no one else keep the answer', async () => {
    await createTopic(ctx.database.db, { name: 'Searchable Leadership' });
    const first = await read(ctx.app, '/searchTopics?query=leadrship');
    // From another address: the same one within the hour counts once (issue 20, search.integration.test.ts).
    const second = await ctx.app.inject({
      method: 'GET',
      url: `${api}/searchTopics?query=leadrship`,
      remoteAddress: '203.0.113.77',
    });
    expect(second.headers['x-cache']).toBeUndefined();
    expect(second.headers['cache-control']).toBe('no-store');
    expect(second.body).toBe(first.body);
    await ctx.app.catalogue.searches.flush();
    const recorded = await ctx.database.db
      .select({ hits: topicSearches.hits })
      .from(topicSearches)
      .where(eq(topicSearches.query, 'leadrship'));
    expect(recorded).toHaveLength(2);

    // A program added by another process (here straight into the database) is found once the version is
    // checked again.
    await createTopic(ctx.database.db, { name: 'Cached Leadership Skills' });
    await versionWindow();
    const after = await read(ctx.app, '/searchTopics?query=leadrship');
    expect(after.json().data.hits.map((h: { name: string }) => h.name)).toEqual(
      expect.arrayContaining(['Searchable Leadership', 'Cached Leadership Skills']),
    );
  });
});

/** The connection string the test database's pool was opened with. */
function poolUrl(database: Database): string {
  const url = database.pool.options.connectionString;
  if (!url) throw new Error('the test database has no connection string');
  return url;
}
