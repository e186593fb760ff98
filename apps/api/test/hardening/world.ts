import type { BookableSlot } from '@myprosper/contract/slots';
import { encodeBase64Url } from '@myprosper/contract/validation';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { actionItems } from '../../src/db/schema/journal.ts';
import { sessionParticipants } from '../../src/db/schema/sessions.ts';
import { users } from '../../src/db/schema/users.ts';
import {
  createAdmin,
  createAdvisee,
  createAdvisor,
  createBookedSession,
  createIndustry,
  createTopic,
  type UserRow,
} from '../../src/db/seed/factories.ts';
import { randomIp } from '../../src/features/auth/auth.test-helpers.ts';
import {
  availabilityOf,
  bearer,
  bookingPayload,
  everyDay,
  setTestPrices,
} from '../../src/features/booking/booking.test-helpers.ts';
import { wasInCall } from '../../src/features/calls/calls.test-helpers.ts';
import { phones } from '../../src/features/payments/payments.test-helpers.ts';
import { multipartBody, pngBytes } from '../../src/features/profiles/profiles.test-helpers.ts';
import type { TestContext } from '../test-app.ts';

/**
 * The people of the hardening suites and what each of them owns: an advisee with sessions (confirmed, unpaid,
 * past, about to start, to cancel, to move, a group one with an invitation), a payment attempt, a voucher, a
 * self assessment and an uploaded photo, all with one mentor; and another advisee, another mentor and an admin
 * who own nothing of theirs.
 */
export interface World {
  advisee: UserRow;
  otherAdvisee: UserRow;
  mentor: UserRow;
  otherMentor: UserRow;
  admin: UserRow;
  /** Invited to the advisee's group session; not one of the callers. */
  invitee: UserRow;
  topicId: number;
  industryId: number;
  sessions: {
    confirmed: number;
    unpaid: number;
    past: number;
    startingNow: number;
    toCancel: number;
    toMove: number;
    group: number;
  };
  /** Action items the mentor gave the advisee in the past session: one to tick, one to remove (issue 24). */
  actionItems: { toTick: number; toRemove: number };
  /** The advisee's voucher (bought, not paid). */
  voucherReference: string;
  /** /uploads/images/<name> of the advisee's photo. */
  uploadPath: string;
  /** Free hours of the mentor no session holds, for calls that book or move. */
  freeSlots: BookableSlot[];
  /** What must never reach anyone but the advisee, the mentor of their sessions and admins. */
  adviseeSecrets: string[];
}

const hour = 3_600_000;

