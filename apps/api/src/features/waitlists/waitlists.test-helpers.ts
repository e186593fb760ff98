import type { BookableSlot } from '@myprosper/contract/slots';
import { waitlistWindowDays } from '@myprosper/contract/waitlists';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import type { Db } from '../../db/connection.ts';
import { createAdvisee, type UserRow, type WeeklyHours } from '../../db/seed/factories.ts';
import {
  api,
  availabilityOf,
  bearer,
  book,
  bookingPayload,
  createMentor,
} from '../booking/booking.test-helpers.ts';
import { WaitlistsService } from './waitlists.service.ts';

/** Helpers of the waitlists integration tests. */

type Person = Pick<UserRow, 'id' | 'role' | 'tokenVersion'>;

/** The waitlists service of a test app, built as its plugin builds it (tests run its job's work themselves). */
export function waitlistsOf(ctx: TestContext): WaitlistsService {
  return new WaitlistsService(ctx.database.db, ctx.env, {
    mailer: ctx.app.mailer,
    sms: () => (ctx.app.hasDecorator('sms') ? ctx.app.sms : null),
    log: ctx.app.log,
  });
}

export async function waitlistCall(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'DELETE',
  person: Person | null,
  advisorId: number,
) {
  return ctx.app.inject({
    method,
    url: `${api}/waitlists/mentors/${advisorId}`,
    headers: person ? await bearer(ctx.app, person) : {},
  });
}

/** The mentor's free hours within the waitlist window, soonest first. */
export async function windowSlots(ctx: TestContext, advisorId: number): Promise<BookableSlot[]> {
  const end = Date.now() + waitlistWindowDays * 86_400_000;
  return (await availabilityOf(ctx.app, advisorId)).bookableSlots.filter(
    (slot) => new Date(slot.startsAt).getTime() < end,
  );
}

/**
 * A mentor free at the weekly hours given whose every hour in the next 14 days is booked (held unpaid), each
 * by a booker of its own; answers the mentor, their topic, and the booked sessions with their bookers.
 */
export async function fullMentor(ctx: TestContext, hours: WeeklyHours) {
  const db = ctx.database.db;
  const { advisor, topic } = await createMentor(db, hours);
  const slots = await windowSlots(ctx, advisor.id);
  expect(slots.length).toBeGreaterThan(0);
  const booked: Array<{ sessionId: number; booker: UserRow; slot: BookableSlot }> = [];
  for (const slot of slots) {
    const booker = await createAdvisee(db);
    const res = await book(ctx, booker, bookingPayload(advisor.id, topic.id, slot));
    expect(res.statusCode, res.body).toBe(200);
    booked.push({ sessionId: res.json().data.id, booker, slot });
  }
  expect(await windowSlots(ctx, advisor.id)).toEqual([]);
  return { advisor, topic, booked };
}

export type HoldRow = {
  id: number;
  advisee_id: number;
  starts_at: Date;
  expires_at: Date;
  status: string;
};

export async function holdsOf(db: Db, advisorId: number): Promise<HoldRow[]> {
  const result = await db.execute<HoldRow>(
    sql`select id, advisee_id, starts_at, expires_at, status from waitlist_holds
        where advisor_id = ${advisorId} order by id`,
  );
  return result.rows;
}

export async function entryStatus(db: Db, advisorId: number, adviseeId: number): Promise<string[]> {
  const result = await db.execute<{ status: string }>(
    sql`select status from waitlist_entries where advisor_id = ${advisorId} and advisee_id = ${adviseeId} order by id`,
  );
  return result.rows.map((row) => row.status);
}

/** Ends a waitlist hold's minutes as if they had run out. */
export async function lapseWaitlistHold(db: Db, holdId: number) {
  await db.execute(
    sql`update waitlist_holds set expires_at = now() - interval '1 minute' where id = ${holdId}`,
  );
}
