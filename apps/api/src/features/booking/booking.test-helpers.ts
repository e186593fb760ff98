import type { BookSessionRequest } from '@myprosper/contract/booking';
import type { BookableSlot } from '@myprosper/contract/slots';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import type { Db } from '../../db/connection.ts';
import { sessions } from '../../db/schema/sessions.ts';
import {
  createAdvisee,
  createAdvisor,
  createTopic,
  setPricing,
  type UserRow,
  type WeeklyHours,
} from '../../db/seed/factories.ts';

/** Helpers of the booking and sessions integration tests. */

export const api = '/myprosper/api';

/** Every session hour of every day: tests pick real free slots from the API. */
export const everyDay: WeeklyHours = Object.fromEntries(
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => [
    day,
    [6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20, 21],
  ]),
);

/** A bearer token for a user, signed the way log-in signs it. */
export async function bearer(app: FastifyInstance, user: Pick<UserRow, 'id' | 'role' | 'tokenVersion'>) {
  const token = await app.tokens.sign({ userId: user.id, role: user.role, version: user.tokenVersion });
  return { authorization: `Bearer ${token}` };
}

/** Prices used by the tests: individual 2500 + 16 % = 2900; group 5000 + 16 % = 5800. */
export async function setTestPrices(db: Db) {
  await setPricing(db, { priceType: 'INDIVIDUAL', baseSessionPrice: 2500, vatTax: 16 });
  await setPricing(db, { priceType: 'GROUP', baseSessionPrice: 5000, vatTax: 16 });
}

/** A mentor giving one topic, free at the hours given (every hour of every day by default). */
export async function createMentor(db: Db, availability: WeeklyHours = everyDay) {
  const topic = await createTopic(db);
  const advisor = await createAdvisor(db, { topicIds: [topic.id], availability });
  return { advisor, topic };
}

export async function availabilityOf(
  app: FastifyInstance,
  advisorId: number,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({ method: 'GET', url: `${api}/getAdvisorAvailability/${advisorId}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    sessionAvailabilities: Array<{ dayName: string; sessionTimeSlots: unknown[]; sessionDates: string[] }>;
    bookableSlots: BookableSlot[];
  };
}

/** The n-th free slot of a mentor (0 = the soonest). */
export async function freeSlot(app: FastifyInstance, advisorId: number, index = 0): Promise<BookableSlot> {
  const { bookableSlots } = await availabilityOf(app, advisorId);
  const slot = bookableSlots[index];
  if (!slot) throw new Error(`mentor ${advisorId} has no free slot number ${index}`);
  return slot;
}

export function bookingPayload(
  advisorId: number,
  topicId: number,
  slot: Pick<BookableSlot, 'date' | 'time'>,
  overrides: Partial<BookSessionRequest> = {},
): BookSessionRequest {
  return {
    topicId,
    selectedDate: slot.date,
    selectedTime: slot.time,
    otherAttendees: [],
    sessionType: 'INDIVIDUAL',
    advisorId,
    paymentMode: 'MPESA',
    phoneNumber: 'N/A',
    voucherCode: 'N/A',
    ...overrides,
  };
}

export async function book(
  ctx: TestContext,
  user: Pick<UserRow, 'id' | 'role' | 'tokenVersion'>,
  payload: BookSessionRequest | Record<string, unknown>,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `${api}/bookSession`,
    headers: await bearer(ctx.app, user),
    payload,
  });
}

export async function newAdvisee(db: Db, overrides: Parameters<typeof createAdvisee>[1] = {}) {
  return createAdvisee(db, overrides);
}

export async function sessionCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sessions);
  return row?.n ?? 0;
}

/** Ends a session's unpaid hold as if its minutes had run out. */
export async function lapseHold(db: Db, sessionId: number) {
  await db
    .update(sessions)
    .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
    .where(eq(sessions.id, sessionId));
}
