import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { wireFeatures } from '../../app.ts';
import { createAdmin } from '../../db/seed/factories.ts';
import { AttendanceRepository } from './attendance.repository.ts';
import { CallsRepository } from './calls.repository.ts';
import { bearerOf, minute, sessionAt, wasInCall } from './calls.test-helpers.ts';
import type { NoShowService } from './no-show.service.ts';

let ctx: TestContext;
let noShows: NoShowService;

beforeAll(async () => {
  ctx = await createTestApp();
  // The job's work, run by the tests (test-app keeps its schedule out of the way).
  noShows = wireFeatures(ctx.app).noShows;
});

afterAll(async () => {
  await ctx?.close();
});

async function refundAskedAt(sessionId: number): Promise<Date | null> {
  return (await new CallsRepository(ctx.database.db).findCall(sessionId))?.refundRequestedAt ?? null;
}

async function summaryOf(sessionId: number, as: Parameters<typeof bearerOf>[1]) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/myprosper/api/calls/${sessionId}`,
    headers: await bearerOf(ctx.app, as),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** In the call from `at` on (still in it). */
async function joined(sessionId: number, userId: number, role: 'ADVISOR' | 'ADVISEE', at: Date) {
  await wasInCall(ctx.database.db, { sessionId, userId, role, at });
}

describe('no-shows', () => {
  it('marks a mentor absent 10 minutes after the start as a no-show and has the refund made, once', async () => {
    // A mentor in the call is decided only once it has closed, by their minutes in it (presence.integration).
    const absent = await sessionAt(ctx.database.db, new Date(Date.now() - 11 * minute));
    const present = await sessionAt(ctx.database.db, new Date(Date.now() - 12 * minute));
    await joined(present.session.id, present.mentor.id, 'ADVISOR', new Date(Date.now() - 8 * minute));
    const notYet = await sessionAt(ctx.database.db, new Date(Date.now() - 5 * minute));

    await noShows.run();
    const summary = await summaryOf(absent.session.id, absent.host);
    expect(summary.mentorNoShow).toBe(true);
    expect(summary.people[0]).toMatchObject({ userId: absent.mentor.id, role: 'ADVISOR', noShow: true });
    expect((await summaryOf(present.session.id, present.host)).mentorNoShow).toBeNull();
    expect((await summaryOf(notYet.session.id, notYet.host)).mentorNoShow).toBeNull();
    // The refund (payments/mentor-no-show.integration.test.ts has the money) is asked of a no-show only, once.
    const asked = await refundAskedAt(absent.session.id);
    expect(asked).not.toBeNull();
    expect(await refundAskedAt(present.session.id)).toBeNull();
    await noShows.run();
    expect(await refundAskedAt(absent.session.id)).toEqual(asked);
  });

  it('marks mentees who never joined as no-shows once the call has closed, and ends the call', async () => {
    const { mentor, host, others, session } = await sessionAt(
      ctx.database.db,
      new Date(Date.now() - 75 * minute),
      { attendees: 1 },
    );
    await joined(session.id, mentor.id, 'ADVISOR', new Date(Date.now() - 74 * minute));
    await new CallsRepository(ctx.database.db).markStarted(
      session.id,
      mentor.id,
      new Date(Date.now() - 74 * minute),
    );
    await joined(session.id, host.id, 'ADVISEE', new Date(Date.now() - 70 * minute));

    await noShows.run();
    const summary = await summaryOf(session.id, mentor);
    expect(summary.callStatus).toBe('ENDED');
    expect(summary.mentorNoShow).toBe(false);
    expect(summary.adviseeNoShow).toBe(true);
    expect(summary.decidedAt).not.toBeNull();
    const byId = new Map(summary.people.map((p: { userId: number }) => [p.userId, p]));
    expect(byId.get(host.id)).toMatchObject({ role: 'ADVISEE', noShow: false });
    expect(byId.get(others[0]!.id)).toMatchObject({ role: 'ADVISEE', noShow: true, firstJoinedAt: null });
  });

  it('takes a correction (the admin feature makes it), and a mentor no-show set so is refunded with it', async () => {
    const { mentor, host, session } = await sessionAt(ctx.database.db, new Date(Date.now() - 16 * minute));
    await joined(session.id, mentor.id, 'ADVISOR', new Date(Date.now() - 15 * minute));
    await noShows.run();
    expect((await summaryOf(session.id, host)).mentorNoShow).toBeNull();

    const admin = await createAdmin(ctx.database.db);
    const found = await new CallsRepository(ctx.database.db).findSession(session.id);
    const expected = await new AttendanceRepository(ctx.database.db).expectedPeople(session.id);
    await noShows.override(
      found!,
      admin.id,
      expected,
      { people: [{ userId: mentor.id, noShow: true }] },
      new Date(),
    );
    const summary = await summaryOf(session.id, admin);
    expect(summary).toMatchObject({ mentorNoShow: true });
    expect(summary.overriddenAt).not.toBeNull();
    expect(summary.people[0]).toMatchObject({ userId: mentor.id, noShow: true });
    expect(await refundAskedAt(session.id)).not.toBeNull();
  });
});
