import { bookingMessages } from '@myprosper/contract/booking';
import { addDaysToDate } from '@myprosper/contract/dates';
import { sessionMessages } from '@myprosper/contract/sessions';
import type { BookableSlot } from '@myprosper/contract/slots';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { sessionParticipants, sessions } from '../../db/schema/sessions.ts';
import type { UserRow } from '../../db/seed/factories.ts';
import { createAdvisee, createBookedSession } from '../../db/seed/factories.ts';
import { api, availabilityOf, bearer, createMentor, setTestPrices } from './booking.test-helpers.ts';

const dayMs = 86_400_000;

describe('rescheduling a session', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ JOBS_ENABLED: 'false' });
    await setTestPrices(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const move = async (user: UserRow, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: `${api}/rescheduleSession`,
      headers: await bearer(ctx.app, user),
      payload,
    });

  /** A mentor, a host and a confirmed session more than two days ahead, plus later free hours. */
  async function setUp(options: { attendee?: UserRow; startWithinHours?: number } = {}) {
    const db = ctx.database.db;
    const { advisor, topic } = await createMentor(db);
    const host = await createAdvisee(db);
    const { bookableSlots } = await availabilityOf(ctx.app, advisor.id);
    const startLimit = Date.now() + (options.startWithinHours ?? 0) * 3_600_000;
    const first = options.startWithinHours
      ? bookableSlots.find((s) => Date.parse(s.startsAt) < startLimit)!
      : bookableSlots.find((s) => Date.parse(s.startsAt) > Date.now() + 2 * dayMs)!;
    const later = bookableSlots.filter((s) => Date.parse(s.startsAt) > Date.parse(first.startsAt) + dayMs);
    const session = await createBookedSession(db, {
      advisorId: advisor.id,
      adviseeId: host.id,
      topicId: topic.id,
      startsAt: new Date(first.startsAt),
      attendees: options.attendee ? [{ adviseeId: options.attendee.id }] : undefined,
    });
    return { advisor, topic, host, session, first, later };
  }

  const to = (sessionId: number, slot: Pick<BookableSlot, 'date' | 'time'>) => ({
    sessionId,
    selectedDate: slot.date,
    selectedTime: slot.time,
  });

  it('moves the session and its attendees, and bumps the calendar sequence', async () => {
    const attendee = await createAdvisee(ctx.database.db);
    const { host, session, later } = await setUp({ attendee });
    const target = later[0]!;
    const res = await move(host, to(session.id, target));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(sessionMessages.rescheduled);
    expect(res.json().data).toMatchObject({
      id: session.id,
      startTimeUtc: target.startsAt,
      endTimeUtc: target.endsAt,
      startTime: `${target.date}T${target.time}:00`,
      icsSequence: 1,
    });
    const people = await ctx.database.db
      .select({ startsAt: sessionParticipants.startsAt, endsAt: sessionParticipants.endsAt })
      .from(sessionParticipants)
      .where(eq(sessionParticipants.sessionId, session.id));
    expect(people).toHaveLength(2);
    for (const person of people) {
      expect(person.startsAt.toISOString()).toBe(target.startsAt);
      expect(person.endsAt.toISOString()).toBe(target.endsAt);
    }
  });

  it('lets the mentor move it too', async () => {
    const { advisor, session, later } = await setUp();
    const res = await move(advisor, to(session.id, later[1]!));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('says what is wrong, and changes nothing', async () => {
    const db = ctx.database.db;
    const attendee = await createAdvisee(db);
    const stranger = await createAdvisee(db);
    const { host, advisor, session, first, later } = await setUp({ attendee });
    const soon = await setUp({ startWithinHours: 23 });
    const expired = await setUp();
    await db
      .update(sessions)
      .set({ status: 'PENDING_PAYMENT', holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, expired.session.id));
    const laterDay = later.find((s) => s.time === '09:00')!;

    const cases: Array<[string, UserRow, Record<string, unknown>, number, string]> = [
      [
        'no date',
        host,
        { sessionId: session.id, selectedDate: '', selectedTime: '09:00' },
        422,
        sessionMessages.selectDate,
      ],
      ['the same hour', host, to(session.id, first), 422, sessionMessages.noChanges],
      ['a stranger', stranger, to(session.id, later[0]!), 404, sessionMessages.sessionNotFound],
      ['an invited attendee', attendee, to(session.id, later[0]!), 403, sessionMessages.rescheduleNotAllowed],
      ['an unknown session', host, to(2_000_000_000, later[0]!), 404, sessionMessages.sessionNotFound],
      [
        'an hour the mentor does not give',
        host,
        { sessionId: session.id, selectedDate: laterDay.date, selectedTime: '12:00' },
        422,
        'The mentor is not available at this time. Please choose another slot.',
      ],
      [
        'a day in the past',
        host,
        { sessionId: session.id, selectedDate: addDaysToDate(first.date, -10), selectedTime: '09:00' },
        422,
        'This time has already passed. Please choose another slot.',
      ],
      [
        'less than a day before it starts',
        soon.host,
        to(soon.session.id, soon.later[0]!),
        422,
        'Sessions can be rescheduled until 24 hours before they start',
      ],
      [
        'a lapsed booking',
        expired.host,
        to(expired.session.id, expired.later[0]!),
        422,
        sessionMessages.rescheduleInactive,
      ],
    ];
    for (const [name, user, payload, status, message] of cases) {
      const res = await move(user, payload);
      expect({ name, status: res.statusCode, message: res.json().message }).toEqual({
        name,
        status,
        message,
      });
    }
    const [row] = await db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row?.startsAt.toISOString()).toBe(first.startsAt);
    expect(row?.icsSequence).toBe(0);
    expect(advisor.id).toBe(row?.advisorId);
  });

  it("refuses another session's hour with 409 and keeps the old one", async () => {
    const db = ctx.database.db;
    const { advisor, topic, host, session, first, later } = await setUp();
    const other = await createAdvisee(db);
    await createBookedSession(db, {
      advisorId: advisor.id,
      adviseeId: other.id,
      topicId: topic.id,
      startsAt: new Date(later[0]!.startsAt),
    });
    const res = await move(host, to(session.id, later[0]!));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(bookingMessages.slotTaken);
    const [row] = await db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row?.startsAt.toISOString()).toBe(first.startsAt);
  });

  it('refuses an hour when an attendee is busy elsewhere', async () => {
    const db = ctx.database.db;
    const attendee = await createAdvisee(db);
    const { host, session, later } = await setUp({ attendee });
    const elsewhere = await createMentor(db);
    await createBookedSession(db, {
      advisorId: elsewhere.advisor.id,
      adviseeId: attendee.id,
      topicId: elsewhere.topic.id,
      startsAt: new Date(later[0]!.startsAt),
    });
    const res = await move(host, to(session.id, later[0]!));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(bookingMessages.attendeeBusy);
  });
});
