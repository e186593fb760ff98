import { maxBookingNoteLength } from '@myprosper/contract/booking';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { sessions } from '../../db/schema/sessions.ts';
import {
  api,
  bearer,
  book,
  bookingPayload,
  createMentor,
  freeSlot,
  newAdvisee,
  sessionCount,
  setTestPrices,
} from './booking.test-helpers.ts';

/** The booking statement's note to the mentor (issue 27): kept on the booking, shown to the mentor. */
describe('the note to the mentor', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ JOBS_ENABLED: 'false' });
    await setTestPrices(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function sessionAs(user: Parameters<typeof bearer>[1], id: number) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${api}/getAdvisorSessionById/${id}`,
      headers: await bearer(ctx.app, user),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { note?: string | null };
  }

  it('keeps the note, trimmed, and shows it to the mentor and the booker', async () => {
    const { advisor, topic } = await createMentor(ctx.database.db);
    const advisee = await newAdvisee(ctx.database.db);
    const slot = await freeSlot(ctx.app, advisor.id);
    const res = await book(
      ctx,
      advisee,
      bookingPayload(advisor.id, topic.id, slot, { note: '  I would like to talk about my CV.  ' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { id, note } = res.json().data as { id: number; note: string | null };
    expect(note).toBe('I would like to talk about my CV.');
    expect((await sessionAs(advisor, id)).note).toBe('I would like to talk about my CV.');
    expect((await sessionAs(advisee, id)).note).toBe('I would like to talk about my CV.');
    const [row] = await ctx.database.db
      .select({ note: sessions.note })
      .from(sessions)
      .where(eq(sessions.id, id));
    expect(row?.note).toBe('I would like to talk about my CV.');
  });

  it('keeps no note when none (or only spaces) is written', async () => {
    const { advisor, topic } = await createMentor(ctx.database.db);
    const advisee = await newAdvisee(ctx.database.db);
    const slot = await freeSlot(ctx.app, advisor.id);
    const res = await book(ctx, advisee, bookingPayload(advisor.id, topic.id, slot, { note: '   ' }));
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json().data as { id: number };
    expect((await sessionAs(advisor, id)).note).toBeNull();
  });

  it('refuses a note longer than the limit, saying so, and books nothing', async () => {
    const { advisor, topic } = await createMentor(ctx.database.db);
    const advisee = await newAdvisee(ctx.database.db);
    const slot = await freeSlot(ctx.app, advisor.id);
    const before = await sessionCount(ctx.database.db);
    const res = await book(
      ctx,
      advisee,
      bookingPayload(advisor.id, topic.id, slot, { note: 'x'.repeat(maxBookingNoteLength + 1) }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain(
      `Your note to the mentor can have at most ${maxBookingNoteLength} characters`,
    );
    expect(await sessionCount(ctx.database.db)).toBe(before);
  });

  it('is refused by the database itself past the limit', async () => {
    const { advisor, topic } = await createMentor(ctx.database.db);
    const advisee = await newAdvisee(ctx.database.db);
    const slot = await freeSlot(ctx.app, advisor.id);
    const res = await book(ctx, advisee, bookingPayload(advisor.id, topic.id, slot));
    const { id } = res.json().data as { id: number };
    await expect(
      ctx.database.db
        .update(sessions)
        .set({ note: 'x'.repeat(maxBookingNoteLength + 1) })
        .where(eq(sessions.id, id)),
    ).rejects.toThrow();
  });
});
