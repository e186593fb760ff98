import { catalogueMessages } from '@myprosper/contract/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import {
  createAdmin,
  createFaq,
  createIndustry,
  createLanguage,
  createLeadSource,
  createTestimonial,
  createTopic,
  setPricing,
} from '../../db/seed/factories.ts';
import { adminCall } from '../admin/admin.test-helpers.ts';
import { catalogueVersionMaxAgeMs } from './response-cache.ts';

describe('catalogue: programs, FAQs, testimonials, prices and lists', () => {
  let ctx: TestContext;
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/myprosper/api${url}`, headers });

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lists live programs in their order, leaving out programs that are not live', async () => {
    const db = ctx.database.db;
    const second = await createTopic(db, { position: 2 });
    const first = await createTopic(db, { position: 1 });
    const hidden = await createTopic(db, { position: 0, isLive: false });

    const res = await get('/getLiveTopics');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 200, message: 'Success' });
    const ids = body.data.map((topic: { id: number }) => topic.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(body.data.find((topic: { id: number }) => topic.id === first.id)).toEqual({
      id: first.id,
      name: first.name,
      imgUrl: first.imgUrl,
      tagLine: first.tagLine,
      videoURL: first.videoUrl,
    });
  });

  it('shows a program with its tips in order', async () => {
    const topic = await createTopic(ctx.database.db, { tips: ['Start early', 'Ask for help', 'Keep going'] });
    const res = await get(`/getTopicDetails/${topic.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: topic.id,
      name: topic.name,
      imgUrl: topic.imgUrl,
      tagLine: topic.tagLine,
      videoURL: topic.videoUrl,
      topicTips: [{ name: 'Start early' }, { name: 'Ask for help' }, { name: 'Keep going' }],
    });
  });

  it('answers a program without tips with an empty list', async () => {
    const topic = await createTopic(ctx.database.db, { tips: [] });
    const res = await get(`/getTopicDetails/${topic.id}`);
    expect(res.json().data.topicTips).toEqual([]);
  });

  it('answers 404 for an unknown program and for one that is not live', async () => {
    const hidden = await createTopic(ctx.database.db, { isLive: false });
    for (const id of [hidden.id, 2_000_000_000]) {
      const res = await get(`/getTopicDetails/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, message: catalogueMessages.topicNotFound });
    }
  });

  it('answers 422 for a program id that is not a number', async () => {
    for (const id of ['abc', '0', '-3', '99999999999']) {
      const res = await get(`/getTopicDetails/${id}`);
      expect(res.statusCode, id).toBe(422);
      expect(res.json().statusCode).toBe(422);
    }
  });

  it('lists the active FAQs of one user type, in order', async () => {
    const db = ctx.database.db;
    const later = await createFaq(db, { userType: 'ADVISOR', position: 2 });
    const earlier = await createFaq(db, { userType: 'ADVISOR', position: 1 });
    const inactive = await createFaq(db, { userType: 'ADVISOR', isActive: false });
    const forAdvisees = await createFaq(db, { userType: 'ADVISEE' });

    const advisor = (await get('/getFAQsByUserType/ADVISOR')).json().data;
    const ids = advisor.map((faq: { id: number }) => faq.id);
    expect(ids).toEqual([earlier.id, later.id]);
    expect(advisor[0]).toEqual({
      id: earlier.id,
      userType: 'ADVISOR',
      question: earlier.question,
      answer: earlier.answer,
    });
    expect(ids).not.toContain(inactive.id);

    const advisee = (await get('/getFAQsByUserType/ADVISEE')).json().data;
    expect(advisee.map((faq: { id: number }) => faq.id)).toContain(forAdvisees.id);
    expect(advisee.every((faq: { userType: string }) => faq.userType === 'ADVISEE')).toBe(true);
  });

  it("fills a FAQ's price words with the prices set now, and follows a new price", async () => {
    const db = ctx.database.db;
    await setPricing(db, { priceType: 'INDIVIDUAL', baseSessionPrice: 2500, vatTax: 16 });
    await setPricing(db, { priceType: 'GROUP', baseSessionPrice: 6000, vatTax: 16 });
    const priced = await createFaq(db, {
      userType: 'ADVISEE',
      question: 'Is {individualPrice} the price?',
      answer: 'One person pays {individualPrice}; a group pays {groupPrice} in all. {unknownWord} stays.',
    });
    // An instance sees writes made elsewhere (here, the factory's) once its last check of the catalogue's
    // version is older than the version window: the list above may still be cached until then.
    await new Promise((resolve) => setTimeout(resolve, catalogueVersionMaxAgeMs + 5));
    const answerOf = async () =>
      (await get('/getFAQsByUserType/ADVISEE'))
        .json()
        .data.find((faq: { id: number }) => faq.id === priced.id);
    expect(await answerOf()).toMatchObject({
      question: 'Is KES 2,900 the price?',
      answer: 'One person pays KES 2,900; a group pays KES 6,960 in all. {unknownWord} stays.',
    });

    // The admin's new price, on the pricing page: the FAQ says it on the next read.
    const admin = await createAdmin(db);
    await adminCall(ctx, admin, 'PUT', 'pricing/INDIVIDUAL', { baseSessionPrice: 3000, vatTax: 16 });
    expect((await answerOf()).answer).toBe(
      'One person pays KES 3,480; a group pays KES 6,960 in all. {unknownWord} stays.',
    );
  });

  it('answers 422 for an unknown user type', async () => {
    const res = await get('/getFAQsByUserType/ADMIN');
    expect(res.statusCode).toBe(422);
  });

  it('lists active testimonials in their order', async () => {
    const db = ctx.database.db;
    const second = await createTestimonial(db, { sortOrder: 2, name: 'Brian Kiprop', position: 'Student' });
    const first = await createTestimonial(db, { sortOrder: 1 });
    const inactive = await createTestimonial(db, { isActive: false });
    const data = (await get('/getActiveTestimonials')).json().data;
    const ids = data.map((item: { id: number }) => item.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(data.find((item: { id: number }) => item.id === second.id)).toEqual({
      id: second.id,
      testimonial: second.testimonial,
      name: 'Brian Kiprop',
      position: 'Student',
    });
  });

  it('gives each price with VAT included, rounded up', async () => {
    const db = ctx.database.db;
    await setPricing(db, { priceType: 'INDIVIDUAL', baseSessionPrice: 2500, vatTax: 16 });
    await setPricing(db, { priceType: 'GROUP', baseSessionPrice: 6001, vatTax: 16 });

    const individual = await get('/getPricingSettingByPriceType/INDIVIDUAL');
    expect(individual.statusCode).toBe(200);
    expect(individual.json().data).toMatchObject({
      priceType: 'INDIVIDUAL',
      base_session_price: 2500,
      vat_tax: 16,
      amount: 2900,
    });
    const group = (await get('/getPricingSettingByPriceType/GROUP')).json().data;
    // 6001 * 1.16 = 6961.16
    expect(group).toMatchObject({ priceType: 'GROUP', base_session_price: 6001, amount: 6962 });
  });

  it('answers 422 for an unknown price type', async () => {
    const res = await get('/getPricingSettingByPriceType/FAMILY');
    expect(res.statusCode).toBe(422);
  });

  it('lists industries by name, and languages and lead sources in the order they were added', async () => {
    const db = ctx.database.db;
    const zebra = await createIndustry(db, { name: 'Zz Industry' });
    const alpha = await createIndustry(db, { name: 'Aa Industry' });
    const languageOne = await createLanguage(db);
    const languageTwo = await createLanguage(db);
    const source = await createLeadSource(db, { name: 'A friend' });

    const industries = (await get('/getIndustries')).json().data;
    const industryIds = industries.map((item: { id: number }) => item.id);
    expect(industryIds.indexOf(alpha.id)).toBeLessThan(industryIds.indexOf(zebra.id));
    expect(industries).toContainEqual({ id: alpha.id, name: 'Aa Industry' });

    const languages = (await get('/getLanguages')).json().data;
    const languageIds = languages.map((item: { id: number }) => item.id);
    expect(languageIds.indexOf(languageOne.id)).toBeLessThan(languageIds.indexOf(languageTwo.id));

    const sources = (await get('/getLeadSources')).json();
    expect(sources).toMatchObject({ statusCode: 200, message: 'Success' });
    expect(sources.data).toContainEqual({ id: source.id, name: 'A friend' });
  });

  it('lets visitors cache what they read for a minute, but not signed-in callers', async () => {
    const anonymous = await get('/getLiveTopics');
    expect(anonymous.headers['cache-control']).toBe('public, max-age=60');
    expect(anonymous.headers.vary).toContain('Authorization');

    const signedIn = await get('/getLiveTopics', { authorization: 'Bearer some-token' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBeUndefined();
  });

  it('does not cache failures', async () => {
    const res = await get('/getTopicDetails/2000000000');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('documents the catalogue in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/myprosper/docs/json' });
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/myprosper/api/getLiveTopics',
        '/myprosper/api/getTopicDetails/{topicId}',
        '/myprosper/api/getTopicAdvisors/{userId}/ALL',
        '/myprosper/api/searchTopics',
        '/myprosper/api/topicViewed',
      ]),
    );
  });
});
