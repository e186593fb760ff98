import { bookingMessages } from '@myprosper/contract/booking';
import { platformClockTime } from '@myprosper/contract/dates';
import { maxWaitlistsPerPerson, waitlistHoldMinutes, waitlistMessages } from '@myprosper/contract/waitlists';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createAdmin, createAdvisee } from '../../db/seed/factories.ts';
import {
  api,
  availabilityOf,
  bearer,
  book,
  bookingPayload,
  createMentor,
  lapseHold,
  setTestPrices,
} from '../booking/booking.test-helpers.ts';
import { SessionsRepository } from '../sessions/sessions.door.ts';
import {
  entryStatus,
  fullMentor,
  holdsOf,
  lapseWaitlistHold,
  waitlistCall,
  waitlistsOf,
  windowSlots,
} from './waitlists.test-helpers.ts';

/** Issue 24, waitlists: who may wait, and freed hours held for the waiting people in turn. */
describe('waitlists of full mentors', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    // The job is driven by the tests (WaitlistsService.passHolds), not by the clock or by writes.
    ctx = await createTestApp({ JOBS_ENABLED: 'false' });
    await setTestPrices(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('a mentee joins a full mentor once, sees their place, and leaves', async () => {
    const db = ctx.database.db;
    const { advisor } = await fullMentor(ctx, { Wednesday: [10] });
    const [first, second] = [await createAdvisee(db), await createAdvisee(db)];

    const before = await waitlistCall(ctx, 'GET', first, advisor.id);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toEqual({ advisorId: advisor.id, isFull: true, entry: null });

    const joined = await waitlistCall(ctx, 'POST', first, advisor.id);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().message).toBe(waitlistMessages.joined);
    expect(joined.json().data.entry).toMatchObject({ state: 'WAITING', position: 1, hold: null });
    const again = await waitlistCall(ctx, 'POST', first, advisor.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(waitlistMessages.alreadyOnList);

    const secondJoined = await waitlistCall(ctx, 'POST', second, advisor.id);
    expect(secondJoined.json().data.entry).toMatchObject({ state: 'WAITING', position: 2 });

    const left = await waitlistCall(ctx, 'DELETE', first, advisor.id);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().data.entry).toBeNull();
    expect((await waitlistCall(ctx, 'GET', second, advisor.id)).json().data.entry.position).toBe(1);
    const leftAgain = await waitlistCall(ctx, 'DELETE', first, advisor.id);
    expect(leftAgain.statusCode).toBe(404);
    expect(leftAgain.json().message).toBe(waitlistMessages.notOnList);
    expect(await entryStatus(db, advisor.id, first.id)).toEqual(['LEFT']);
  });

  it('refuses whoever may not wait, with a clear message, and changes nothing', async () => {
    const db = ctx.database.db;
    const { advisor } = await fullMentor(ctx, { Thursday: [9] });
    const { advisor: withHours } = await createMentor(db);
    const otherMentor = (await createMentor(db)).advisor;
    const admin = await createAdmin(db);
    const advisee = await createAdvisee(db);

    const visitor = await waitlistCall(ctx, 'POST', null, advisor.id);
    expect(visitor.statusCode).toBe(401);
    const self = await waitlistCall(ctx, 'POST', advisor, advisor.id);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(waitlistMessages.notYourself);
    const mentor = await waitlistCall(ctx, 'POST', otherMentor, advisor.id);
    expect(mentor.statusCode).toBe(403);
    expect(mentor.json().message).toBe(waitlistMessages.onlyAdvisees);
    expect((await waitlistCall(ctx, 'POST', admin, advisor.id)).statusCode).toBe(403);
    // Not a mentor, or no such person: the same answer.
    const notMentor = await waitlistCall(ctx, 'POST', advisee, admin.id);
    expect(notMentor.statusCode).toBe(404);
    expect(notMentor.json().message).toBe(waitlistMessages.advisorNotFound);
    expect((await waitlistCall(ctx, 'POST', advisee, 2_000_000_000)).statusCode).toBe(404);
    // A mentor with a free hour in the next 14 days is booked, not waited for.
    const free = await waitlistCall(ctx, 'POST', advisee, withHours.id);
    expect(free.statusCode).toBe(409);
    expect(free.json().message).toBe(waitlistMessages.hasFreeHours);
    expect((await waitlistCall(ctx, 'GET', advisee, withHours.id)).json().data.isFull).toBe(false);

    const rows = await db.execute(
      sql`select 1 from waitlist_entries where advisee_id in (${advisee.id}, ${admin.id}, ${otherMentor.id}, ${advisor.id})`,
    );
    expect(rows.rows).toHaveLength(0);
  });

  it(`a person waits on at most ${maxWaitlistsPerPerson} lists at once, even asking at once`, async () => {
    const db = ctx.database.db;
    const advisee = await createAdvisee(db);
    // Mentors with no hours at all are full.
    const mentors = await Promise.all(
      Array.from({ length: maxWaitlistsPerPerson + 2 }, async () => (await createMentor(db, {})).advisor),
    );
    const answers = await Promise.all(mentors.map((m) => waitlistCall(ctx, 'POST', advisee, m.id)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(maxWaitlistsPerPerson);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(waitlistMessages.tooManyLists(maxWaitlistsPerPerson));
    }
    // Leaving one makes room.
    const onList = mentors.filter((_, n) => statuses[n] === 200);
    const offList = mentors.filter((_, n) => statuses[n] !== 200);
    await waitlistCall(ctx, 'DELETE', advisee, onList[0]!.id);
    expect((await waitlistCall(ctx, 'POST', advisee, offList[0]!.id)).statusCode).toBe(200);
  });

  it('a cancelled hour is held for the first waiting, refused to others, booked by them; then the next', async () => {
    const db = ctx.database.db;
    const { advisor, topic, booked } = await fullMentor(ctx, { Tuesday: [14], Thursday: [14] });
    const [first, second, outsider] = [
      await createAdvisee(db),
      await createAdvisee(db),
      await createAdvisee(db),
    ];
    await waitlistCall(ctx, 'POST', first, advisor.id);
    await waitlistCall(ctx, 'POST', second, advisor.id);

    // The first booker cancels: their hour frees.
    const freed = booked[0]!;
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `${api}/cancelSession`,
      headers: await bearer(ctx.app, freed.booker),
      payload: { sessionId: freed.sessionId, reason: 'Plans changed' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const before = Date.now();
    const granted = await waitlistsOf(ctx).passHolds();
    expect(granted.map((hold) => hold.adviseeId)).toEqual([first.id]);
    const hold = granted[0]!;
    expect(hold.startsAt.toISOString()).toBe(freed.slot.startsAt);
    expect(hold.expiresAt.getTime()).toBeGreaterThanOrEqual(before + waitlistHoldMinutes * 60_000 - 1000);

    // The first sees it, with until when; the second still waits.
    const status = (await waitlistCall(ctx, 'GET', first, advisor.id)).json().data;
    expect(status.entry).toMatchObject({
      state: 'HOLDING',
      position: 1,
      hold: { date: freed.slot.date, time: freed.slot.time, expiresAt: hold.expiresAt.toISOString() },
    });
    expect((await waitlistCall(ctx, 'GET', second, advisor.id)).json().data.entry).toMatchObject({
      state: 'WAITING',
      hold: null,
    });
    // They were told, by e-mail.
    const mail = await db.execute<{ body: string }>(
      sql`select body from outbox_messages where channel = 'EMAIL' and recipient = ${first.email} order by id desc limit 1`,
    );
    expect(mail.rows[0]?.body).toContain(`until ${platformClockTime(hold.expiresAt)}`);

    // Nobody else may book the hour meanwhile: not the second in line, not an outsider.
    for (const other of [second, outsider]) {
      const res = await book(ctx, other, bookingPayload(advisor.id, topic.id, freed.slot));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(waitlistMessages.heldForWaitlist(hold.expiresAt));
    }
    // Nor is it offered to them: the mentor's hours leave it out for everyone but its holder.
    const offers = async (headers: Record<string, string> = {}) =>
      (await availabilityOf(ctx.app, advisor.id, headers)).bookableSlots.some(
        (slot) => slot.startsAt === freed.slot.startsAt,
      );
    expect(await offers()).toBe(false);
    expect(await offers(await bearer(ctx.app, second))).toBe(false);
    expect(await offers(await bearer(ctx.app, first))).toBe(true);
    // Nor move a session into it.
    const later = (await availabilityOf(ctx.app, advisor.id)).bookableSlots.at(-1)!;
    const own = await book(ctx, outsider, bookingPayload(advisor.id, topic.id, later));
    expect(own.statusCode, own.body).toBe(200);
    const moved = await ctx.app.inject({
      method: 'POST',
      url: `${api}/rescheduleSession`,
      headers: await bearer(ctx.app, outsider),
      payload: {
        sessionId: own.json().data.id,
        selectedDate: freed.slot.date,
        selectedTime: freed.slot.time,
      },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(waitlistMessages.heldForWaitlist(hold.expiresAt));
    // Passing again changes nothing while the hold runs.
    expect(await waitlistsOf(ctx).passHolds()).toEqual([]);

    // The first books it as anyone books an hour, and leaves the list.
    const mine = await book(ctx, first, bookingPayload(advisor.id, topic.id, freed.slot));
    expect(mine.statusCode, mine.body).toBe(200);
    expect(await entryStatus(db, advisor.id, first.id)).toEqual(['BOOKED']);
    expect((await holdsOf(db, advisor.id)).map((h) => h.status)).toEqual(['USED']);
    expect((await waitlistCall(ctx, 'GET', first, advisor.id)).json().data.entry).toBeNull();

    // Another hour frees (an unpaid hold lapses): the second's turn.
    await lapseHold(db, booked[1]!.sessionId);
    await new SessionsRepository(db).expireStaleHolds(new Date());
    const next = await waitlistsOf(ctx).passHolds();
    expect(next.map((h) => [h.adviseeId, h.startsAt.toISOString()])).toEqual([
      [second.id, booked[1]!.slot.startsAt],
    ]);
  });

  it('a hold that lapses unused goes to the next; people who left, booked or are busy are skipped', async () => {
    const db = ctx.database.db;
    const { advisor, topic, booked } = await fullMentor(ctx, { Monday: [16] });
    const people = await Promise.all(Array.from({ length: 5 }, () => createAdvisee(db)));
    const [lapses, leaves, booksElsewhere, busy, last] = people as [
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
    ];
    for (const person of people) {
      expect((await waitlistCall(ctx, 'POST', person, advisor.id)).statusCode).toBe(200);
    }
    const service = waitlistsOf(ctx);
    const freed = booked[0]!;
    await lapseHold(db, freed.sessionId);
    await new SessionsRepository(db).expireStaleHolds(new Date());

    // 1st: holds it, lets it lapse, and leaves the list.
    const [firstHold] = await service.passHolds();
    expect(firstHold?.adviseeId).toBe(lapses.id);
    await lapseWaitlistHold(db, firstHold!.id);
    // 2nd left; 3rd booked the mentor's hour beyond the window; 4th attends another session at that hour.
    await waitlistCall(ctx, 'DELETE', leaves, advisor.id);
    const later = (await availabilityOf(ctx.app, advisor.id)).bookableSlots.at(-1)!;
    expect((await book(ctx, booksElsewhere, bookingPayload(advisor.id, topic.id, later))).statusCode).toBe(
      200,
    );
    const elsewhere = await createMentor(db);
    const clash = await book(ctx, busy, bookingPayload(elsewhere.advisor.id, elsewhere.topic.id, freed.slot));
    expect(clash.statusCode, clash.body).toBe(200);

    const [nextHold] = await service.passHolds();
    expect(nextHold?.adviseeId).toBe(last.id);
    expect(await entryStatus(db, advisor.id, lapses.id)).toEqual(['LAPSED']);
    expect(await entryStatus(db, advisor.id, leaves.id)).toEqual(['LEFT']);
    expect(await entryStatus(db, advisor.id, booksElsewhere.id)).toEqual(['BOOKED']);
    // The busy person keeps their place for another hour.
    expect(await entryStatus(db, advisor.id, busy.id)).toEqual(['WAITING']);
    expect((await holdsOf(db, advisor.id)).map((h) => [h.advisee_id, h.status])).toEqual([
      [lapses.id, 'LAPSED'],
      [last.id, 'ACTIVE'],
    ]);
  });

  it('new hours from the mentor go to the waiting people in the order they joined', async () => {
    const db = ctx.database.db;
    const { advisor } = await createMentor(db, {});
    const people = await Promise.all(Array.from({ length: 3 }, () => createAdvisee(db)));
    for (const person of people) await waitlistCall(ctx, 'POST', person, advisor.id);
    const saved = await ctx.app.inject({
      method: 'POST',
      url: `${api}/addAdvisorTimeSlot`,
      headers: await bearer(ctx.app, advisor),
      payload: {
        advisorId: advisor.id,
        sessionDaysDTOList: [
          { dayName: 'Friday', sessionTimeSlots: [{ startTime: '09:00:00', endTime: '10:00:00' }] },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const hours = await windowSlots(ctx, advisor.id);
    const granted = await waitlistsOf(ctx).passHolds();
    // One hour each, soonest to the first, as many as there are hours (Friday twice in 14 days, or once).
    expect(granted.map((h) => [h.adviseeId, h.startsAt.toISOString()])).toEqual(
      hours.slice(0, 3).map((hour, n) => [people[n]!.id, hour.startsAt]),
    );
    // Holding, the mentor reads as full to others.
    expect((await waitlistCall(ctx, 'GET', people[2]!, advisor.id)).json().data.isFull).toBe(true);
  });

  it('a booking of a hold-free hour is unchanged, and a mentor without a list is booked as before', async () => {
    const db = ctx.database.db;
    const { advisor, topic } = await createMentor(db);
    const [slot] = await windowSlots(ctx, advisor.id);
    const advisee = await createAdvisee(db);
    const res = await book(ctx, advisee, bookingPayload(advisor.id, topic.id, slot!));
    expect(res.statusCode, res.body).toBe(200);
    const twice = await book(ctx, await createAdvisee(db), bookingPayload(advisor.id, topic.id, slot!));
    expect(twice.json().message).toBe(bookingMessages.slotTaken);
  });
});
