import { addDaysToDate, todayIn } from '@myprosper/contract/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { payoutMethods } from '../../db/schema/profiles.ts';
import { createAdmin, createAdvisee, createAdvisor, createTopic } from '../../db/seed/factories.ts';
import { bearer, signIn } from './profiles.test-helpers.ts';

describe('the mentor’s settings: time slots, topics, blocked dates and payment preferences', () => {
  let ctx: TestContext;
  let topicIds: number[];
  beforeAll(async () => {
    ctx = await createTestApp();
    topicIds = [];
    for (let i = 0; i < 6; i++) topicIds.push((await createTopic(ctx.database.db)).id);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url: `/myprosper/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  async function mentor() {
    const row = await createAdvisor(ctx.database.db, { availability: { Monday: [9] } });
    return { id: row.id, token: await signIn(ctx.app, row.email) };
  }
  async function advisee() {
    const row = await createAdvisee(ctx.database.db);
    return { id: row.id, token: await signIn(ctx.app, row.email) };
  }
  const slot = (hour: number) => ({
    startTime: `${String(hour).padStart(2, '0')}:00`,
    endTime: `${String(hour + 1).padStart(2, '0')}:00`,
  });

  it('replaces the whole week and shows it Monday to Sunday', async () => {
    const me = await mentor();
    const res = await call('POST', '/addAdvisorTimeSlot', me.token, {
      advisorId: me.id,
      sessionDaysDTOList: [
        { dayName: 'Tuesday', sessionTimeSlots: [slot(6), slot(21), slot(6)] },
        { dayName: 'Sunday', sessionTimeSlots: [{ startTime: '13:00:00', endTime: '14:00:00' }] },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statusCode: 200,
      message: 'Time Slots updated successfully',
      data: { saved: true, bookedSessions: [], cancelledSessionIds: [] },
    });
    const week = (await call('GET', `/getAdvisorTimeSlots/${me.id}`, me.token)).json().data;
    expect(week.map((d: { dayName: string }) => d.dayName)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(week[0].sessionTimeSlots).toEqual([]);
    expect(week[1].sessionTimeSlots).toEqual([
      { startTime: '06:00:00', endTime: '07:00:00' },
      { startTime: '21:00:00', endTime: '22:00:00' },
    ]);
    expect(week[6].sessionTimeSlots).toEqual([{ startTime: '13:00:00', endTime: '14:00:00' }]);
  });

  it.each([
    ['the lunch hour', slot(12)],
    ['an hour before six', slot(5)],
    ['the hour after ten at night', slot(22)],
    ['a half hour', { startTime: '09:30', endTime: '10:30' }],
    ['a two-hour slot', { startTime: '09:00', endTime: '11:00' }],
  ])('refuses %s and keeps the week as it was', async (_case, bad) => {
    const me = await mentor();
    const res = await call('POST', '/addAdvisorTimeSlot', me.token, {
      advisorId: me.id,
      sessionDaysDTOList: [{ dayName: 'Friday', sessionTimeSlots: [slot(8), bad] }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Please choose time slots from the list');
    const week = (await call('GET', `/getAdvisorTimeSlots/${me.id}`, me.token)).json().data;
    expect(week[0].sessionTimeSlots).toEqual([{ startTime: '09:00:00', endTime: '10:00:00' }]);
    expect(week[4].sessionTimeSlots).toEqual([]);
  });

  it('keeps time slots and topics to the mentor themself', async () => {
    const me = await mentor();
    const other = await mentor();
    const person = await advisee();
    const week = { advisorId: me.id, sessionDaysDTOList: [] };
    expect((await call('POST', '/addAdvisorTimeSlot', other.token, week)).statusCode).toBe(403);
    expect(
      (await call('POST', '/addAdvisorTimeSlot', person.token, { ...week, advisorId: person.id })).statusCode,
    ).toBe(403);
    expect((await call('POST', '/addAdvisorTimeSlot', undefined, week)).statusCode).toBe(401);
    expect((await call('GET', `/getAdvisorTimeSlots/${me.id}`, other.token)).statusCode).toBe(403);
    expect((await call('GET', `/getAdvisorTimeSlots/${me.id}`, person.token)).statusCode).toBe(403);
    const admin = await createAdmin(ctx.database.db);
    expect(
      (await call('GET', `/getAdvisorTimeSlots/${me.id}`, await signIn(ctx.app, admin.email))).statusCode,
    ).toBe(200);
    const topics = { advisorId: me.id, topics: [topicIds[0]] };
    expect((await call('POST', '/updateAdvisorTopics', other.token, topics)).statusCode).toBe(403);
    expect(
      (await call('POST', '/updateAdvisorTopics', person.token, { ...topics, advisorId: person.id }))
        .statusCode,
    ).toBe(403);
  });

  it('replaces the topics: one to five, unique, existing', async () => {
    const me = await mentor();
    const update = (topics: number[]) =>
      call('POST', '/updateAdvisorTopics', me.token, { advisorId: me.id, topics });
    expect((await update([])).json().message).toBe('Please select at least a topic');
    expect((await update([topicIds[0]!, topicIds[0]!])).json().message).toBe('Topics must be unique');
    expect((await update(topicIds.slice(0, 6))).json().message).toBe('You can only select upto five topics');
    expect((await update([topicIds[0]!, 999_999])).json().message).toBe('Please choose topics from the list');
    const res = await update([topicIds[3]!, topicIds[1]!]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Topics updated successfully');
    const profile = (await call('GET', `/getAdvisorProfile/${me.id}`, me.token)).json().data;
    expect(profile.topics.map((t: { id: number }) => t.id)).toEqual([topicIds[3], topicIds[1]]);
  });

  it('blocks and unblocks whole dates, from today to a year ahead', async () => {
    const me = await mentor();
    const today = todayIn();
    const soon = addDaysToDate(today, 3);
    const res = await call('POST', '/advisorBlockedDates', me.token, { dates: [soon, today, soon] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Dates blocked successfully',
      data: { dates: [today, soon] },
    });
    const past = await call('POST', '/advisorBlockedDates', me.token, { dates: [addDaysToDate(today, -1)] });
    expect(past.statusCode).toBe(422);
    expect(past.json().message).toBe('You cannot block a date in the past');
    const far = await call('POST', '/advisorBlockedDates', me.token, { dates: [addDaysToDate(today, 400)] });
    expect(far.json().message).toBe('You can block dates up to a year ahead');
    expect(
      (await call('POST', '/advisorBlockedDates', me.token, { dates: ['2030-02-30'] })).json().message,
    ).toBe('Please enter a valid date');
    const removed = await call('DELETE', `/advisorBlockedDates/${today}`, me.token);
    expect(removed.json()).toMatchObject({ message: 'Date unblocked successfully', data: { dates: [soon] } });
    expect((await call('GET', '/advisorBlockedDates', me.token)).json().data).toEqual({ dates: [soon] });
    const other = await mentor();
    expect((await call('GET', '/advisorBlockedDates', other.token)).json().data).toEqual({ dates: [] });
    const person = await advisee();
    expect((await call('POST', '/advisorBlockedDates', person.token, { dates: [soon] })).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/advisorBlockedDates', person.token)).statusCode).toBe(403);
  });

  it('saves payout methods with one preferred, and shows numbers masked', async () => {
    const me = await mentor();
    const save = (payload: Record<string, unknown>) =>
      call('POST', '/updatePaymentMethod', me.token, payload);
    const banks = (await call('GET', '/getBanks', me.token)).json().data as Array<{ name: string }>;
    expect(banks).toContainEqual({ name: 'KCB Bank Kenya' });

    const mpesa = await save({ method: 'MPESA', preferred: false, mpesaPhoneNumber: '0712 345 678' });
    expect(mpesa.statusCode).toBe(200);
    expect(mpesa.json()).toEqual({ statusCode: 200, message: 'Payment method updated successfully' });
    const bank = await save({
      method: 'BANK',
      preferred: true,
      bankName: 'Equity Bank Kenya',
      branch: 'Kenyatta Avenue',
      accountName: 'Njeri Mwangi',
      accountNumber: '0123-4567-89',
    });
    expect(bank.statusCode).toBe(200);
    expect((await save({ method: 'PAYPAL', paypalEmail: 'Njeri@Example.com' })).statusCode).toBe(200);

    const list = (await call('GET', `/getPaymentMethods/${me.id}`, me.token)).json().data;
    expect(list).toEqual([
      expect.objectContaining({ method: 'MPESA', preferred: false, mpesaPhoneNumber: '•••• 5678' }),
      expect.objectContaining({
        method: 'BANK',
        preferred: true,
        bankName: 'Equity Bank Kenya',
        accountNumber: '•••• 6789',
        accountName: 'Njeri Mwangi',
      }),
      expect.objectContaining({ method: 'PAYPAL', preferred: false, paypalEmail: 'njeri@example.com' }),
    ]);
    const [stored] = await ctx.database.db
      .select()
      .from(payoutMethods)
      .where(eq(payoutMethods.userId, me.id));
    expect(stored).toBeDefined();

    await save({ method: 'PAYPAL', preferred: true, paypalEmail: 'njeri@example.com' });
    const after = (await call('GET', `/getPaymentMethods/${me.id}`, me.token)).json().data;
    expect(
      after.filter((m: { preferred: boolean }) => m.preferred).map((m: { method: string }) => m.method),
    ).toEqual(['PAYPAL']);
  });

  it.each([
    [{ method: 'MPESA', mpesaPhoneNumber: '' }, 'Please fill in phone number'],
    [{ method: 'MPESA', mpesaPhoneNumber: '712345678' }, 'Invalid phone number'],
    [
      { method: 'BANK', bankName: 'Bank of Nowhere', branch: 'A', accountName: 'B', accountNumber: '123456' },
      'Please choose a bank from the list',
    ],
    [
      { method: 'BANK', bankName: 'Prime Bank', branch: '', accountName: 'B', accountNumber: '123456' },
      'Please fill all fields',
    ],
    [
      { method: 'BANK', bankName: 'Prime Bank', branch: 'A', accountName: 'B', accountNumber: '12ab' },
      'Invalid account number',
    ],
    [{ method: 'PAYPAL', paypalEmail: 'paypal@' }, 'Invalid email'],
  ])('refuses a payout method %j', async (payload, message) => {
    const me = await mentor();
    const res = await call('POST', '/updatePaymentMethod', me.token, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
  });

  it('keeps payment preferences to mentors and their own', async () => {
    const me = await mentor();
    const other = await mentor();
    const person = await advisee();
    const payload = { method: 'PAYPAL', paypalEmail: 'x@example.com' };
    expect((await call('POST', '/updatePaymentMethod', person.token, payload)).statusCode).toBe(403);
    expect((await call('GET', `/getPaymentMethods/${me.id}`, other.token)).statusCode).toBe(403);
    expect((await call('GET', `/getPaymentMethods/${person.id}`, person.token)).statusCode).toBe(403);
    expect((await call('GET', '/getBanks')).statusCode).toBe(401);
  });
});
