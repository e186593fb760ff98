import { catalogueMessages } from '@myprosper/contract/catalogue';
import { todayIn, upcomingDatesOfWeekday } from '@myprosper/contract/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import {
  createAdvisee,
  createAdvisor,
  createIndustry,
  createLanguage,
  createTopic,
} from '../../db/seed/factories.ts';

interface Card {
  id: number;
  name: string;
}

describe('mentors: lists, filters and profiles', () => {
  let ctx: TestContext;
  const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/myprosper/api${url}` });
  const idsOf = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Card[]).map((card) => card.id).sort((a, b) => a - b);
  };
  const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  describe('filters', () => {
    // Each filter test works inside one program of its own, so other tests' mentors never show up.
    let topicId: number;
    let ids: { a: number; b: number; c: number; late: number };
    let industry: { one: number; two: number };
    let language: { one: number; two: number };

    beforeAll(async () => {
      const db = ctx.database.db;
      topicId = (await createTopic(db)).id;
      industry = { one: (await createIndustry(db)).id, two: (await createIndustry(db)).id };
      language = { one: (await createLanguage(db)).id, two: (await createLanguage(db)).id };
      const a = await createAdvisor(db, {
        industryId: industry.one,
        topicIds: [topicId],
        languageIds: [language.one],
        availability: { Monday: [9, 11] },
      });
      const b = await createAdvisor(db, {
        industryId: industry.two,
        topicIds: [topicId],
        languageIds: [language.two],
        availability: { Wednesday: [14] },
      });
      const c = await createAdvisor(db, {
        industryId: industry.one,
        topicIds: [topicId],
        languageIds: [language.one, language.two],
        availability: { Monday: [19], Friday: [6] },
      });
      // Only a 21:00 slot: inside no time band (the last band ends at 21:00).
      const late = await createAdvisor(db, { topicIds: [topicId], availability: { Sunday: [21] } });
      ids = { a: a.id, b: b.id, c: c.id, late: late.id };
    });

    const list = (query: string) => idsOf(`/getTopicAdvisors/0/ALL?topicId=${topicId}${query}`);

    it('narrows to the mentors of a program', async () => {
      expect(await list('')).toEqual(sorted(ids.a, ids.b, ids.c, ids.late));
      const otherTopic = await createTopic(ctx.database.db);
      expect(await idsOf(`/getTopicAdvisors/0/ALL?topicId=${otherTopic.id}`)).toEqual([]);
    });

    it('narrows by days, any of the chosen days', async () => {
      expect(await list('&days=Monday')).toEqual(sorted(ids.a, ids.c));
      expect(await list('&days=Monday,Wednesday')).toEqual(sorted(ids.a, ids.b, ids.c));
      expect(await list('&days=Tuesday')).toEqual([]);
    });

    it('narrows by time bands, a slot starting inside any chosen band', async () => {
      expect(await list('&timeBands=09:00-12:00')).toEqual([ids.a]);
      expect(await list('&timeBands=14:00-16:00,19:00-21:00')).toEqual(sorted(ids.b, ids.c));
      expect(await list('&timeBands=12:00-14:00')).toEqual([]);
    });

    it('matches days and time bands on the same slot', async () => {
      // c has Monday 19:00 and Friday 06:00: no Friday evening.
      expect(await list('&days=Monday&timeBands=19:00-21:00')).toEqual([ids.c]);
      expect(await list('&days=Friday&timeBands=19:00-21:00')).toEqual([]);
      expect(await list('&days=Monday&timeBands=14:00-16:00')).toEqual([]);
      expect(await list('&days=Wednesday&timeBands=14:00-16:00')).toEqual([ids.b]);
    });

    it('narrows by industries and by languages', async () => {
      expect(await list(`&industries=${industry.one}`)).toEqual(sorted(ids.a, ids.c));
      expect(await list(`&industries=${industry.one},${industry.two}`)).toEqual(sorted(ids.a, ids.b, ids.c));
      expect(await list(`&languages=${language.two}`)).toEqual(sorted(ids.b, ids.c));
      expect(await list(`&languages=${language.one},${language.two}`)).toEqual(sorted(ids.a, ids.b, ids.c));
    });

    it('combines every filter with AND', async () => {
      const all = `&industries=${industry.one}&languages=${language.two}&days=Monday&timeBands=19:00-21:00`;
      expect(await list(all)).toEqual([ids.c]);
      expect(await list(`&industries=${industry.two}&languages=${language.one}`)).toEqual([]);
    });

    it('leaves the caller out of the list', async () => {
      expect(await idsOf(`/getTopicAdvisors/${ids.a}/ALL?topicId=${topicId}`)).toEqual(
        sorted(ids.b, ids.c, ids.late),
      );
    });

    it('refuses unknown filter values with 422', async () => {
      for (const query of [
        'days=Funday',
        'timeBands=08:00-09:00',
        'industries=abc',
        'languages=1,-2',
        'topicId=zero',
      ]) {
        const res = await get(`/getTopicAdvisors/0/ALL?${query}`);
        expect(res.statusCode, query).toBe(422);
        expect(res.json().statusCode).toBe(422);
      }
      expect((await get('/getTopicAdvisors/abc/ALL')).statusCode).toBe(422);
    });
  });

  describe('pages of mentors', () => {
    // Seven mentors of one program: two share a ranking and a name, so the order's last key (id) decides.
    let topicId: number;
    let inOrder: number[];

    beforeAll(async () => {
      const db = ctx.database.db;
      topicId = (await createTopic(db)).id;
      const made = [
        await createAdvisor(db, { topicIds: [topicId], name: 'Paged Amina', profile: { ranking: 5 } }),
        await createAdvisor(db, { topicIds: [topicId], name: 'Paged Baraka', profile: { ranking: 9 } }),
        await createAdvisor(db, { topicIds: [topicId], name: 'Paged Chebet', profile: { ranking: 5 } }),
        await createAdvisor(db, { topicIds: [topicId], name: 'Paged Chebet', profile: { ranking: 5 } }),
        await createAdvisor(db, { topicIds: [topicId], name: 'Paged Daudi', profile: { ranking: 1 } }),
        await createAdvisor(db, { topicIds: [topicId], name: 'Paged Esther', profile: { ranking: 9 } }),
        await createAdvisor(db, { topicIds: [topicId], name: 'Paged Faith', profile: { ranking: 0 } }),
      ];
      const [amina, baraka, chebet1, chebet2, daudi, esther, faith] = made.map((advisor) => advisor.id) as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      inOrder = [baraka, esther, amina, chebet1, chebet2, daudi, faith];
    });

    const page = async (query: string) => {
      const res = await get(`/getTopicAdvisors/0/PAGE?topicId=${topicId}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { advisors: Card[]; total: number; next: string | null };
    };

    it('walks the whole list a page at a time, in the order of the unpaged call, each mentor once', async () => {
      const seen: number[] = [];
      let next: string | null = null;
      let pages = 0;
      do {
        const answer = await page(`&limit=3${next ? `&after=${next}` : ''}`);
        expect(answer.total).toBe(7);
        seen.push(...answer.advisors.map((card) => card.id));
        next = answer.next;
        pages += 1;
      } while (next !== null);
      expect(pages).toBe(3);
      expect(seen).toEqual(inOrder);
      const unpaged = await get(`/getTopicAdvisors/0/ALL?topicId=${topicId}`);
      expect((unpaged.json().data as Card[]).map((card) => card.id)).toEqual(inOrder);
    });

    it('gives the last page without a next, and a page of the default size when no limit is asked', async () => {
      const all = await page('&limit=7');
      expect(all.advisors).toHaveLength(7);
      expect(all.next).toBeNull();
      const first = await page('');
      expect(first.advisors.map((card) => card.id)).toEqual(inOrder);
    });

    it('narrows pages by the same filters and counts only what matches', async () => {
      const none = await page('&days=Tuesday');
      expect(none).toEqual({ advisors: [], total: 0, next: null });
    });

    it('refuses a made-up page address or size with 422 and a clear message', async () => {
      const forged = Buffer.from(JSON.stringify(['x', 1])).toString('base64url');
      for (const query of [`&after=${forged}`, '&after=not!base64', '&after=e30', '&limit=0', '&limit=49']) {
        const res = await get(`/getTopicAdvisors/0/PAGE?topicId=${topicId}${query}`);
        expect(res.statusCode, query).toBe(422);
      }
      const res = await get(`/getTopicAdvisors/0/PAGE?topicId=${topicId}&after=${forged}`);
      expect(res.json().message).toBe(catalogueMessages.advisorPageInvalid);
    });
  });

  it('lists only approved, active mentors', async () => {
    const db = ctx.database.db;
    const topic = await createTopic(db);
    const active = await createAdvisor(db, { topicIds: [topic.id] });
    await createAdvisor(db, { topicIds: [topic.id], status: 'PENDING_REVIEW' });
    await createAdvisor(db, { topicIds: [topic.id], status: 'SUSPENDED' });
    await createAdvisee(db);
    const all = await idsOf('/getTopicAdvisors/0/ALL');
    expect(await idsOf(`/getTopicAdvisors/0/ALL?topicId=${topic.id}`)).toEqual([active.id]);
    expect(all).toContain(active.id);
  });

  it('shows on a card the industry, live programs in order, languages and rating', async () => {
    const db = ctx.database.db;
    const industry = await createIndustry(db, { name: 'Banking & Finance test' });
    const english = await createLanguage(db, { name: 'English test' });
    const luo = await createLanguage(db, { name: 'Luo test' });
    const first = await createTopic(db, { name: 'Personal Finance test' });
    const second = await createTopic(db, { name: 'Entrepreneurship test' });
    const hidden = await createTopic(db, { isLive: false });
    const mentor = await createAdvisor(db, {
      name: 'Wanjiku Kamau',
      occupation: 'Finance Coach',
      profilePicUrl: '/images/mentors/m01.svg',
      industryId: industry.id,
      topicIds: [first.id, hidden.id, second.id],
      languageIds: [english.id, luo.id],
    });
    const cards = (await get(`/getTopicAdvisors/0/ALL?topicId=${first.id}`)).json().data;
    expect(cards).toEqual([
      {
        id: mentor.id,
        name: 'Wanjiku Kamau',
        profilePicUrl: '/images/mentors/m01.svg',
        occupation: 'Finance Coach',
        industry: { id: industry.id, name: 'Banking & Finance test' },
        topics: [
          { id: first.id, name: first.name, tagLine: first.tagLine },
          { id: second.id, name: second.name, tagLine: second.tagLine },
        ],
        languages: ['English test', 'Luo test'],
        rating: { average: 0, count: 0 },
      },
    ]);
  });

  it('lists the eight best ranked mentors as top mentors, without the caller', async () => {
    const db = ctx.database.db;
    const best = [];
    for (let rank = 0; rank < 9; rank += 1) {
      best.push(await createAdvisor(db, { profile: { ranking: 10_000 + rank } }));
    }
    const byRank = best.reverse().map((mentor) => mentor.id);
    const res = await get('/getTopAdvisors/0/ALL');
    expect(res.json().data.map((card: Card) => card.id)).toEqual(byRank.slice(0, 8));

    const asBest = await get(`/getTopAdvisors/${byRank[0]}/ALL`);
    expect(asBest.json().data.map((card: Card) => card.id)).toEqual(byRank.slice(1, 9));
  });

  it('shows a mentor profile with weekly hours grouped by day, Monday first, and the coming dates', async () => {
    const db = ctx.database.db;
    const industry = await createIndustry(db);
    const topic = await createTopic(db);
    const mentor = await createAdvisor(db, {
      name: 'Otieno Odhiambo',
      industryId: industry.id,
      occupation: 'Software Engineer',
      linkedInUrl: 'https://www.linkedin.com/in/otieno-test',
      profilePicUrl: '/images/mentors/m02.svg',
      topicIds: [topic.id],
      profile: {
        favouriteQuote: 'Ship small.',
        biography: 'Builds payment systems.',
        videoUrl: '/media/intro-2.webm',
      },
      availability: { Sunday: [14], Monday: [13, 9], Thursday: [21] },
    });
    const res = await get(`/getAdvisorDetails/${mentor.id}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id: mentor.id,
      name: 'Otieno Odhiambo',
      occupation: 'Software Engineer',
      industry: { id: industry.id, name: industry.name },
      favouriteQuote: 'Ship small.',
      biography: 'Builds payment systems.',
      videoURL: '/media/intro-2.webm',
      linkedInUrl: 'https://www.linkedin.com/in/otieno-test',
      country: 'Kenya',
      profilePicUrl: '/images/mentors/m02.svg',
      advisorDetails: { profilePicUrl: '/images/mentors/m02.svg' },
      topics: [{ id: topic.id, name: topic.name, tagLine: topic.tagLine }],
    });
    const today = todayIn('Africa/Nairobi');
    expect(data.sessionAvailabilities).toEqual([
      {
        dayName: 'Monday',
        sessionTimeSlots: [
          { startTime: '09:00:00', endTime: '10:00:00' },
          { startTime: '13:00:00', endTime: '14:00:00' },
        ],
        sessionDates: upcomingDatesOfWeekday(1, today, 4),
      },
      {
        dayName: 'Thursday',
        sessionTimeSlots: [{ startTime: '21:00:00', endTime: '22:00:00' }],
        sessionDates: upcomingDatesOfWeekday(4, today, 4),
      },
      {
        dayName: 'Sunday',
        sessionTimeSlots: [{ startTime: '14:00:00', endTime: '15:00:00' }],
        sessionDates: upcomingDatesOfWeekday(7, today, 4),
      },
    ]);
    for (const day of data.sessionAvailabilities) {
      expect(day.sessionDates).toHaveLength(4);
      expect(day.sessionDates[0] >= today).toBe(true);
    }
  });

  it('shows a mentor without hours with no availabilities', async () => {
    const mentor = await createAdvisor(ctx.database.db, { linkedInUrl: null });
    const data = (await get(`/getAdvisorDetails/${mentor.id}`)).json().data;
    expect(data.sessionAvailabilities).toEqual([]);
    expect(data.linkedInUrl).toBeNull();
    expect(data.industry).toBeNull();
  });

  it('answers 404 for an unknown id, an advisee, and a mentor not active', async () => {
    const db = ctx.database.db;
    const advisee = await createAdvisee(db);
    const pending = await createAdvisor(db, { status: 'PENDING_REVIEW' });
    const suspended = await createAdvisor(db, { status: 'SUSPENDED' });
    for (const id of [2_000_000_000, advisee.id, pending.id, suspended.id]) {
      const res = await get(`/getAdvisorDetails/${id}`);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, message: catalogueMessages.advisorNotFound });
    }
    expect((await get('/getAdvisorDetails/mentor')).statusCode).toBe(422);
  });

  it('answers profiles asked for at the same moment (read together) each with its own mentor, and 404 for the unknown ones among them', async () => {
    const db = ctx.database.db;
    const mentors = [];
    for (const name of ['Wanjiru Kamau', 'Kipchoge Rono', 'Achieng Oduya']) {
      mentors.push(await createAdvisor(db, { name, availability: { Tuesday: [10] } }));
    }
    const pending = await createAdvisor(db, { status: 'PENDING_REVIEW' });
    const asked = [mentors[0]!.id, 2_000_000_001, mentors[1]!.id, pending.id, mentors[2]!.id, mentors[0]!.id];
    const answers = await Promise.all(asked.map((id) => get(`/getAdvisorDetails/${id}`)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 200, 404, 200, 200]);
    expect(answers.map((res) => res.json().data?.name ?? res.json().message)).toEqual([
      'Wanjiru Kamau',
      catalogueMessages.advisorNotFound,
      'Kipchoge Rono',
      catalogueMessages.advisorNotFound,
      'Achieng Oduya',
      'Wanjiru Kamau',
    ]);
    for (const res of [answers[0]!, answers[2]!, answers[4]!]) {
      expect(res.json().data.sessionAvailabilities.map((day: { dayName: string }) => day.dayName)).toEqual([
        'Tuesday',
      ]);
    }
  });
});
