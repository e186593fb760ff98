import { type AvailabilityChange, advisorSettingsMessages } from '@myprosper/contract/advisor-settings';
import { messages } from '@myprosper/contract/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import { outboxMessages } from '../../db/schema/messaging.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { createAdvisee, type UserRow } from '../../db/seed/factories.ts';
import { book, bookingPayload, everyDay } from '../booking/booking.test-helpers.ts';
import {
  api,
  type Booked,
  balanceOf,
  bearer,
  bookSession,
  checkout,
  createPaymentsTestApp,
  expectLedgerConsistent,
  fundWallet,
  slotAhead,
} from '../payments/payments.test-helpers.ts';

/**
 * Issue 20, the Availability rule: a mentor who blocks a date, or takes away weekly hours, that hold booked
 * sessions is shown them and chooses to cancel them (mentees refunded in full and told) or keep the hours;
 * nothing changes silently, and no paid session is left to end as a mentor no-show.
 */
describe('taking away hours that hold booked sessions', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp({ JOBS_ENABLED: 'false' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = async (user: UserRow, url: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: `${api}${url}`, headers: await bearer(ctx.app, user), payload });
  const statusOf = async (sessionId: number) =>
    (
      await ctx.database.db
        .select({ status: sessions.status })
        .from(sessions)
        .where(eq(sessions.id, sessionId))
    )[0]?.status;
  const blockedDates = async (mentor: UserRow) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `${api}/advisorBlockedDates`,
        headers: await bearer(ctx.app, mentor),
      })
    ).json().data.dates as string[];

  async function paidSession(): Promise<Booked> {
    const booked = await bookSession(ctx, { hoursAhead: 48, paymentMode: 'WALLET' });
    await fundWallet(ctx, booked.host, booked.amount);
    expect((await checkout(ctx, booked.host, booked.id)).statusCode).toBe(200);
    return booked;
  }

  it('shows the paid sessions on a date to block and changes nothing until the mentor chooses', async () => {
    const booked = await paidSession();
    const res = await post(booked.advisor, '/advisorBlockedDates', { dates: [booked.slot.date] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(advisorSettingsMessages.bookedSessionsFound);
    const change = res.json().data.change as AvailabilityChange;
    expect(change).toEqual({
      saved: false,
      bookedSessions: [expect.objectContaining({ id: booked.id, reference: booked.reference, paid: true })],
      cancelledSessionIds: [],
    });
    expect(await blockedDates(booked.advisor)).not.toContain(booked.slot.date);
    expect(await statusOf(booked.id)).toBe('CONFIRMED');
  });

  it('cancels them when asked: the mentee is refunded in full and told by e-mail and SMS', async () => {
    const booked = await paidSession();
    const res = await post(booked.advisor, '/advisorBlockedDates', {
      dates: [booked.slot.date],
      bookedSessions: 'CANCEL',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.change).toMatchObject({ saved: true, cancelledSessionIds: [booked.id] });
    expect(await blockedDates(booked.advisor)).toContain(booked.slot.date);
    expect(await statusOf(booked.id)).toBe('CANCELLED');
    expect(await balanceOf(ctx, booked.host)).toBe(booked.amount);
    const told = await ctx.database.db
      .select({ channel: outboxMessages.channel, body: outboxMessages.body })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, booked.host.email)));
    expect(told.some((m) => m.body.includes('The mentor is no longer available at this time'))).toBe(true);
    const sms = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, booked.host.phoneNumber!), eq(outboxMessages.channel, 'SMS')));
    expect(sms.length).toBeGreaterThan(0);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('keeps them when asked: the date is blocked for others, the booked session stays', async () => {
    const booked = await paidSession();
    const res = await post(booked.advisor, '/advisorBlockedDates', {
      dates: [booked.slot.date],
      bookedSessions: 'KEEP',
    });
    expect(res.json().message).toBe(advisorSettingsMessages.bookedHoursKept);
    expect(await blockedDates(booked.advisor)).toContain(booked.slot.date);
    expect(await statusOf(booked.id)).toBe('CONFIRMED');
    const other = await createAdvisee(ctx.database.db);
    const sameDay = { date: booked.slot.date, time: booked.slot.time === '09:00' ? '10:00' : '09:00' };
    const refused = await book(ctx, other, bookingPayload(booked.advisor.id, booked.topicId, sameDay));
    expect(refused.statusCode).toBe(422);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('treats weekly hours taken away the same way', async () => {
    const booked = await paidSession();
    // The whole week but the booked session's hour on its weekday.
    const weekday = new Date(`${booked.slot.date}T12:00:00Z`).toLocaleDateString('en-GB', {
      weekday: 'long',
      timeZone: 'UTC',
    });
    const hourOf = Number(booked.slot.time.slice(0, 2));
    const week = Object.entries(everyDay).map(([dayName, hours]) => ({
      dayName,
      sessionTimeSlots: hours
        .filter((h) => dayName !== weekday || h !== hourOf)
        .map((h) => ({
          startTime: `${String(h).padStart(2, '0')}:00`,
          endTime: `${String(h + 1).padStart(2, '0')}:00`,
        })),
    }));
    const ask = await post(booked.advisor, '/addAdvisorTimeSlot', {
      advisorId: booked.advisor.id,
      sessionDaysDTOList: week,
    });
    expect(ask.statusCode, ask.body).toBe(200);
    expect(ask.json()).toMatchObject({
      message: advisorSettingsMessages.bookedSessionsFound,
      data: { saved: false, bookedSessions: [expect.objectContaining({ id: booked.id })] },
    });
    const cancelled = await post(booked.advisor, '/addAdvisorTimeSlot', {
      advisorId: booked.advisor.id,
      sessionDaysDTOList: week,
      bookedSessions: 'CANCEL',
    });
    expect(cancelled.json().message).toBe(
      `${messages.timeSlotsUpdated}. ${advisorSettingsMessages.sessionsCancelledToo(1)}`,
    );
    expect(await statusOf(booked.id)).toBe('CANCELLED');
    expect(await balanceOf(ctx, booked.host)).toBe(booked.amount);
    await expectLedgerConsistent(ctx.database.db);
    // A later slot still free is untouched by the mentor's choice.
    expect(await slotAhead(ctx, booked.advisor.id, 72)).toBeTruthy();
  });
});