async function call(
  app: FastifyInstance,
  user: UserRow,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  const res = await app.inject({
    method,
    url: `/myprosper/api${url}`,
    headers: await bearer(app, user),
    remoteAddress: randomIp(),
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as { message: string; data: Record<string, unknown> };
}

export async function buildWorld(ctx: TestContext): Promise<World> {
  const db = ctx.database.db;
  const app = ctx.app;
  await setTestPrices(db);
  const topic = await createTopic(db);
  const industry = await createIndustry(db);
  const mentor = await createAdvisor(db, { topicIds: [topic.id], availability: everyDay });
  const otherMentor = await createAdvisor(db, { topicIds: [topic.id], availability: everyDay });
  const advisee = await createAdvisee(db, { dob: '1995-03-04', occupation: 'Nurse' });
  const otherAdvisee = await createAdvisee(db);
  const invitee = await createAdvisee(db);
  const admin = await createAdmin(db);

  const booked = (startsAt: Date, status?: 'PENDING_PAYMENT' | 'CONFIRMED') =>
    createBookedSession(db, {
      advisorId: mentor.id,
      adviseeId: advisee.id,
      topicId: topic.id,
      startsAt,
      status,
    });
  // On whole hours, written straight to the database; the hours the API still offers are taken from it after.
  const inDays = (days: number) => new Date(Math.floor((Date.now() + days * 24 * hour) / hour) * hour);
  const confirmed = await booked(inDays(3));
  const past = await booked(inDays(-2));
  // The advisee was in its call for the whole hour: they may rate it.
  await wasInCall(db, { sessionId: past.id, userId: advisee.id, role: 'ADVISEE', at: past.startsAt });
  const startingNow = await booked(new Date(Date.now() + 5 * 60_000));
  const toCancel = await booked(inDays(5));
  const toMove = await booked(inDays(6));
  const unpaid = await booked(inDays(7), 'PENDING_PAYMENT');

  const [toTick, toRemove] = await db
    .insert(actionItems)
    .values(
      ['Matrix item to tick', 'Matrix item to remove'].map((title) => ({
        sessionId: past.id,
        adviseeId: advisee.id,
        title,
      })),
    )
    .returning({ id: actionItems.id });

  const { bookableSlots } = await availabilityOf(app, mentor.id);
  const taken = new Set(
    [confirmed, past, startingNow, toCancel, toMove, unpaid].map((s) => s.startsAt.getTime()),
  );
  const free = bookableSlots.filter((slot) => !taken.has(new Date(slot.startsAt).getTime()));
  const groupSlot = free.pop();
  if (!groupSlot || free.length < 20) throw new Error('the mentor has too few free hours');
  const group = await call(
    app,
    advisee,
    'POST',
    '/bookSession',
    bookingPayload(mentor.id, topic.id, groupSlot, {
      sessionType: 'GROUP',
      otherAttendees: [`0${invitee.phoneNumber!.slice(3)}`],
    }),
  );

  // Its invitation as if the host had paid and the SMS had gone out (only then does the link answer).
  await db
    .update(sessionParticipants)
    .set({ invitedAt: new Date() })
    .where(
      and(eq(sessionParticipants.sessionId, Number(group.data.id)), eq(sessionParticipants.isHost, false)),
    );

  // A payment attempt whose callback never comes: it stays pending, whatever runs later.
  await call(app, advisee, 'POST', '/makeMpesaPayment', {
    phoneNumber: phones.noCallback,
    sessionId: unpaid.id,
  });
  const voucher = await call(app, advisee, 'POST', '/createVoucher', {
    adviseeId: advisee.id,
    recipientName: 'Amani Otieno',
    recipientEmail: 'amani.recipient@example.com',
    recipientPhoneNumber: '+254711000222',
    topicId: topic.id,
    advisorId: mentor.id,
    amount: 1,
    paymentMode: 'CARD',
    mpesaPhoneNumber: 'N/A',
    recipientNote: 'A private note for Amani',
  });
  await call(app, advisee, 'POST', '/selfAssessment', {
    adviseeId: advisee.id,
    strugglingWith: 'A private struggle of the advisee',
    strugglingWithThisArea: 'Nervous in meetings',
    howHaveYouAddresses: 'Practised with friends',
    additionalInformation: 'Presents monthly',
  });
  const photo = await multipartBody(
    { fileType: 'IMAGE' },
    { file: { bytes: await pngBytes(64, 64), name: 'me.png' } },
  );
  const upload = await app.inject({
    method: 'POST',
    url: '/myprosper/api/uploadFile',
    headers: { ...(await bearer(app, advisee)), ...photo.headers },
    payload: photo.payload,
  });
  expect(upload.statusCode, upload.body).toBe(200);

  return {
    advisee,
    otherAdvisee,
    mentor,
    otherMentor,
    admin,
    invitee,
    topicId: topic.id,
    industryId: industry.id,
    sessions: {
      confirmed: confirmed.id,
      unpaid: unpaid.id,
      past: past.id,
      startingNow: startingNow.id,
      toCancel: toCancel.id,
      toMove: toMove.id,
      group: Number(group.data.id),
    },
    actionItems: { toTick: toTick!.id, toRemove: toRemove!.id },
    voucherReference: voucher.message,
    uploadPath: new URL(upload.json().message as string, 'http://x').pathname,
    freeSlots: free,
    adviseeSecrets: [
      advisee.email,
      advisee.phoneNumber!,
      confirmed.reference,
      unpaid.reference,
      voucher.message,
      'A private struggle of the advisee',
      'A private note for Amani',
      'amani.recipient@example.com',
    ],
  };
}

/** The user as the database has them now (a log-out or password change bumps the token version). */
export async function fresh(ctx: TestContext, user: UserRow): Promise<UserRow> {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
  if (!row) throw new Error(`user ${user.id} is gone`);
  return row;
}

/** The base64 phone of an invitation link. */
export const linkPhone = (user: UserRow) => encodeBase64Url(user.phoneNumber!);
