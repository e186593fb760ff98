import { bookingMessages } from '@myprosper/contract/booking';
import { formatDateChip } from '@myprosper/contract/dates';
import { defaultSessionRules } from '@myprosper/contract/rules';
import { localDateTimeOf } from '@myprosper/contract/slots';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { createAdvisee } from '../../db/seed/factories.ts';
import {
  book,
  bookingPayload,
  createMentor,
  freeSlot,
  lapseHold,
  setTestPrices,
} from './booking.test-helpers.ts';

/** Issue 20, holds: nobody holds a mentor's calendar unpaid, and letting holds lapse pauses holding. */
describe('unpaid holds are limited per person', () => {
  let ctx: TestContext;
  const rules = defaultSessionRules;

  beforeAll(async () => {
    ctx = await createTestApp();
    await setTestPrices(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it(`a hold beyond ${rules.maxUnpaidHolds} is refused, over all mentors and with one mentor`, async () => {
    const db = ctx.database.db;
    const mentors = await Promise.all([createMentor(db), createMentor(db), createMentor(db)]);
    const advisee = await createAdvisee(db);
    const [first, second, third] = mentors;
    // Two hours with the first mentor, then a third hour with another: each refused once two are held.
    for (const index of [0, 1]) {
      const slot = await freeSlot(ctx.app, first!.advisor.id, index);
      const res = await book(ctx, advisee, bookingPayload(first!.advisor.id, first!.topic.id, slot));
      expect(res.statusCode, res.body).toBe(200);
    }
    const sameMentor = await book(
      ctx,
      advisee,
      bookingPayload(first!.advisor.id, first!.topic.id, await freeSlot(ctx.app, first!.advisor.id, 0)),
    );
    expect(sameMentor.statusCode).toBe(409);
    expect(sameMentor.json().message).toBe(
      bookingMessages.tooManyHoldsWithMentor(rules.maxUnpaidHoldsPerMentor),
    );
    for (const other of [second!, third!]) {
      const res = await book(
        ctx,
        advisee,
        bookingPayload(other.advisor.id, other.topic.id, await freeSlot(ctx.app, other.advisor.id, 5)),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(bookingMessages.tooManyHolds(rules.maxUnpaidHolds));
    }
    const held = await db.select().from(sessions).where(eq(sessions.adviseeId, advisee.id));
    expect(held).toHaveLength(rules.maxUnpaidHolds);
    // Another person is not affected: the mentors' other hours stay bookable.
    const someoneElse = await createAdvisee(db);
    const res = await book(
      ctx,
      someoneElse,
      bookingPayload(second!.advisor.id, second!.topic.id, await freeSlot(ctx.app, second!.advisor.id, 5)),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a hold that lapsed no longer counts, but lapsing three in a day pauses holding, saying until when', async () => {
    const db = ctx.database.db;
    const { advisor, topic } = await createMentor(db);
    const advisee = await createAdvisee(db);
    const lapsedAt: Date[] = [];
    for (let n = 0; n < rules.lapsedHoldsBeforePause; n++) {
      const slot = await freeSlot(ctx.app, advisor.id, n);
      const res = await book(ctx, advisee, bookingPayload(advisor.id, topic.id, slot));
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.adviseeId, advisee.id), eq(sessions.reference, res.json().message)));
      await lapseHold(db, row!.id);
      const [lapsed] = await db
        .select({ at: sessions.holdExpiresAt })
        .from(sessions)
        .where(eq(sessions.id, row!.id));
      lapsedAt.push(lapsed!.at!);
    }
    const res = await book(
      ctx,
      advisee,
      bookingPayload(advisor.id, topic.id, await freeSlot(ctx.app, advisor.id, 10)),
    );
    expect(res.statusCode).toBe(409);
    const until = new Date(
      Math.max(...lapsedAt.map((at) => at.getTime())) + rules.lapsePauseHours * 3_600_000,
    );
    const local = localDateTimeOf(until, 'Africa/Nairobi');
    expect(res.json().message).toBe(
      bookingMessages.holdsPaused(`${formatDateChip(local.date)} at ${local.time}`),
    );
    // Once the pause is over (the lapses moved back past it), holding works again.
    await db
      .update(sessions)
      .set({
        holdExpiresAt: new Date(
          Date.now() - (rules.lapseWindowHours + rules.lapsePauseHours + 1) * 3_600_000,
        ),
      })
      .where(eq(sessions.adviseeId, advisee.id));
    const later = await book(
      ctx,
      advisee,
      bookingPayload(advisor.id, topic.id, await freeSlot(ctx.app, advisor.id, 10)),
    );
    expect(later.statusCode, later.body).toBe(200);
  });

  it('one person booking five mentors at once gets no more holds than the limit', async () => {
    const db = ctx.database.db;
    const mentors = await Promise.all(Array.from({ length: 5 }, () => createMentor(db)));
    const advisee = await createAdvisee(db);
    const answers = await Promise.all(
      mentors.map(async ({ advisor, topic }, n) =>
        book(ctx, advisee, bookingPayload(advisor.id, topic.id, await freeSlot(ctx.app, advisor.id, n * 3))),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(rules.maxUnpaidHolds);
    const refused = answers.filter((res) => res.statusCode === 409);
    expect(refused).toHaveLength(mentors.length - rules.maxUnpaidHolds);
    for (const res of refused)
      expect(res.json().message).toBe(bookingMessages.tooManyHolds(rules.maxUnpaidHolds));
    const held = await db.select().from(sessions).where(eq(sessions.adviseeId, advisee.id));
    expect(held).toHaveLength(rules.maxUnpaidHolds);
  });
});
