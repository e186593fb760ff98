import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import {
  createAdmin,
  createAdvisee,
  createAdvisor,
  createBookedSession,
  createTopic,
} from '../../db/seed/factories.ts';
import { bearer, signIn } from '../profiles/profiles.test-helpers.ts';

describe('self assessment', () => {
  let ctx: TestContext;
  let topicId: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    topicId = (await createTopic(ctx.database.db)).id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function advisee() {
    const row = await createAdvisee(ctx.database.db);
    return { id: row.id, token: await signIn(ctx.app, row.email) };
  }
  async function mentor() {
    const row = await createAdvisor(ctx.database.db);
    return { id: row.id, token: await signIn(ctx.app, row.email) };
  }
  const answers = (adviseeId: number, overrides: Record<string, unknown> = {}) => ({
    adviseeId,
    strugglingWith: 'Public speaking',
    strugglingWithThisArea: 'I get nervous in meetings',
    howHaveYouAddresses: 'Practised with friends',
    additionalInformation: 'I present monthly\nto the board',
    ...overrides,
  });
  const submit = (token: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/myprosper/api/selfAssessment', headers: bearer(token), payload });
  const latest = (adviseeId: number, token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/myprosper/api/selfAssessments/latest/${adviseeId}`,
      headers: token ? bearer(token) : {},
    });

  it('keeps every submission and shows the newest', async () => {
    const me = await advisee();
    const empty = await latest(me.id, me.token);
    expect(empty.json()).toEqual({ statusCode: 200, message: 'No self assessment yet', data: null });

    const res = await submit(me.token, answers(me.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ statusCode: 200, message: 'Self assessment submitted successfully' });
    await submit(me.token, answers(me.id, { strugglingWith: 'Delegation' }));
    const newest = (await latest(me.id, me.token)).json().data;
    expect(newest).toMatchObject({
      adviseeId: me.id,
      strugglingWith: 'Delegation',
      howHaveYouAddresses: 'Practised with friends',
      additionalInformation: 'I present monthly\nto the board',
    });
    expect(Date.parse(newest.submittedAt)).not.toBeNaN();
  });

  it.each([
    ['strugglingWith', ''],
    ['strugglingWithThisArea', '  '],
    ['howHaveYouAddresses', undefined],
    ['additionalInformation', ''],
  ])('asks to fill all fields when %s is empty', async (field, value) => {
    const me = await advisee();
    const res = await submit(me.token, answers(me.id, { [field]: value }));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Please fill all fields');
  });

  it('refuses answers that are too long', async () => {
    const me = await advisee();
    const res = await submit(me.token, answers(me.id, { strugglingWith: 'x'.repeat(2001) }));
    expect(res.json().message).toBe('Please keep each answer under 2000 characters');
  });

  it('is written only by the advisee themself', async () => {
    const me = await advisee();
    const other = await advisee();
    expect((await submit(other.token, answers(me.id))).statusCode).toBe(403);
    const coach = await mentor();
    expect((await submit(coach.token, answers(coach.id))).statusCode).toBe(403);
  });

  it('is read by the advisee, admins and mentors with a session with them, and nobody else', async () => {
    const me = await advisee();
    await submit(me.token, answers(me.id));
    const host = await advisee();
    const coach = await mentor();
    const groupCoach = await mentor();
    const stranger = await mentor();
    await createBookedSession(ctx.database.db, {
      advisorId: coach.id,
      adviseeId: me.id,
      topicId,
      startsAt: new Date(Date.now() + 3 * 86_400_000),
    });
    await createBookedSession(ctx.database.db, {
      advisorId: groupCoach.id,
      adviseeId: host.id,
      topicId,
      startsAt: new Date(Date.now() + 4 * 86_400_000),
      attendees: [{ adviseeId: me.id }],
    });
    const cancelled = await mentor();
    await createBookedSession(ctx.database.db, {
      advisorId: cancelled.id,
      adviseeId: me.id,
      topicId,
      startsAt: new Date(Date.now() + 5 * 86_400_000),
      status: 'CANCELLED',
    });
    const admin = await createAdmin(ctx.database.db);

    expect((await latest(me.id, coach.token)).statusCode).toBe(200);
    expect((await latest(me.id, groupCoach.token)).json().data.strugglingWith).toBe('Public speaking');
    expect((await latest(me.id, await signIn(ctx.app, admin.email))).statusCode).toBe(200);
    expect((await latest(me.id, stranger.token)).statusCode).toBe(403);
    expect((await latest(me.id, cancelled.token)).statusCode).toBe(403);
    expect((await latest(me.id, host.token)).statusCode).toBe(403);
    expect((await latest(me.id)).statusCode).toBe(401);
  });

  it('is read by a mentor while a booking with them is held unpaid, and no longer once it expired', async () => {
    const me = await advisee();
    await submit(me.token, answers(me.id, { strugglingWith: 'Time management' }));
    const holding = await mentor();
    const expired = await mentor();
    for (const [coach, status] of [
      [holding, 'PENDING_PAYMENT'],
      [expired, 'EXPIRED'],
    ] as const) {
      await createBookedSession(ctx.database.db, {
        advisorId: coach.id,
        adviseeId: me.id,
        topicId,
        startsAt: new Date(Date.now() + 6 * 86_400_000),
        status,
      });
    }
    const read = await latest(me.id, holding.token);
    expect(read.json().data).toMatchObject({ adviseeId: me.id, strugglingWith: 'Time management' });
    const refused = await latest(me.id, expired.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data).toBeUndefined();
  });

  it('tells a mentor with a session that there is no self assessment yet', async () => {
    const me = await advisee();
    const coach = await mentor();
    await createBookedSession(ctx.database.db, {
      advisorId: coach.id,
      adviseeId: me.id,
      topicId,
      startsAt: new Date(Date.now() + 7 * 86_400_000),
    });
    expect((await latest(me.id, coach.token)).json()).toEqual({
      statusCode: 200,
      message: 'No self assessment yet',
      data: null,
    });
  });
});
