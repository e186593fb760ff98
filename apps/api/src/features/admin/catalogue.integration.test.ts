import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  AdminFaq,
  AdminPricing,
  AdminProgram,
  AdminTestimonial,
} from '@myprosper/contract/admin-catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { pricingSettings } from '../../db/schema/catalogue.ts';
import { sessions } from '../../db/schema/sessions.ts';
import {
  createAdmin,
  createAdvisee,
  createAdvisor,
  createBookedSession,
  type UserRow,
} from '../../db/seed/factories.ts';
import {
  api,
  bearer,
  book,
  bookingPayload,
  everyDay,
  freeSlot,
  setTestPrices,
} from '../booking/booking.test-helpers.ts';
import { multipartBody, pngBytes } from '../profiles/profiles.test-helpers.ts';
import { adminApi, adminCall, auditRowsOf, callAs } from './admin.test-helpers.ts';

describe('admin: programs, prices, FAQs and testimonials', () => {
  let ctx: TestContext;
  let uploadsDir: string;
  let admin: UserRow;
  beforeAll(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), 'myprosper-admin-catalogue-'));
    ctx = await createTestApp({ UPLOADS_DIR: uploadsDir });
    admin = await createAdmin(ctx.database.db);
    await setTestPrices(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  const publicGet = (path: string) => ctx.app.inject({ method: 'GET', url: `${api}${path}` });
  const liveNames = async () =>
    ((await publicGet('/getLiveTopics')).json().data as Array<{ name: string }>).map((t) => t.name);
  const newProgram = (name: string, overrides: Record<string, unknown> = {}) =>
    adminCall<AdminProgram>(ctx, admin, 'POST', 'programs', {
      name,
      tagLine: `All about ${name}`,
      videoURL: '/media/intro-2.webm',
      tips: ['  Know your numbers ', '', 'Ask for help'],
      ...overrides,
    });

  it('creates a program unpublished, publishes it with its tips, and audits each change', async () => {
    const created = await newProgram('Saving for a Home');
    expect(created).toMatchObject({
      name: 'Saving for a Home',
      isLive: false,
      tips: ['Know your numbers', 'Ask for help'],
      imgUrl: '/images/topics/career-growth.svg',
      sessionCount: 0,
    });
    expect(await liveNames()).not.toContain('Saving for a Home');
    expect((await publicGet(`/getTopicDetails/${created.id}`)).statusCode).toBe(404);

    const published = await adminCall<AdminProgram>(ctx, admin, 'PUT', `programs/${created.id}/live`, {
      isLive: true,
    });
    expect(published.isLive).toBe(true);
    expect(await liveNames()).toContain('Saving for a Home');
    const details = (await publicGet(`/getTopicDetails/${created.id}`)).json().data;
    expect(details).toMatchObject({
      name: 'Saving for a Home',
      tagLine: 'All about Saving for a Home',
      videoURL: '/media/intro-2.webm',
      topicTips: [{ name: 'Know your numbers' }, { name: 'Ask for help' }],
    });

    expect(await auditRowsOf(ctx, 'topic', created.id)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'CREATE_PROGRAM',
        before: null,
        after: expect.objectContaining({ name: 'Saving for a Home', isLive: false }),
      }),
      expect.objectContaining({
        action: 'PUBLISH_PROGRAM',
        before: { isLive: false },
        after: { isLive: true },
      }),
    ]);
  });

  it('edits a program and its tips, and refuses a bad video path or a taken name', async () => {
    const program = await newProgram('Negotiating Pay', { isLive: true });
    const edited = await adminCall<AdminProgram>(ctx, admin, 'PUT', `programs/${program.id}`, {
      name: 'Negotiating Your Pay',
      tagLine: 'Ask with confidence',
      videoURL: '/media/intro-3.webm',
      tips: ['Research the market'],
      isLive: true,
    });
    expect(edited).toMatchObject({ name: 'Negotiating Your Pay', tips: ['Research the market'] });
    const [audit] = (await auditRowsOf(ctx, 'topic', program.id)).filter(
      (r) => r.action === 'UPDATE_PROGRAM',
    );
    expect(audit?.before).toMatchObject({
      name: 'Negotiating Pay',
      tips: ['Know your numbers', 'Ask for help'],
    });
    expect(audit?.after).toMatchObject({ name: 'Negotiating Your Pay', tips: ['Research the market'] });

    const badVideo = await callAs(ctx.app, admin, 'PUT', `programs/${program.id}`, {
      name: 'Negotiating Your Pay',
      tagLine: 'x',
      videoURL: 'https://example.com/v.mp4',
    });
    expect(badVideo.statusCode).toBe(422);
    expect(badVideo.json().message).toBe(
      'videoURL: Please give the path of a video served by MyProsper, e.g. /media/intro-1.webm',
    );
    const taken = await callAs(ctx.app, admin, 'POST', 'programs', {
      name: 'negotiating your pay',
      tagLine: 'x',
      videoURL: '/media/intro-1.webm',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A program with this name already exists');
  });

  it('orders programs, and the public list follows the order', async () => {
    const all = await adminCall<AdminProgram[]>(ctx, admin, 'GET', 'programs');
    const reversed = all.map((p) => p.id).reverse();
    const ordered = await adminCall<AdminProgram[]>(ctx, admin, 'PUT', 'programs/order', { ids: reversed });
    expect(ordered.map((p) => p.id)).toEqual(reversed);
    const live = ordered.filter((p) => p.isLive).map((p) => p.name);
    expect(await liveNames()).toEqual(live);
    const partial = await callAs(ctx.app, admin, 'PUT', `${adminApi}/programs/order`, {
      ids: reversed.slice(1),
    });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().message).toBe('The order must list every item exactly once');
  });

  it('stores an uploaded image as WebP for the program', async () => {
    const program = await newProgram('Photography Careers');
    const body = await multipartBody(
      {},
      { file: { bytes: await pngBytes(), name: 'cover.png', type: 'image/png' } },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${adminApi}/programs/${program.id}/image`,
      headers: { ...body.headers, ...(await bearer(ctx.app, admin)) },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const imgUrl = res.json().data.imgUrl as string;
    expect(imgUrl).toMatch(/^\/uploads\/images\/.+\.webp$/);
    const image = await ctx.app.inject({ method: 'GET', url: imgUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await auditRowsOf(ctx, 'topic', program.id)).at(-1)).toMatchObject({
      action: 'SET_PROGRAM_IMAGE',
      after: { imgUrl },
    });
  });

  it('refuses to delete a program with booked sessions (only unpublishing), and deletes one without', async () => {
    const booked = await newProgram('Public Speaking Basics', { isLive: true });
    const mentor = await createAdvisor(ctx.database.db, { topicIds: [booked.id] });
    const mentee = await createAdvisee(ctx.database.db);
    await createBookedSession(ctx.database.db, {
      advisorId: mentor.id,
      adviseeId: mentee.id,
      topicId: booked.id,
      startsAt: new Date(Date.now() - 7 * 86_400_000),
    });
    const refused = await callAs(ctx.app, admin, 'DELETE', `programs/${booked.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This program has booked sessions, so it cannot be deleted. Unpublish it instead.',
    );
    expect(
      (await adminCall<AdminProgram[]>(ctx, admin, 'GET', 'programs')).some((p) => p.id === booked.id),
    ).toBe(true);
    await adminCall(ctx, admin, 'PUT', `programs/${booked.id}/live`, { isLive: false });
    expect(await liveNames()).not.toContain('Public Speaking Basics');

    const unused = await newProgram('Unused Program');
    const deleted = await callAs(ctx.app, admin, 'DELETE', `programs/${unused.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Program deleted');
    expect(
      (await adminCall<AdminProgram[]>(ctx, admin, 'GET', 'programs')).some((p) => p.id === unused.id),
    ).toBe(false);
    expect((await auditRowsOf(ctx, 'topic', unused.id)).at(-1)).toMatchObject({
      action: 'DELETE_PROGRAM',
      after: null,
      before: expect.objectContaining({ name: 'Unused Program' }),
    });
  });

  it('changes a price for new bookings only: existing sessions keep their amount; the change is audited', async () => {
    const program = await newProgram('Pricing Check', { isLive: true });
    const mentor = await createAdvisor(ctx.database.db, { topicIds: [program.id], availability: everyDay });
    const first = await createAdvisee(ctx.database.db);
    const before = await book(
      ctx,
      first,
      bookingPayload(mentor.id, program.id, await freeSlot(ctx.app, mentor.id, 0)),
    );
    expect(before.statusCode, before.body).toBe(200);
    const firstId = before.json().data.id as number;
    expect(before.json().data.amount).toBe(2900);

    const saved = await callAs(ctx.app, admin, 'PUT', 'pricing/INDIVIDUAL', {
      baseSessionPrice: 3000,
      vatTax: 16,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Price saved; it applies to new bookings only',
      data: { priceType: 'INDIVIDUAL', baseSessionPrice: 3000, vatTax: 16, amount: 3480 },
    });
    expect((await publicGet('/getPricingSettingByPriceType/INDIVIDUAL')).json().data).toMatchObject({
      base_session_price: 3000,
      vat_tax: 16,
      amount: 3480,
    });

    const [kept] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, firstId));
    expect(kept?.amount).toBe(2900);
    const second = await createAdvisee(ctx.database.db);
    const after = await book(
      ctx,
      second,
      bookingPayload(mentor.id, program.id, await freeSlot(ctx.app, mentor.id, 1)),
    );
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data.amount).toBe(3480);

    const pricing = await adminCall<AdminPricing[]>(ctx, admin, 'GET', 'pricing');
    expect(pricing.map((p) => [p.priceType, p.amount])).toEqual([
      ['INDIVIDUAL', 3480],
      ['GROUP', 5800],
    ]);
    const [individual] = await ctx.database.db
      .select({ id: pricingSettings.id })
      .from(pricingSettings)
      .where(eq(pricingSettings.priceType, 'INDIVIDUAL'));
    expect((await auditRowsOf(ctx, 'pricing', individual!.id)).at(-1)).toMatchObject({
      action: 'UPDATE_PRICING',
      actorId: admin.id,
      before: { priceType: 'INDIVIDUAL', baseSessionPrice: 2500, vatTax: 16, amount: 2900 },
      after: { priceType: 'INDIVIDUAL', baseSessionPrice: 3000, vatTax: 16, amount: 3480 },
    });

    const bad = await callAs(ctx.app, admin, 'PUT', 'pricing/GROUP', { baseSessionPrice: -1, vatTax: 101 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('baseSessionPrice: Please enter a whole number of shillings, 0 or more');
  });

  it('manages FAQs by user type: create, edit, hide and order, as the public lists show', async () => {
    const faqsOf = async (type: string) =>
      ((await publicGet(`/getFAQsByUserType/${type}`)).json().data as Array<{ question: string }>).map(
        (f) => f.question,
      );
    const first = await adminCall<AdminFaq>(ctx, admin, 'POST', 'faqs', {
      userType: 'ADVISOR',
      question: 'How am I paid?',
      answer: 'Monthly, by your payout method.',
    });
    const second = await adminCall<AdminFaq>(ctx, admin, 'POST', 'faqs', {
      userType: 'ADVISOR',
      question: 'Can I take leave?',
      answer: 'Block the dates in your calendar.',
    });
    expect(await faqsOf('ADVISOR')).toEqual(['How am I paid?', 'Can I take leave?']);
    expect(await faqsOf('ADVISEE')).not.toContain('How am I paid?');

    await adminCall(ctx, admin, 'PUT', 'faqs/order', { userType: 'ADVISOR', ids: [second.id, first.id] });
    expect(await faqsOf('ADVISOR')).toEqual(['Can I take leave?', 'How am I paid?']);

    await adminCall(ctx, admin, 'PUT', `faqs/${first.id}`, {
      userType: 'ADVISOR',
      question: 'How am I paid?',
      answer: 'Monthly.',
      isActive: false,
    });
    expect(await faqsOf('ADVISOR')).toEqual(['Can I take leave?']);
    expect((await auditRowsOf(ctx, 'faq', first.id)).map((r) => r.action)).toEqual([
      'CREATE_FAQ',
      'UPDATE_FAQ',
    ]);
    const empty = await callAs(ctx.app, admin, 'POST', 'faqs', {
      userType: 'ADVISEE',
      question: ' ',
      answer: 'x',
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('question: Please enter the question');
  });

  it('manages testimonials: create, edit, hide and order', async () => {
    const names = async () =>
      ((await publicGet('/getActiveTestimonials')).json().data as Array<{ name: string }>).map((t) => t.name);
    const amina = await adminCall<AdminTestimonial>(ctx, admin, 'POST', 'testimonials', {
      testimonial: '/media/intro-1.webm',
      name: 'Amina Odhiambo',
      position: 'Student, Nairobi',
    });
    const brian = await adminCall<AdminTestimonial>(ctx, admin, 'POST', 'testimonials', {
      testimonial: '/media/intro-2.webm',
      name: 'Brian Kiprop',
      position: 'Engineer',
    });
    expect(await names()).toEqual(['Amina Odhiambo', 'Brian Kiprop']);
    await adminCall(ctx, admin, 'PUT', 'testimonials/order', { ids: [brian.id, amina.id] });
    expect(await names()).toEqual(['Brian Kiprop', 'Amina Odhiambo']);
    await adminCall(ctx, admin, 'PUT', `testimonials/${brian.id}`, {
      testimonial: '/media/intro-2.webm',
      name: 'Brian Kiprop',
      position: 'Engineer',
      isActive: false,
    });
    expect(await names()).toEqual(['Amina Odhiambo']);
    expect((await auditRowsOf(ctx, 'testimonial', brian.id)).at(-1)).toMatchObject({
      action: 'UPDATE_TESTIMONIAL',
      before: expect.objectContaining({ isActive: true }),
      after: expect.objectContaining({ isActive: false }),
    });
  });
});
