import { slotStartHours } from '@myprosper/contract/dates';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestContext } from '../../../test/test-app.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { DbOrTx } from '../connection.ts';
import {
  advisorAvailability,
  advisorLanguages,
  advisorProfiles,
  advisorTopics,
  faqs,
  industries,
  languages,
  leadSources,
  pricingSettings,
  testimonials,
  topics,
  topicTips,
} from '../schema/catalogue.ts';
import { users } from '../schema/users.ts';
import { demoLogins, demoPassword, seedDemoData } from './demo-seed.ts';
import { createAdvisee } from './factories.ts';

const tables = {
  users,
  advisorProfiles,
  advisorTopics,
  advisorLanguages,
  advisorAvailability,
  topics,
  topicTips,
  industries,
  languages,
  leadSources,
  faqs,
  testimonials,
  pricingSettings,
};

async function countRows(db: DbOrTx): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    result[name] = row?.n ?? 0;
  }
  return result;
}

describe('demo seed', () => {
  let ctx: TestContext;
  const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/myprosper/api${url}` });

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('fills an empty database, then changes nothing when run again', async () => {
    const db = ctx.database.db;
    const first = await seedDemoData(db);
    expect(first.seeded).toBe(true);
    const after = await countRows(db);

    const second = await seedDemoData(db);
    expect(second).toEqual({ seeded: false, reason: 'the database already has users' });
    expect(await countRows(db)).toEqual(after);

    const forced = await seedDemoData(db, { force: true });
    expect(forced.seeded).toBe(false);
    expect(Object.values(forced.added ?? {}).every((n) => n === 0)).toBe(true);
    expect(await countRows(db)).toEqual(after);
  });

  it('marks every seeded user as demo data, with the demo password', async () => {
    const db = ctx.database.db;
    const [real] = await db.select({ n: count() }).from(users).where(eq(users.isDemo, 0));
    expect(real?.n).toBe(0);
    for (const login of demoLogins) {
      const [user] = await db.select().from(users).where(eq(users.email, login.email));
      expect(user, login.email).toBeDefined();
      expect(await verifyPassword(user!.passwordHash, demoPassword)).toBe(true);
    }
    const roles = await db
      .select({ email: users.email, role: users.role, phone: users.phoneNumber, status: users.status })
      .from(users)
      .where(sql`${users.email} like '%@myprosper.test' and ${users.email} not like '%.%@%'`);
    expect(roles).toEqual(
      expect.arrayContaining([
        { email: 'advisee@myprosper.test', role: 'ADVISEE', phone: '254712345678', status: 'ACTIVE' },
        expect.objectContaining({ email: 'mentor@myprosper.test', role: 'ADVISOR', status: 'ACTIVE' }),
        expect.objectContaining({ email: 'admin@myprosper.test', role: 'ADMIN' }),
      ]),
    );
  });

  it('offers at least 12 live programs, each with an image, a video, a tag line and 4 to 6 tips', async () => {
    const data = (await get('/getLiveTopics')).json().data;
    expect(data.length).toBeGreaterThanOrEqual(12);
    for (const topic of data) {
      expect(topic.imgUrl).toMatch(/^\/images\/topics\/[a-z-]+\.webp$/);
      expect(topic.videoURL).toMatch(/^\/media\/intro-\d\.webm$/);
      expect(topic.tagLine.length).toBeGreaterThan(10);
      const details = (await get(`/getTopicDetails/${topic.id}`)).json().data;
      expect(details.topicTips.length).toBeGreaterThanOrEqual(4);
      expect(details.topicTips.length).toBeLessThanOrEqual(6);
    }
  });

  it('offers at least 24 complete mentors across 6 industries and 4 languages', async () => {
    const cards = (await get('/getTopicAdvisors/0/ALL')).json().data;
    expect(cards.length).toBeGreaterThanOrEqual(25);
    const industriesSeen = new Set<string>();
    const languagesSeen = new Set<string>();
    for (const card of cards) {
      const res = await get(`/getAdvisorDetails/${card.id}`);
      expect(res.statusCode).toBe(200);
      const mentor = res.json().data;
      expect(mentor.profilePicUrl).toMatch(/^\/images\/mentors\/m\d{2}\.webp$/);
      expect(mentor.favouriteQuote.length).toBeGreaterThan(5);
      expect(mentor.biography.length).toBeGreaterThan(50);
      expect(mentor.biography.length).toBeLessThanOrEqual(400);
      expect(mentor.occupation).toBeTruthy();
      expect(mentor.linkedInUrl).toMatch(/^https:\/\/www\.linkedin\.com\/in\//);
      expect(mentor.country).toBe('Kenya');
      expect(mentor.videoURL).toMatch(/^\/media\//);
      expect(mentor.topics.length).toBeGreaterThanOrEqual(1);
      expect(mentor.topics.length).toBeLessThanOrEqual(5);
      expect(mentor.languages.length).toBeGreaterThanOrEqual(1);
      expect(mentor.languages.length).toBeLessThanOrEqual(3);
      expect(mentor.sessionAvailabilities.length).toBeGreaterThan(0);
      for (const day of mentor.sessionAvailabilities) {
        for (const slot of day.sessionTimeSlots) {
          expect(slotStartHours).toContain(Number(slot.startTime.slice(0, 2)));
        }
      }
      industriesSeen.add(mentor.industry.name);
      for (const language of mentor.languages) languagesSeen.add(language);
    }
    expect(industriesSeen.size).toBeGreaterThanOrEqual(6);
    expect(languagesSeen.size).toBeGreaterThanOrEqual(4);
    expect((await get('/getTopAdvisors/0/ALL')).json().data).toHaveLength(8);
  });

  it('gives the demo mentor every weekday from 09:00 to 17:00 without the lunch hour', async () => {
    const [mentor] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'mentor@myprosper.test'));
    const data = (await get(`/getAdvisorDetails/${mentor!.id}`)).json().data;
    expect(data.sessionAvailabilities.map((day: { dayName: string }) => day.dayName)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
    ]);
    for (const day of data.sessionAvailabilities) {
      expect(day.sessionTimeSlots.map((slot: { startTime: string }) => slot.startTime)).toEqual([
        '09:00:00',
        '10:00:00',
        '11:00:00',
        '13:00:00',
        '14:00:00',
        '15:00:00',
        '16:00:00',
      ]);
    }
    expect(data.topics.length).toBeGreaterThanOrEqual(1);
  });

  it('seeds reference lists, FAQs, testimonials and prices', async () => {
    expect((await get('/getIndustries')).json().data.length).toBeGreaterThanOrEqual(8);
    const languageNames = (await get('/getLanguages')).json().data.map((l: { name: string }) => l.name);
    expect(languageNames).toEqual(
      expect.arrayContaining(['English', 'Kiswahili', 'Kikuyu', 'Luo', 'Kalenjin', 'French']),
    );
    const sources = (await get('/getLeadSources')).json().data.map((l: { name: string }) => l.name);
    expect(sources).toEqual([
      'Facebook',
      'Instagram',
      'LinkedIn',
      'Twitter/X',
      'Google',
      'A friend',
      'Event',
      'Other',
    ]);
    expect((await get('/getFAQsByUserType/ADVISEE')).json().data.length).toBeGreaterThanOrEqual(6);
    expect((await get('/getFAQsByUserType/ADVISOR')).json().data.length).toBeGreaterThanOrEqual(4);
    expect((await get('/getActiveTestimonials')).json().data.length).toBeGreaterThanOrEqual(6);
    expect((await get('/getPricingSettingByPriceType/INDIVIDUAL')).json().data).toMatchObject({
      base_session_price: 2500,
      vat_tax: 16,
      amount: 2900,
    });
    expect((await get('/getPricingSettingByPriceType/GROUP')).json().data).toMatchObject({
      base_session_price: 6000,
      vat_tax: 16,
      amount: 6960,
    });
  });

  it('makes seeded programs findable with a typo', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/myprosper/api/searchTopics?query=carer' });
    const names = res.json().data.hits.map((hit: { name: string }) => hit.name);
    expect(names).toContain('Career Growth');
  });
});

describe('demo seed on a database with real users', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('refuses to touch it, then with force adds only what is missing', async () => {
    const db = database.database.db;
    const real = await createAdvisee(db, { isDemo: 0, phoneNumber: '254712345678', name: 'Real Person' });

    const refused = await seedDemoData(db);
    expect(refused.seeded).toBe(false);
    expect(refused.reason).toMatch(/real users/);
    const untouched = await countRows(db);
    expect(untouched.topics).toBe(0);
    expect(untouched.users).toBe(1);

    const forced = await seedDemoData(db, { force: true });
    expect(forced.seeded).toBe(true);
    // The real user keeps their phone number; the demo advisee is added without it.
    const [advisee] = await db.select().from(users).where(eq(users.email, 'advisee@myprosper.test'));
    expect(advisee?.phoneNumber).toBeNull();
    const [stillReal] = await db.select().from(users).where(eq(users.id, real.id));
    expect(stillReal).toMatchObject({ name: 'Real Person', isDemo: 0, phoneNumber: '254712345678' });

    // Remove one demo mentor: force puts back that mentor and nothing else.
    const before = await countRows(db);
    await db.delete(users).where(eq(users.email, 'kevin.maina@myprosper.test'));
    const again = await seedDemoData(db, { force: true });
    expect(again.seeded).toBe(true);
    expect(again.added).toMatchObject({ users: 1, topics: 0, faqs: 0, testimonials: 0, industries: 0 });
    expect(await countRows(db)).toEqual(before);
  });
});
