import { bookingMessages } from '@myprosper/contract/booking';
import { addDaysToDate, todayIn } from '@myprosper/contract/dates';
import { localDateTimeOf } from '@myprosper/contract/slots';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { sessionParticipants, sessions } from '../../db/schema/sessions.ts';
import { createAdvisor, createTopic, setPricing, uniquePhone } from '../../db/seed/factories.ts';
import {
  api,
  availabilityOf,
  bearer,
  book,
  bookingPayload,
  createMentor,
  everyDay,
  freeSlot,
  newAdvisee,
  sessionCount,
  setTestPrices,
} from './booking.test-helpers.ts';

/** 0712345678 form of a stored 254712345678 number. */
const local = (phone254: string) => `0${phone254.slice(3)}`;

describe('booking a session', () => {
  let ctx: TestContext;
  // Twelve hours' notice: the next session hour (at most 9 hours away, 21:00 to 06:00) is always too soon.
  const minNoticeMinutes = 720;

  beforeAll(async () => {
    ctx = await createTestApp({
      BOOKING_MIN_NOTICE_MINUTES: String(minNoticeMinutes),
      JOBS_ENABLED: 'false',
    });
    await setTestPrices(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  describe('free hours', () => {
    it('refuses a program that has been unpublished, and creates nothing', async () => {
      const topic = await createTopic(ctx.database.db, { isLive: false });
      const advisor = await createAdvisor(ctx.database.db, { topicIds: [topic.id], availability: everyDay });
      const slot = await freeSlot(ctx.app, advisor.id);
      const advisee = await newAdvisee(ctx.database.db);
      const before = await sessionCount(ctx.database.db);
      const res = await book(ctx, advisee, bookingPayload(advisor.id, topic.id, slot));
      expect(res.statusCode).toBe(404);
      expect(await sessionCount(ctx.database.db)).toBe(before);
    });

    it('never offers or books a date the mentor has blocked', async () => {
      const { advisor, topic } = await createMentor(ctx.database.db);
      const first = await freeSlot(ctx.app, advisor.id);
      const blocked = await ctx.app.inject({
        method: 'POST',
        url: `${api}/advisorBlockedDates`,
        headers: await bearer(ctx.app, advisor),
        payload: { dates: [first.date] },
      });
      expect(blocked.statusCode, blocked.body).toBe(200);

      const { bookableSlots, sessionAvailabilities } = await availabilityOf(ctx.app, advisor.id);
      expect(bookableSlots.length).toBeGreaterThan(0);
      expect(bookableSlots.some((slot) => slot.date === first.date)).toBe(false);
      expect(sessionAvailabilities.some((day) => day.sessionDates.includes(first.date))).toBe(false);

      const advisee = await newAdvisee(ctx.database.db);
      const before = await sessionCount(ctx.database.db);
      const res = await book(ctx, advisee, bookingPayload(advisor.id, topic.id, first));
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(
        'The mentor is not available on this date. Please choose another date.',
      );
      expect(await sessionCount(ctx.database.db)).toBe(before);
    });

    it("answers a mentor's free hours in both forms, in Nairobi time with UTC instants", async () => {
      const { advisor } = await createMentor(ctx.database.db, { Monday: [9], Thursday: [14, 9] });
      const { sessionAvailabilities, bookableSlots } = await availabilityOf(ctx.app, advisor.id);
      expect(sessionAvailabilities.map((d) => d.dayName)).toEqual(['Monday', 'Thursday']);
      expect(sessionAvailabilities[1]?.sessionTimeSlots).toEqual([
        { startTime: '09:00:00', endTime: '10:00:00' },
        { startTime: '14:00:00', endTime: '15:00:00' },
      ]);
      const mondays = bookableSlots.filter((s) => sessionAvailabilities[0]?.sessionDates.includes(s.date));
      expect(mondays.length).toBeGreaterThanOrEqual(3);
      for (const slot of mondays) {
        expect(slot.time).toBe('09:00');
        // 09:00 in Nairobi is 06:00 UTC.
        expect(slot.startsAt).toBe(`${slot.date}T06:00:00.000Z`);
        expect(slot.endsAt).toBe(`${slot.date}T07:00:00.000Z`);
      }
      const earliest = Date.now() + minNoticeMinutes * 60_000;
      expect(bookableSlots.every((s) => Date.parse(s.startsAt) >= earliest)).toBe(true);
      const lastDate = addDaysToDate(todayIn('Africa/Nairobi'), 27);
      expect(bookableSlots.every((s) => s.date <= lastDate)).toBe(true);
    });

    it('leaves out a held slot', async () => {
      const { advisor, topic } = await createMentor(ctx.database.db);
      const slot = await freeSlot(ctx.app, advisor.id, 3);
      const res = await book(
        ctx,
        await newAdvisee(ctx.database.db),
        bookingPayload(advisor.id, topic.id, slot),
      );
      expect(res.statusCode, res.body).toBe(200);
      const { bookableSlots } = await availabilityOf(ctx.app, advisor.id);
      expect(bookableSlots.map((s) => s.startsAt)).not.toContain(slot.startsAt);
    });

    it('answers 404 for someone who is not a mentor', async () => {
      const advisee = await newAdvisee(ctx.database.db);
      const res = await ctx.app.inject({ method: 'GET', url: `${api}/getAdvisorAvailability/${advisee.id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(bookingMessages.advisorNotFound);
    });
  });

  describe('an individual session', () => {
    it('is held unpaid at the server price; the message is the reference number', async () => {
      const { advisor, topic } = await createMentor(ctx.database.db);
      const advisee = await newAdvisee(ctx.database.db);
      const slot = await freeSlot(ctx.app, advisor.id);
      const before = Date.now();
      const res = await book(ctx, advisee, {
        ...bookingPayload(advisor.id, topic.id, slot, { adviseeId: advisee.id }),
        amount: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.message).toMatch(/^MPS-[2-9A-HJKMNP-Z]{6}$/);
      expect(body.data).toMatchObject({
        reference: body.message,
        sessionType: 'INDIVIDUAL',
        sessionStatus: 'UPCOMING',
        status: 'PENDING_PAYMENT',
        paymentStatus: 'UNPAID',
        sessionCallStatus: 'NOT_STARTED',
        amount: 2900,
        startTimeUtc: slot.startsAt,
        endTimeUtc: slot.endsAt,
        startTime: `${slot.date}T${slot.time}:00`,
        topic: { id: topic.id, name: topic.name, tagLine: topic.tagLine, imgUrl: topic.imgUrl },
        advisor: {
          id: advisor.id,
          name: advisor.name,
          advisorDetails: { profilePicUrl: advisor.profilePicUrl },
        },
        advisee: { id: advisee.id, name: advisee.name },
        groupSessionAttendees: [],
        icsSequence: 0,
      });
      const hold = Date.parse(body.data.holdExpiresAt) - before;
      expect(hold).toBeGreaterThan(14 * 60_000);
      expect(hold).toBeLessThanOrEqual(15 * 60_000 + 5_000);
      const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, body.data.id));
      expect(row?.amount).toBe(2900);
    });

    it('refuses what would create nothing sensible, with clear messages', async () => {
      const db = ctx.database.db;
      const { advisor, topic } = await createMentor(db);
      const mondayOnly = await createMentor(db, { Monday: [9] });
      const advisee = await newAdvisee(db);
      const otherAdvisee = await newAdvisee(db);
      const otherTopic = await createTopic(db);
      const slot = await freeSlot(ctx.app, advisor.id);
      const payload = bookingPayload(advisor.id, topic.id, slot);
      const today = todayIn('Africa/Nairobi');
      const firstMonday = (await freeSlot(ctx.app, mondayOnly.advisor.id)).date;
      const soon = nextSessionHourWithin(minNoticeMinutes);

      const cases: Array<[string, Record<string, unknown>, number, string]> = [
        ['no date', { ...payload, selectedDate: '' }, 422, bookingMessages.selectDate],
        ['null date', { ...payload, selectedDate: null }, 422, bookingMessages.selectDate],
        ['someone else as booker', { ...payload, adviseeId: otherAdvisee.id }, 403, bookingMessages.notYou],
        ['unknown topic', { ...payload, topicId: 2_000_000_000 }, 404, bookingMessages.topicNotFound],
        [
          'topic the mentor does not give',
          { ...payload, topicId: otherTopic.id },
          422,
          bookingMessages.topicNotOffered,
        ],
        ['unknown mentor', { ...payload, advisorId: 2_000_000_000 }, 404, bookingMessages.advisorNotFound],
        [
          'an hour the mentor does not give',
          {
            ...bookingPayload(mondayOnly.advisor.id, mondayOnly.topic.id, {
              date: addDaysToDate(firstMonday, 1),
              time: '09:00',
            }),
          },
          422,
          'The mentor is not available at this time. Please choose another slot.',
        ],
        [
          'a past hour',
          { ...payload, selectedDate: addDaysToDate(today, -1), selectedTime: '09:00' },
          422,
          'This time has already passed. Please choose another slot.',
        ],
        [
          'an hour within the minimum notice',
          { ...payload, selectedDate: soon.date, selectedTime: soon.time },
          422,
          'Sessions must be booked at least 12 hours ahead. Please choose a later slot.',
        ],
        [
          'beyond the horizon',
          { ...payload, selectedDate: addDaysToDate(today, 35), selectedTime: '09:00' },
          422,
          'Sessions can be booked up to 4 weeks ahead. Please choose an earlier date.',
        ],
        ['not on the hour', { ...payload, selectedTime: '09:30' }, 422, 'Please select a session time'],
        ['not a date', { ...payload, selectedDate: '2025-02-30' }, 422, 'Please select a valid session date'],
        [
          'an individual session with attendees',
          { ...payload, otherAttendees: ['0712000001'] },
          422,
          bookingMessages.individualHasNoAttendees,
        ],
        [
          'a group of one',
          { ...payload, sessionType: 'GROUP', otherAttendees: [] },
          422,
          bookingMessages.addAttendees,
        ],
        [
          'a group of five',
          {
            ...payload,
            sessionType: 'GROUP',
            otherAttendees: [uniquePhone(), uniquePhone(), uniquePhone(), uniquePhone()].map(local),
          },
          422,
          bookingMessages.tooManyAttendees,
        ],
        [
          'a group with a bad number',
          { ...payload, sessionType: 'GROUP', otherAttendees: ['0712 34'] },
          422,
          '0712 34 is not a valid Kenyan phone number',
        ],
        [
          'a group with the same number twice',
          { ...payload, sessionType: 'GROUP', otherAttendees: ['0799 000 111', '+254799000111'] },
          422,
          bookingMessages.duplicateAttendee,
        ],
        [
          "a group with the booker's own number",
          { ...payload, sessionType: 'GROUP', otherAttendees: [local(advisee.phoneNumber!)] },
          422,
          bookingMessages.ownPhone,
        ],
      ];
      for (const [name, body, status, message] of cases) {
        const countBefore = await sessionCount(db);
        const res = await book(ctx, advisee, body);
        expect({ name, status: res.statusCode, message: res.json().message }).toEqual({
          name,
          status,
          message,
        });
        expect(await sessionCount(db), name).toBe(countBefore);
      }
    });

    it('is only for mentees: a mentor cannot book themself, nor book at all', async () => {
      const { advisor, topic } = await createMentor(ctx.database.db);
      const other = await createMentor(ctx.database.db);
      const slot = await freeSlot(ctx.app, advisor.id);
      const self = await book(ctx, advisor, bookingPayload(advisor.id, topic.id, slot));
      expect(self.statusCode).toBe(422);
      expect(self.json().message).toBe(bookingMessages.cannotBookSelf);
      const another = await book(ctx, advisor, bookingPayload(other.advisor.id, other.topic.id, slot));
      expect(another.statusCode).toBe(403);
      expect(another.json().message).toBe(bookingMessages.onlyAdvisees);
    });

    it('is confirmed at once when the price is zero', async () => {
      const db = ctx.database.db;
      await setPricing(db, { priceType: 'INDIVIDUAL', baseSessionPrice: 0, vatTax: 16 });
      try {
        const { advisor, topic } = await createMentor(db);
        const res = await book(
          ctx,
          await newAdvisee(db),
          bookingPayload(advisor.id, topic.id, await freeSlot(ctx.app, advisor.id)),
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data).toMatchObject({
          amount: 0,
          status: 'CONFIRMED',
          paymentStatus: 'PAID',
          holdExpiresAt: null,
        });
      } finally {
        await setTestPrices(db);
      }
    });

    it('needs a signed-in caller', async () => {
      const res = await ctx.app.inject({ method: 'POST', url: `${api}/bookSession`, payload: {} });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('a group session', () => {
    it('prices the group, splits the shares and keeps the others as numbers, linking nobody', async () => {
      const db = ctx.database.db;
      const { advisor, topic } = await createMentor(db);
      const host = await newAdvisee(db);
      const friend = await newAdvisee(db);
      const stranger = uniquePhone();
      const slot = await freeSlot(ctx.app, advisor.id);
      const res = await book(
        ctx,
        host,
        bookingPayload(advisor.id, topic.id, slot, {
          sessionType: 'GROUP',
          otherAttendees: [local(friend.phoneNumber!), `+${stranger}`],
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const session = res.json().data;
      expect(session.amount).toBe(5800);
      expect(session.groupSessionAttendees).toEqual([
        {
          adviseeId: host.id,
          advisee: { name: host.name },
          phoneNumber: host.phoneNumber,
          email: host.email,
          amount: 1934,
          invitationStatus: 'ACCEPTED',
          paymentStatus: 'UNPAID',
          isHost: true,
        },
        {
          adviseeId: null,
          advisee: null,
          phoneNumber: friend.phoneNumber,
          email: null,
          amount: 1934,
          invitationStatus: 'PENDING',
          paymentStatus: 'UNPAID',
          isHost: false,
        },
        {
          adviseeId: null,
          advisee: null,
          phoneNumber: stranger,
          email: null,
          amount: 1934,
          invitationStatus: 'PENDING',
          paymentStatus: 'UNPAID',
          isHost: false,
        },
      ]);
      // The invited friend sees nothing of it before the host pays and the invitation is sent.
      const asFriend = await ctx.app.inject({
        method: 'GET',
        url: `${api}/getAdvisorSessionById/${session.id}`,
        headers: await bearer(ctx.app, friend),
      });
      expect(asFriend.statusCode).toBe(404);
    });
  });

  describe('nobody is in two sessions at once', () => {
    it('refuses the booker a second session at the same time with another mentor', async () => {
      const db = ctx.database.db;
      const first = await createMentor(db);
      const second = await createMentor(db);
      const advisee = await newAdvisee(db);
      const slot = await freeSlot(ctx.app, first.advisor.id);
      expect(
        (await book(ctx, advisee, bookingPayload(first.advisor.id, first.topic.id, slot))).statusCode,
      ).toBe(200);
      const countBefore = await sessionCount(db);
      const res = await book(ctx, advisee, bookingPayload(second.advisor.id, second.topic.id, slot));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(bookingMessages.youAreBusy);
      expect(await sessionCount(db)).toBe(countBefore);
    });

    it('gives the slot to the next person once a hold has lapsed', async () => {
      const db = ctx.database.db;
      const { advisor, topic } = await createMentor(db, everyDay);
      const first = await newAdvisee(db);
      const second = await newAdvisee(db);
      const slot = await freeSlot(ctx.app, advisor.id);
      const held = await book(ctx, first, bookingPayload(advisor.id, topic.id, slot));
      expect(held.statusCode).toBe(200);
      const taken = await book(ctx, second, bookingPayload(advisor.id, topic.id, slot));
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(bookingMessages.slotTaken);

      const heldId = held.json().data.id as number;
      await db
        .update(sessions)
        .set({ holdExpiresAt: new Date(Date.now() - 1_000) })
        .where(eq(sessions.id, heldId));
      // Shown as expired at once, before anything marks it.
      const lapsed = await ctx.app.inject({
        method: 'GET',
        url: `${api}/getAdvisorSessionById/${heldId}`,
        headers: await bearer(ctx.app, first),
      });
      expect(lapsed.json().data.status).toBe('EXPIRED');
      expect((await availabilityOf(ctx.app, advisor.id)).bookableSlots.map((s) => s.startsAt)).toContain(
        slot.startsAt,
      );

      const retaken = await book(ctx, second, bookingPayload(advisor.id, topic.id, slot));
      expect(retaken.statusCode, retaken.body).toBe(200);
      const [old] = await db.select().from(sessions).where(eq(sessions.id, heldId));
      expect(old?.status).toBe('EXPIRED');
      const holds = await db
        .select({ holdsSlot: sessionParticipants.holdsSlot })
        .from(sessionParticipants)
        .where(eq(sessionParticipants.sessionId, heldId));
      expect(holds).toEqual([{ holdsSlot: false }]);
      // The first advisee is free at that time again too.
      const other = await createAdvisor(db, { topicIds: [topic.id], availability: everyDay });
      const again = await book(ctx, first, bookingPayload(other.id, topic.id, slot));
      expect(again.statusCode, again.body).toBe(200);
    });
  });
});

/** The next session hour (06-21, not 12) starting after now, in Nairobi: always less than 9 hours away. */
function nextSessionHourWithin(minutes: number): { date: string; time: string } {
  for (let hours = 1; hours * 60 < minutes; hours++) {
    const start = new Date(Math.floor(Date.now() / 3_600_000 + hours) * 3_600_000);
    const { date, time, hour } = localDateTimeOf(start);
    if (hour >= 6 && hour <= 21 && hour !== 12) return { date, time };
  }
  throw new Error('no session hour soon');
}
