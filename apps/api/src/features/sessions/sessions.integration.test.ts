import { sessionMessages } from '@myprosper/contract/sessions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { createAdvisee, createBookedSession, type UserRow } from '../../db/seed/factories.ts';
import {
  api,
  availabilityOf,
  bearer,
  book,
  bookingPayload,
  createMentor,
  setTestPrices,
} from '../booking/booking.test-helpers.ts';
import { wasInCall } from '../calls/calls.test-helpers.ts';
import { findAdvisorRatings } from './ratings.repository.ts';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
/** A whole hour some days from now (negative: in the past). */
const hoursFromNow = (hours: number) => new Date(Math.floor(Date.now() / hourMs + hours) * hourMs);

interface ListedSession {
  id: number;
  status: string;
  paymentStatus: string;
  sessionStatus: string;
  sessionType: string;
}

describe('sessions: lists, details, calendar and ratings', () => {
  let ctx: TestContext;
  const get = async (user: UserRow | null, url: string) =>
    ctx.app.inject({ method: 'GET', url: `${api}${url}`, headers: user ? await bearer(ctx.app, user) : {} });
  const listIds = async (user: UserRow, url: string) => {
    const res = await get(user, url);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.sessions as ListedSession[]).map((s) => s.id);
  };

  beforeAll(async () => {
    ctx = await createTestApp({ JOBS_ENABLED: 'false', PUBLIC_URL: 'https://myprosper.test' });
    await setTestPrices(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** One mentor and mentee with sessions in every state, and a friend invited to a group session. */
  async function world() {
    const db = ctx.database.db;
    const { advisor, topic } = await createMentor(db);
    const advisee = await createAdvisee(db);
    const friend = await createAdvisee(db);
    const stranger = await createAdvisee(db);
    const base = { advisorId: advisor.id, topicId: topic.id };
    const past = await createBookedSession(db, {
      ...base,
      adviseeId: advisee.id,
      startsAt: hoursFromNow(-72),
    });
    const olderPast = await createBookedSession(db, {
      ...base,
      adviseeId: advisee.id,
      startsAt: hoursFromNow(-120),
    });
    // The advisee was in both calls for their first 20 minutes: they may rate them.
    for (const held of [past, olderPast]) {
      await wasInCall(db, {
        sessionId: held.id,
        userId: advisee.id,
        role: 'ADVISEE',
        at: held.startsAt,
        leftAt: new Date(held.startsAt.getTime() + 20 * 60_000),
      });
    }
    const lapsedPast = await createBookedSession(db, {
      ...base,
      adviseeId: advisee.id,
      startsAt: hoursFromNow(-48),
      status: 'EXPIRED',
    });
    const confirmed = await createBookedSession(db, {
      ...base,
      adviseeId: advisee.id,
      startsAt: hoursFromNow(96),
    });
    const group = await createBookedSession(db, {
      ...base,
      adviseeId: advisee.id,
      startsAt: hoursFromNow(120),
      attendees: [{ adviseeId: friend.id, invitationStatus: 'ACCEPTED' }],
    });
    const { bookableSlots } = await availabilityOf(ctx.app, advisor.id);
    const early = bookableSlots.filter((s) => Date.parse(s.startsAt) < Date.now() + 72 * hourMs);
    const pendingRes = await book(ctx, advisee, bookingPayload(advisor.id, topic.id, early[0]!));
    const lapsedRes = await book(ctx, advisee, bookingPayload(advisor.id, topic.id, early[1]!));
    const pending = pendingRes.json().data.id as number;
    const lapsed = lapsedRes.json().data.id as number;
    await db
      .update(sessions)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, lapsed));
    return {
      advisor,
      topic,
      advisee,
      friend,
      stranger,
      past,
      olderPast,
      lapsedPast,
      confirmed,
      group,
      pending,
      lapsed,
    };
  }

  describe('lists', () => {
    it("show a mentee's sessions by status: upcoming soonest first, lapsed holds only among the cancelled", async () => {
      const w = await world();
      const mine = (status: string, query = '') =>
        listIds(w.advisee, `/getAdviseeSessionsByIdAndStatus/${w.advisee.id}/${status}${query}`);
      expect(await mine('UPCOMING')).toEqual([w.pending, w.confirmed.id, w.group.id]);
      expect(await mine('PENDING')).toEqual([w.pending]);
      expect(await mine('PAST')).toEqual([w.past.id, w.olderPast.id]);
      expect(await mine('CANCELLED')).toEqual([w.lapsed, w.lapsedPast.id]);
      expect(await mine('upcoming', '?sessionType=GROUP')).toEqual([w.group.id]);
      expect(await mine('UPCOMING', '?sessionType=INDIVIDUAL&page=2&pageSize=1')).toEqual([w.confirmed.id]);

      const res = await get(
        w.advisee,
        `/getAdviseeSessionsByIdAndStatus/${w.advisee.id}/UPCOMING?pageSize=2`,
      );
      const page = res.json().data;
      expect(page).toMatchObject({ page: 1, pageSize: 2, total: 3 });
      // The total counts every page: of one type, and past the last page too.
      const typed = await get(
        w.advisee,
        `/getAdviseeSessionsByIdAndStatus/${w.advisee.id}/UPCOMING?sessionType=INDIVIDUAL&page=2&pageSize=1`,
      );
      expect(typed.json().data).toMatchObject({ page: 2, pageSize: 1, total: 2 });
      const beyond = await get(
        w.advisee,
        `/getAdviseeSessionsByIdAndStatus/${w.advisee.id}/UPCOMING?page=9&pageSize=2`,
      );
      expect(beyond.json().data).toMatchObject({ sessions: [], page: 9, total: 3 });
      const all = await get(w.advisee, `/getAdviseeSessionsByIdAndStatus/${w.advisee.id}/UPCOMING`);
      const byId = new Map((all.json().data.sessions as ListedSession[]).map((s) => [s.id, s]));
      expect(byId.get(w.group.id)).toMatchObject({ sessionType: 'GROUP', sessionStatus: 'UPCOMING' });
      const cancelled = await get(w.advisee, `/getAdviseeSessionsByIdAndStatus/${w.advisee.id}/CANCELLED`);
      const lapsed = (cancelled.json().data.sessions as ListedSession[]).find((s) => s.id === w.lapsed);
      expect(lapsed).toMatchObject({ status: 'EXPIRED', paymentStatus: 'UNPAID' });
      // The invited friend sees the group session among theirs.
      expect(await listIds(w.friend, `/getAdviseeSessionsByIdAndStatus/${w.friend.id}/UPCOMING`)).toEqual([
        w.group.id,
      ]);
    });

    it('show a mentor only confirmed sessions, all counted as paid, and no pending ones', async () => {
      const w = await world();
      const res = await get(w.advisor, `/getAdvisorSessionsByIdAndStatus/${w.advisor.id}/UPCOMING`);
      const listed = res.json().data.sessions as ListedSession[];
      expect(listed.map((s) => s.id)).toEqual([w.confirmed.id, w.group.id]);
      expect(listed.every((s) => s.paymentStatus === 'PAID')).toBe(true);
      expect(res.json().data.total).toBe(2);
      const beyond = await get(
        w.advisor,
        `/getAdvisorSessionsByIdAndStatus/${w.advisor.id}/PAST?page=3&pageSize=1`,
      );
      expect(beyond.json().data).toMatchObject({ sessions: [], total: 2 });
      expect(await listIds(w.advisor, `/getAdvisorSessionsByIdAndStatus/${w.advisor.id}/PENDING`)).toEqual(
        [],
      );
      expect(await listIds(w.advisor, `/getAdvisorSessionsByIdAndStatus/${w.advisor.id}/PAST`)).toEqual([
        w.past.id,
        w.olderPast.id,
      ]);
    });

    it("are only the caller's own", async () => {
      const w = await world();
      const other = await get(w.stranger, `/getAdviseeSessionsByIdAndStatus/${w.advisee.id}/UPCOMING`);
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe(sessionMessages.notYourSessions);
      expect(
        (await get(w.advisee, `/getAdvisorSessionsByIdAndStatus/${w.advisor.id}/UPCOMING`)).statusCode,
      ).toBe(403);
      expect(
        (await get(w.advisee, `/getAdvisorSessionsByIdAndStatus/${w.advisee.id}/UPCOMING`)).statusCode,
      ).toBe(403);
      const otherMentor = await createMentor(ctx.database.db);
      expect(
        (await get(otherMentor.advisor, `/getAdvisorSessionsByIdAndStatus/${w.advisor.id}/PAST`)).statusCode,
      ).toBe(403);
      expect((await get(null, `/getAdviseeSessionsByIdAndStatus/${w.advisee.id}/UPCOMING`)).statusCode).toBe(
        401,
      );
      expect(
        (await get(w.advisee, `/getAdviseeSessionsByIdAndStatus/${w.advisee.id}/LATER`)).statusCode,
      ).toBe(422);
    });
  });

  describe('details', () => {
    it('are for the mentor and the attendees; anyone else gets 404', async () => {
      const w = await world();
      const url = `/getAdvisorSessionById/${w.group.id}`;
      for (const user of [w.advisor, w.advisee, w.friend]) {
        const res = await get(user, url);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.id).toBe(w.group.id);
      }
      const asMentor = (await get(w.advisor, url)).json().data;
      expect(asMentor).toMatchObject({
        sessionType: 'GROUP',
        sessionStatus: 'UPCOMING',
        paymentStatus: 'PAID',
        status: 'CONFIRMED',
        holdExpiresAt: null,
        advisee: { id: w.advisee.id, name: w.advisee.name },
        advisor: { id: w.advisor.id, name: w.advisor.name },
      });
      expect(asMentor.groupSessionAttendees.map((a: { adviseeId: number }) => a.adviseeId)).toEqual([
        w.advisee.id,
        w.friend.id,
      ]);
      expect(asMentor.groupSessionAttendees[1]).toMatchObject({
        invitationStatus: 'ACCEPTED',
        isHost: false,
      });
      const otherMentor = await createMentor(ctx.database.db);
      for (const user of [w.stranger, otherMentor.advisor]) {
        const res = await get(user, url);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(sessionMessages.sessionNotFound);
      }
      expect((await get(w.advisee, '/getAdvisorSessionById/2000000000')).statusCode).toBe(404);
      expect((await get(null, url)).statusCode).toBe(401);
      const past = (await get(w.advisee, `/getAdvisorSessionById/${w.past.id}`)).json().data;
      expect(past.sessionStatus).toBe('PAST');
    });
  });

  describe('calendar file', () => {
    it('has UTC times, the 2-hour end, a stable UID, the sequence, organizer, attendees and link', async () => {
      const w = await world();
      const url = `/sessions/${w.group.id}/calendar.ics`;
      const res = await get(w.friend, url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="myprosper-session-${w.group.reference}.ics"`,
      );
      const lines = res.body.replace(/\r\n[ \t]/g, '').split('\r\n');
      const value = (name: string) => lines.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
      const utc = (date: Date) =>
        date
          .toISOString()
          .replace(/\.\d{3}Z$/, 'Z')
          .replace(/[-:]/g, '');
      expect(value('DTSTART')).toBe(`DTSTART:${utc(w.group.startsAt)}`);
      expect(value('DTEND')).toBe(`DTEND:${utc(new Date(w.group.startsAt.getTime() + 2 * hourMs))}`);
      expect(value('UID')).toBe(`UID:session-${w.group.id}@myprosper`);
      expect(value('SEQUENCE')).toBe('SEQUENCE:0');
      expect(value('URL')).toBe(`URL:https://myprosper.test/sessions/${w.group.id}`);
      // The organizer is a no-reply address of ours: the mentor's own e-mail is nowhere in the file.
      expect(value('ORGANIZER')).toBe('ORGANIZER;CN="MyProsper":mailto:noreply@myprosper.test');
      expect(res.body.replace(/\r\n[ \t]/g, '').toLowerCase()).not.toContain(w.advisor.email.toLowerCase());
      expect(lines.filter((l) => l.startsWith('ATTENDEE')).map((l) => l.split(':mailto:')[1])).toEqual([
        w.advisee.email,
        w.friend.email,
      ]);
      expect(value('STATUS')).toBe('STATUS:CONFIRMED');

      const moved = await ctx.app.inject({
        method: 'POST',
        url: `${api}/rescheduleSession`,
        headers: await bearer(ctx.app, w.advisee),
        payload: { sessionId: w.group.id, ...(await laterSlot(w.advisor.id, w.group.startsAt)) },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const again = (await get(w.advisee, url)).body.replace(/\r\n[ \t]/g, '');
      expect(again).toContain(`UID:session-${w.group.id}@myprosper\r\n`);
      expect(again).toContain('SEQUENCE:1\r\n');

      expect((await get(w.stranger, url)).statusCode).toBe(404);
      expect((await get(null, url)).statusCode).toBe(401);
    });
  });

  describe('ratings', () => {
    it('come from attendees after a session took place, once each', async () => {
      const w = await world();
      const rate = async (user: UserRow, payload: Record<string, unknown>) =>
        ctx.app.inject({
          method: 'POST',
          url: `${api}/addFeedback`,
          headers: await bearer(ctx.app, user),
          payload,
        });
      const cases: Array<[string, UserRow, Record<string, unknown>, number, string]> = [
        [
          'an upcoming session',
          w.advisee,
          { sessionId: w.confirmed.id, rating: 5 },
          422,
          sessionMessages.feedbackNotYet,
        ],
        [
          'a lapsed booking',
          w.advisee,
          { sessionId: w.lapsedPast.id, rating: 5 },
          422,
          sessionMessages.feedbackNotHeld,
        ],
        [
          'the mentor',
          w.advisor,
          { sessionId: w.past.id, rating: 5 },
          403,
          sessionMessages.feedbackOnlyAttendees,
        ],
        ['a stranger', w.stranger, { sessionId: w.past.id, rating: 5 }, 404, sessionMessages.sessionNotFound],
        [
          'a rating of 6',
          w.advisee,
          { sessionId: w.past.id, rating: 6 },
          422,
          'rating: Please choose a rating from 1 to 5',
        ],
        [
          'a rating of 0',
          w.advisee,
          { sessionId: w.past.id, rating: 0 },
          422,
          'rating: Please choose a rating from 1 to 5',
        ],
      ];
      for (const [name, user, payload, status, message] of cases) {
        const res = await rate(user, payload);
        expect({ name, status: res.statusCode, message: res.json().message }).toEqual({
          name,
          status,
          message,
        });
      }
      const view = async (user: UserRow) =>
        (await get(user, `/getAdvisorSessionById/${w.past.id}`)).json().data;
      expect((await view(w.advisee)).canRate).toBe(true);
      expect((await view(w.advisor)).canRate).toBe(false);
      const first = await rate(w.advisee, { sessionId: w.past.id, rating: 4, comment: ' Very helpful ' });
      expect(first.statusCode, first.body).toBe(200);
      // Rated: the page no longer offers it, reload or not.
      expect((await view(w.advisee)).canRate).toBe(false);
      expect(first.json().message).toBe(sessionMessages.feedbackThanks);
      const twice = await rate(w.advisee, { sessionId: w.past.id, rating: 5 });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(sessionMessages.feedbackTwice);
      expect((await rate(w.advisee, { sessionId: w.olderPast.id, rating: 5 })).statusCode).toBe(200);

      const unrated = await createMentor(ctx.database.db);
      const ratings = await findAdvisorRatings(ctx.database.db, [w.advisor.id, unrated.advisor.id]);
      expect(ratings.get(w.advisor.id)).toEqual({ average: 4.5, count: 2 });
      expect(ratings.get(unrated.advisor.id)).toEqual({ average: 0, count: 0 });
    });
  });

  /** A free hour of the mentor more than a day after `after`. */
  async function laterSlot(advisorId: number, after: Date) {
    const { bookableSlots } = await availabilityOf(ctx.app, advisorId);
    const slot = bookableSlots.find((s) => Date.parse(s.startsAt) > after.getTime() + dayMs)!;
    return { selectedDate: slot.date, selectedTime: slot.time };
  }
});
