import { formatDateChip } from '@myprosper/contract/dates';
import { localDateTimeOf } from '@myprosper/contract/slots';
import { encodeBase64Url } from '@myprosper/contract/validation';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { outboxMessages } from '../../db/schema/messaging.ts';
import { sessionNotifications } from '../../db/schema/notifications.ts';
import { sessionParticipants } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { createAdvisee, createBookedSession, type UserRow, uniquePhone } from '../../db/seed/factories.ts';
import {
  availabilityOf,
  bearer,
  book,
  bookingPayload,
  createMentor,
  setTestPrices,
} from '../booking/booking.test-helpers.ts';
import { checkout, fundWallet } from '../payments/payments.test-helpers.ts';
import { notificationsJobName } from './notifications.job.ts';
import { NotificationsService } from './notifications.service.ts';

const minute = 60_000;
const hour = 60 * minute;
const publicUrl = 'https://myprosper.test';
/** A whole hour some hours from now. */
const hoursFromNow = (hours: number) => new Date(Math.floor(Date.now() / hour + hours) * hour);

interface OutboxRow {
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string | null;
  body: string;
}

describe('session messages: invitations, confirmations, reschedule notices and reminders', () => {
  let ctx: TestContext;
  let service: NotificationsService;

  beforeAll(async () => {
    ctx = await createTestApp({ JOBS_ENABLED: 'false', PUBLIC_URL: publicUrl });
    await setTestPrices(ctx.database.db);
    service = new NotificationsService({
      db: ctx.database.db,
      env: ctx.env,
      mailer: ctx.app.mailer,
      sms: ctx.app.sms,
      log: ctx.app.log,
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const messagesTo = async (recipient: string): Promise<OutboxRow[]> => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/dev/outbox.json?to=${encodeURIComponent(recipient)}`,
    });
    return res.json().data as OutboxRow[];
  };
  /** Messages in the outbox to these people (e-mail and phone), or to anyone. */
  const outboxCount = async (people?: readonly UserRow[]) => {
    const recipients = people?.flatMap((p) => [p.email, p.phoneNumber ?? '']);
    const [row] = await ctx.database.db
      .select({ n: count() })
      .from(outboxMessages)
      .where(recipients ? inArray(outboxMessages.recipient, recipients) : undefined);
    return row?.n ?? 0;
  };
  /**
   * Runs the job's work at `now` (over every session of this file), and answers what reached these people
   * (or anyone) meanwhile.
   */
  const runAt = async (now: Date, people?: readonly UserRow[]) => {
    const before = await outboxCount(people);
    const report = await service.dispatchDue(now);
    return { report, added: (await outboxCount(people)) - before };
  };
  const when = (startsAt: Date) => {
    const local = localDateTimeOf(startsAt, 'Africa/Nairobi');
    return `${formatDateChip(local.date)} at ${local.time} (Nairobi time)`;
  };

  /** A confirmed group session (host and one accepted attendee) with a mentor, starting at `startsAt`. */
  async function confirmedSession(startsAt: Date, status: 'CONFIRMED' | 'PENDING_PAYMENT' = 'CONFIRMED') {
    const db = ctx.database.db;
    const { advisor, topic } = await createMentor(db);
    const host = await createAdvisee(db);
    const attendee = await createAdvisee(db);
    const session = await createBookedSession(db, {
      advisorId: advisor.id,
      adviseeId: host.id,
      topicId: topic.id,
      startsAt,
      status,
      attendees: [{ adviseeId: attendee.id }],
    });
    return { session, advisor, topic, host, attendee, people: [host, attendee, advisor] as UserRow[] };
  }

  it('sends each invited number an SMS with its link once the host paid, once, and nothing to their account', async () => {
    const db = ctx.database.db;
    const { advisor, topic } = await createMentor(db);
    const host = await createAdvisee(db, { name: 'Amina Otieno' });
    const registered = await createAdvisee(db);
    const newcomer = uniquePhone();
    const slot = (await availabilityOf(ctx.app, advisor.id)).bookableSlots.find(
      (s) => new Date(s.startsAt).getTime() > Date.now() + 48 * hour,
    )!;
    const booked = await book(
      ctx,
      host,
      bookingPayload(advisor.id, topic.id, slot, {
        sessionType: 'GROUP',
        otherAttendees: [registered.phoneNumber!, `0${newcomer.slice(3)}`],
      }),
    );
    expect(booked.statusCode, booked.body).toBe(200);
    const sessionId = booked.json().data.id as number;
    const startsAt = new Date(slot.startsAt);

    // Unpaid: the host has their booking confirmation (pay before the hold runs out); no invitation goes
    // out, and the mentor hears of it once it is paid.
    const unpaid = await runAt(new Date());
    expect(unpaid.report.failed).toBe(0);
    expect(await messagesTo(newcomer)).toEqual([]);
    expect(await messagesTo(registered.phoneNumber!)).toEqual([]);
    const hostMessages = await messagesTo(host.email);
    expect(hostMessages.map((m) => m.subject)).toEqual([
      `Session booked: ${topic.name} with ${advisor.name}`,
    ]);
    expect(hostMessages[0]?.body).toContain('Please pay by');
    expect(await messagesTo(host.phoneNumber!)).toHaveLength(1);
    expect(await messagesTo(advisor.email)).toEqual([]);

    await fundWallet(ctx, host, 50_000);
    expect((await checkout(ctx, host, sessionId)).statusCode).toBe(200);
    const { report } = await runAt(new Date());
    expect(report.failed).toBe(0);
    const [sms] = await messagesTo(newcomer);
    expect(sms?.channel).toBe('SMS');
    expect(sms?.body).toBe(
      `MyProsper invitation: a group session on ${topic.name} with ${advisor.name}, ${when(startsAt)}, from Amina Otieno. Accept: ${publicUrl}/invitation/${sessionId}/${encodeBase64Url(newcomer)}`,
    );
    // A number that has an account is written to as a number: its owner's e-mail gets nothing.
    const registeredSms = await messagesTo(registered.phoneNumber!);
    expect(registeredSms).toHaveLength(1);
    expect(registeredSms[0]?.body).toContain(
      `/invitation/${sessionId}/${encodeBase64Url(registered.phoneNumber!)}`,
    );
    expect(await messagesTo(registered.email)).toEqual([]);
    const invited = await db
      .select({ invitedAt: sessionParticipants.invitedAt })
      .from(sessionParticipants)
      .where(and(eq(sessionParticipants.sessionId, sessionId), eq(sessionParticipants.isHost, false)));
    expect(invited.map((row) => row.invitedAt !== null)).toEqual([true, true]);

    const second = await runAt(new Date());
    expect(second.added).toBe(0);
    expect(second.report.sent).toBe(0);
  });

  it('sends no SMS to an account whose phone is not verified: e-mail only', async () => {
    const startsAt = hoursFromNow(72);
    const { people } = await confirmedSession(startsAt);
    await ctx.database.db
      .update(users)
      .set({ phoneVerifiedAt: null })
      .where(
        inArray(
          users.id,
          people.map((p) => p.id),
        ),
      );
    await runAt(new Date(), people);
    for (const person of people) {
      expect((await messagesTo(person.phoneNumber!)).length, person.email).toBe(0);
      expect((await messagesTo(person.email)).length, person.email).toBe(1);
    }
  });

  it('confirms, then reminds 24 hours and 1 hour before the start, each once, attendees and mentor alike', async () => {
    const startsAt = hoursFromNow(72);
    const { session, topic, advisor, host, attendee, people } = await confirmedSession(startsAt);
    const recipients = people.flatMap((p) => [p.email, p.phoneNumber!]);

    expect((await runAt(new Date(), people)).added).toBe(6);
    for (const recipient of recipients) expect(await messagesTo(recipient)).toHaveLength(1);
    const [mentorSms] = await messagesTo(advisor.phoneNumber!);
    expect(mentorSms?.body).toBe(
      `New MyProsper group session: ${topic.name} with ${host.name} and 1 other, ${when(startsAt)}. Ref ${session.reference}. ${publicUrl}/sessions/${session.id}`,
    );
    const [attendeeSms] = await messagesTo(attendee.phoneNumber!);
    expect(attendeeSms?.body).toContain(`A MyProsper group session was booked for you by ${host.name}.`);

    expect((await runAt(new Date(), people)).added).toBe(0);
    expect((await runAt(new Date(startsAt.getTime() - 25 * hour), people)).added).toBe(0);

    const dayBefore = new Date(startsAt.getTime() - 24 * hour + minute);
    expect((await runAt(dayBefore, people)).added).toBe(6);
    const [reminder] = await messagesTo(host.phoneNumber!);
    expect(reminder?.body).toBe(
      `Reminder: your MyProsper group session on ${topic.name} with ${advisor.name} is on ${when(startsAt)}. ${publicUrl}/sessions/${session.id}`,
    );
    expect((await runAt(dayBefore, people)).added).toBe(0);
    expect((await runAt(new Date(startsAt.getTime() - 2 * hour), people)).added).toBe(0);

    const hourBefore = new Date(startsAt.getTime() - 59 * minute);
    expect((await runAt(hourBefore, people)).added).toBe(6);
    const [soon] = await messagesTo(attendee.email);
    expect(soon?.subject).toBe(
      `Starting soon: ${topic.name} with ${advisor.name} at ${localDateTimeOf(startsAt, 'Africa/Nairobi').time}`,
    );
    expect((await runAt(hourBefore, people)).added).toBe(0);
    expect((await runAt(new Date(startsAt.getTime() + minute), people)).added).toBe(0);
    for (const recipient of recipients) expect(await messagesTo(recipient)).toHaveLength(3);
  });

  it('reminds an attendee who accepted and has not paid their share to pay; the host is only reminded', async () => {
    const db = ctx.database.db;
    const { advisor, topic } = await createMentor(db);
    const host = await createAdvisee(db);
    const attendee = await createAdvisee(db);
    const startsAt = hoursFromNow(80);
    const session = await createBookedSession(db, {
      advisorId: advisor.id,
      adviseeId: host.id,
      topicId: topic.id,
      startsAt,
      attendees: [{ adviseeId: attendee.id, paymentStatus: 'UNPAID' }],
    });
    const people = [host, attendee];
    await runAt(new Date(), people);
    await runAt(new Date(startsAt.getTime() - 24 * hour + minute), people);
    const link = `${publicUrl}/sessions/${session.id}`;
    // The outbox answers newest first.
    const [dayBefore] = await messagesTo(attendee.phoneNumber!);
    expect(dayBefore?.body).toBe(
      `Reminder: your MyProsper group session on ${topic.name} with ${advisor.name} is on ${when(startsAt)}. Your share is not paid yet: please pay it on the session page. ${link}`,
    );
    const [hostReminder] = await messagesTo(host.phoneNumber!);
    expect(hostReminder?.body).toMatch(/^Reminder: /);
    expect(hostReminder?.body).not.toContain('not paid');

    await runAt(new Date(startsAt.getTime() - 59 * minute), people);
    const [soon] = await messagesTo(attendee.phoneNumber!);
    expect(soon?.body).toContain('Your share is not paid yet: please pay it on the session page. Pay: ');
    const [soonMail] = await messagesTo(attendee.email);
    expect(soonMail?.body).toContain('Your share is not paid yet: please pay it on the session page.');
  });

  it('sends a booking made 5 hours ahead its confirmation, not also the 24-hour reminder', async () => {
    const startsAt = hoursFromNow(5);
    const { host, people } = await confirmedSession(startsAt);
    expect((await runAt(new Date(), people)).added).toBe(6);
    expect((await messagesTo(host.email)).map((m) => m.subject?.startsWith('Session booked'))).toEqual([
      true,
    ]);
    expect((await runAt(new Date(startsAt.getTime() - 30 * minute), people)).added).toBe(6);
  });

  it('after a long stop sends only the latest reminder still due', async () => {
    const startsAt = hoursFromNow(30);
    const { host, people } = await confirmedSession(startsAt);
    await runAt(new Date());
    // Nothing ran during the whole day before: only the 1-hour reminder goes.
    expect((await runAt(new Date(startsAt.getTime() - 40 * minute), people)).added).toBe(6);
    const subjects = (await messagesTo(host.email)).map((m) => m.subject ?? '');
    expect(subjects[0]).toMatch(/^Starting soon/);
    expect((await runAt(new Date(startsAt.getTime() - 20 * minute), people)).added).toBe(0);
  });

  it('sends nothing for sessions that expired unpaid, were cancelled or are over', async () => {
    const db = ctx.database.db;
    const { advisor, topic } = await createMentor(db);
    const hosts = await Promise.all([1, 2, 3, 4].map(() => createAdvisee(db)));
    const base = { advisorId: advisor.id, topicId: topic.id };
    await createBookedSession(db, {
      ...base,
      adviseeId: hosts[0]!.id,
      startsAt: hoursFromNow(30),
      status: 'PENDING_PAYMENT',
      holdExpiresAt: new Date(Date.now() - minute),
    });
    await createBookedSession(db, {
      ...base,
      adviseeId: hosts[1]!.id,
      startsAt: hoursFromNow(31),
      status: 'EXPIRED',
    });
    await createBookedSession(db, {
      ...base,
      adviseeId: hosts[2]!.id,
      startsAt: hoursFromNow(32),
      status: 'CANCELLED',
    });
    await createBookedSession(db, { ...base, adviseeId: hosts[3]!.id, startsAt: hoursFromNow(-3) });

    await runAt(new Date());
    for (const host of hosts) expect(await messagesTo(host.email)).toEqual([]);
    expect(await messagesTo(advisor.email)).toEqual([]);
  });

  it('gives a booking that then expires unpaid no reminders', async () => {
    const startsAt = hoursFromNow(48);
    const { host, advisor, people } = await confirmedSession(startsAt, 'PENDING_PAYMENT');
    expect((await runAt(new Date(), people)).added).toBe(4); // host and attendee; the mentor waits for payment
    expect(await messagesTo(advisor.email)).toEqual([]);
    // The 15-minute hold is long over a day later.
    expect((await runAt(new Date(startsAt.getTime() - 23 * hour), people)).added).toBe(0);
    expect((await runAt(new Date(startsAt.getTime() - 30 * minute), people)).added).toBe(0);
    expect(await messagesTo(host.email)).toHaveLength(1);
  });

  it('tells everyone when a session moves, and reminds them of its new hour', async () => {
    const { advisor, topic } = await createMentor(ctx.database.db);
    const host = await createAdvisee(ctx.database.db);
    const slots = (await availabilityOf(ctx.app, advisor.id)).bookableSlots.filter(
      (s) => new Date(s.startsAt).getTime() > Date.now() + 50 * hour,
    );
    const [first, later] = [slots[0]!, slots[30]!];
    const session = await createBookedSession(ctx.database.db, {
      advisorId: advisor.id,
      adviseeId: host.id,
      topicId: topic.id,
      startsAt: new Date(first.startsAt),
    });
    const people = [host, advisor];
    expect((await runAt(new Date(), people)).added).toBe(4);

    const moved = await ctx.app.inject({
      method: 'POST',
      url: '/myprosper/api/rescheduleSession',
      headers: await bearer(ctx.app, host),
      payload: { sessionId: session.id, selectedDate: later.date, selectedTime: later.time },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const newStart = new Date(later.startsAt);

    expect((await runAt(new Date(), people)).added).toBe(4);
    const [notice] = await messagesTo(host.phoneNumber!);
    expect(notice?.body).toBe(
      `Your MyProsper session on ${topic.name} with ${advisor.name} has moved to ${when(newStart)}. Ref ${session.reference}. ${publicUrl}/sessions/${session.id}`,
    );
    const [mentorMail] = await messagesTo(advisor.email);
    expect(mentorMail?.subject).toMatch(/^Session moved:/);
    expect((await runAt(new Date(), people)).added).toBe(0);

    // The old hour is forgotten; the new one is reminded.
    expect((await runAt(new Date(new Date(first.startsAt).getTime() - 23 * hour), people)).added).toBe(0);
    expect((await runAt(new Date(newStart.getTime() - 23 * hour), people)).added).toBe(4);
  });

  it('tries a failed SMS again, three times in all', async () => {
    const { advisor, topic } = await createMentor(ctx.database.db);
    // The sandbox fails this number with a gateway error.
    const host = await createAdvisee(ctx.database.db, { phoneNumber: '254700000500' });
    const session = await createBookedSession(ctx.database.db, {
      advisorId: advisor.id,
      adviseeId: host.id,
      topicId: topic.id,
      startsAt: hoursFromNow(60),
    });
    const smsRow = async () => {
      const [row] = await ctx.database.db
        .select()
        .from(sessionNotifications)
        .where(
          and(
            eq(sessionNotifications.sessionId, session.id),
            eq(sessionNotifications.channel, 'SMS'),
            eq(sessionNotifications.recipient, '254700000500'),
          ),
        );
      return row;
    };
    expect((await runAt(new Date())).report).toMatchObject({ sent: 3, failed: 1 });
    expect(await smsRow()).toMatchObject({
      status: 'FAILED',
      attempts: 1,
      error: 'InternalServerError (500)',
    });
    expect((await runAt(new Date())).report).toMatchObject({ sent: 0, failed: 1 });
    expect((await runAt(new Date())).report).toMatchObject({ sent: 0, failed: 1 });
    expect((await runAt(new Date())).report).toMatchObject({ sent: 0, failed: 0 });
    expect(await smsRow()).toMatchObject({ status: 'FAILED', attempts: 3 });
    expect(await messagesTo(host.email)).toHaveLength(1);
  });

  it('sends each message once when two runs overlap', async () => {
    const { people } = await confirmedSession(hoursFromNow(80));
    const before = await outboxCount();
    await Promise.all([service.dispatchDue(new Date()), service.dispatchDue(new Date())]);
    expect((await outboxCount()) - before).toBe(6);
    for (const person of people) expect(await messagesTo(person.email)).toHaveLength(1);
  });

  it('runs as a pg-boss job: a restarted app sends what is due and nothing already sent', async () => {
    const earlier = await confirmedSession(hoursFromNow(90));
    await runAt(new Date());

    const restarted = await buildApp({
      env: { ...ctx.env, JOBS_ENABLED: true, JOBS_POLL_SECONDS: 0.5 },
      database: ctx.database,
      signingSecret: 'test-secret-'.padEnd(48, 'x'),
      logger: false,
    });
    try {
      await restarted.ready();
      const later = await confirmedSession(hoursFromNow(91));
      await restarted.jobs.trigger(notificationsJobName);
      await expect.poll(async () => (await messagesTo(later.host.email)).length, { timeout: 20_000 }).toBe(1);
      for (const person of earlier.people) expect(await messagesTo(person.email)).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });

  it('sends the invitations as soon as the host paid, without waiting for the schedule', async () => {
    const live = await buildApp({
      // The schedule would run only on the first of January: what arrives comes from the payment.
      env: { ...ctx.env, JOBS_ENABLED: true, JOBS_POLL_SECONDS: 0.5, NOTIFICATIONS_CRON: '0 0 1 1 *' },
      database: ctx.database,
      signingSecret: 'test-secret-'.padEnd(48, 'x'),
      logger: false,
    });
    try {
      await live.ready();
      const liveCtx: TestContext = { ...ctx, app: live };
      const db = ctx.database.db;
      const { advisor, topic } = await createMentor(db);
      const host = await createAdvisee(db);
      const invited = uniquePhone();
      const slot = (await availabilityOf(live, advisor.id)).bookableSlots.find(
        (s) => new Date(s.startsAt).getTime() > Date.now() + 48 * hour,
      )!;
      const booked = await book(
        liveCtx,
        host,
        bookingPayload(advisor.id, topic.id, slot, {
          sessionType: 'GROUP',
          otherAttendees: [`0${invited.slice(3)}`],
        }),
      );
      expect(booked.statusCode, booked.body).toBe(200);
      await expect.poll(async () => (await messagesTo(host.email)).length, { timeout: 10_000 }).toBe(1);
      expect(await messagesTo(invited)).toEqual([]);

      await fundWallet(liveCtx, host, 50_000);
      expect((await checkout(liveCtx, host, booked.json().data.id as number)).statusCode).toBe(200);
      await expect.poll(async () => (await messagesTo(invited)).length, { timeout: 10_000 }).toBe(1);
      expect((await messagesTo(invited))[0]?.body).toContain('MyProsper invitation: a group session');
    } finally {
      await live.close();
    }
  });
});
