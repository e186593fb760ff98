import { bookingMessages } from '@myprosper/contract/booking';
import { sessionMessages } from '@myprosper/contract/sessions';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { createAdvisee, createBookedSession } from '../../db/seed/factories.ts';
import {
  api,
  availabilityOf,
  bearer,
  book,
  bookingPayload,
  createMentor,
  freeSlot,
  lapseHold,
  setTestPrices,
} from './booking.test-helpers.ts';
import { holdExpiryJobName } from './hold-expiry.job.ts';

const dayMs = 86_400_000;

describe('races: the database decides', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ JOBS_POLL_SECONDS: '0.5' });
    await setTestPrices(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('50 people booking one slot at once: exactly one session, 49 told the slot was taken', async () => {
    const db = ctx.database.db;
    const { advisor, topic } = await createMentor(db);
    const slot = await freeSlot(ctx.app, advisor.id);
    const advisees = await Promise.all(Array.from({ length: 50 }, () => createAdvisee(db)));
    const requests = await Promise.all(
      advisees.map(async (advisee) => ({
        method: 'POST' as const,
        url: `${api}/bookSession`,
        headers: await bearer(ctx.app, advisee),
        payload: bookingPayload(advisor.id, topic.id, slot),
      })),
    );
    const answers = await Promise.all(requests.map((request) => ctx.app.inject(request)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json().message).toBe(bookingMessages.slotTaken);
    }
    const rows = await db.select().from(sessions).where(eq(sessions.advisorId, advisor.id));
    expect(rows).toHaveLength(1);
    const winner = answers.find((r) => r.statusCode === 200)!.json();
    expect(rows[0]?.reference).toBe(winner.message);
  });

  it('one person booking ten mentors at the same hour at once gets one session', async () => {
    const db = ctx.database.db;
    const mentors = await Promise.all(Array.from({ length: 10 }, () => createMentor(db)));
    const advisee = await createAdvisee(db);
    const slot = await freeSlot(ctx.app, mentors[0]!.advisor.id);
    const answers = await Promise.all(
      mentors.map(({ advisor, topic }) => book(ctx, advisee, bookingPayload(advisor.id, topic.id, slot))),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(9);
    for (const res of refused) expect(res.json().message).toBe(bookingMessages.youAreBusy);
    const rows = await db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.adviseeId, advisee.id),
          inArray(
            sessions.advisorId,
            mentors.map((m) => m.advisor.id),
          ),
        ),
      );
    expect(rows).toHaveLength(1);
  });

  it('two sessions moved into the same free hour at once: one moves, the other keeps its hour', async () => {
    const db = ctx.database.db;
    const { advisor, topic } = await createMentor(db);
    const [first, second] = await Promise.all([createAdvisee(db), createAdvisee(db)]);
    const { bookableSlots } = await availabilityOf(ctx.app, advisor.id);
    const later = bookableSlots.filter((s) => Date.parse(s.startsAt) > Date.now() + 2 * dayMs);
    const [slotA, slotB, target] = [later[0]!, later[1]!, later[2]!];
    const a = await createBookedSession(db, {
      advisorId: advisor.id,
      adviseeId: first!.id,
      topicId: topic.id,
      startsAt: new Date(slotA.startsAt),
    });
    const b = await createBookedSession(db, {
      advisorId: advisor.id,
      adviseeId: second!.id,
      topicId: topic.id,
      startsAt: new Date(slotB.startsAt),
    });
    const move = async (user: typeof first, sessionId: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `${api}/rescheduleSession`,
        headers: await bearer(ctx.app, user!),
        payload: { sessionId, selectedDate: target.date, selectedTime: target.time },
      });
    const answers = await Promise.all([move(first, a.id), move(second, b.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((r) => r.statusCode === 200);
    expect(answers[winner]?.json().message).toBe(sessionMessages.rescheduled);
    expect(answers[1 - winner]?.json().message).toBe(bookingMessages.slotTaken);
    const rows = await db
      .select({ id: sessions.id, startsAt: sessions.startsAt, icsSequence: sessions.icsSequence })
      .from(sessions)
      .where(inArray(sessions.id, [a.id, b.id]));
    const moved = rows.find((r) => r.id === (winner === 0 ? a.id : b.id))!;
    const kept = rows.find((r) => r.id === (winner === 0 ? b.id : a.id))!;
    expect(moved.startsAt.toISOString()).toBe(target.startsAt);
    expect(moved.icsSequence).toBe(1);
    expect(kept.startsAt.toISOString()).toBe((winner === 0 ? slotB : slotA).startsAt);
    expect(kept.icsSequence).toBe(0);
  });

  it('the background job expires a lapsed hold and frees its attendees', async () => {
    const db = ctx.database.db;
    const { advisor, topic } = await createMentor(db);
    const advisee = await createAdvisee(db);
    const slot = await freeSlot(ctx.app, advisor.id);
    const res = await book(ctx, advisee, bookingPayload(advisor.id, topic.id, slot));
    const id = res.json().data.id as number;
    await lapseHold(db, id);
    expect(ctx.app.jobs.isRunning).toBe(true);
    await ctx.app.jobs.trigger(holdExpiryJobName);
    let status: string | undefined;
    for (let attempt = 0; attempt < 100 && status !== 'EXPIRED'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [{ status } = { status: undefined }] = await db
        .select({ status: sessions.status })
        .from(sessions)
        .where(eq(sessions.id, id));
    }
    expect(status).toBe('EXPIRED');
  });
});
