import { defaultSessionRules } from '@myprosper/contract/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { outboxMessages } from '../../db/schema/messaging.ts';
import { sessionNotifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { createAdvisee, createBookedSession, uniquePhone } from '../../db/seed/factories.ts';
import {
  availabilityOf,
  book,
  bookingPayload,
  createMentor,
  setTestPrices,
} from '../booking/booking.test-helpers.ts';
import { checkout, fundWallet } from '../payments/payments.test-helpers.ts';
import { sendDueSessionMessages } from './notifications.test-helpers.ts';

const hour = 3_600_000;
/** A whole hour some hours from now. */
const hoursFromNow = (hours: number) => new Date(Math.floor(Date.now() / hour + hours) * hour);

/** Issue 20, messages: our words open every SMS and subject, and one number gets few session SMS a day. */
describe('session SMS: our words first, a daily share per number', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ JOBS_ENABLED: 'false' });
    await setTestPrices(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const outboxTo = (recipient: string, channel: 'SMS' | 'EMAIL') =>
    ctx.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.channel, channel)));

  it(`a number gets at most ${defaultSessionRules.smsPerNumberPerDay} session SMS a day; the rest are recorded as skipped`, async () => {
    const db = ctx.database.db;
    const { advisor, topic } = await createMentor(db);
    const sessionCount = defaultSessionRules.smsPerNumberPerDay + 2;
    for (let n = 0; n < sessionCount; n++) {
      const host = await createAdvisee(db);
      await createBookedSession(db, {
        advisorId: advisor.id,
        adviseeId: host.id,
        topicId: topic.id,
        startsAt: hoursFromNow(72 + n),
      });
    }
    await sendDueSessionMessages(ctx);
    expect(await outboxTo(advisor.phoneNumber!, 'SMS')).toHaveLength(defaultSessionRules.smsPerNumberPerDay);
    // Every booking still reached the mentor by e-mail.
    expect(await outboxTo(advisor.email, 'EMAIL')).toHaveLength(sessionCount);
    const skipped = await db
      .select()
      .from(sessionNotifications)
      .where(
        and(
          eq(sessionNotifications.recipient, advisor.phoneNumber!),
          eq(sessionNotifications.status, 'SKIPPED'),
        ),
      );
    expect(skipped).toHaveLength(sessionCount - defaultSessionRules.smsPerNumberPerDay);
    expect(skipped[0]?.error).toContain('daily SMS limit');
    // A later run does not send them either.
    await sendDueSessionMessages(ctx);
    expect(await outboxTo(advisor.phoneNumber!, 'SMS')).toHaveLength(defaultSessionRules.smsPerNumberPerDay);
  });

  it('an invitation opens with our words, and an older account’s name shows only its letters', async () => {
    const db = ctx.database.db;
    const { advisor, topic } = await createMentor(db);
    const host = await createAdvisee(db);
    // An account made before names were checked.
    await db
      .update(users)
      .set({ name: 'URGENT M-PESA: your line is suspended, verify at evil.example/0712345678' })
      .where(eq(users.id, host.id));
    const invited = uniquePhone();
    const slot = (await availabilityOf(ctx.app, advisor.id)).bookableSlots.find(
      (s) => new Date(s.startsAt).getTime() > Date.now() + 48 * hour,
    )!;
    const booked = await book(
      ctx,
      host,
      bookingPayload(advisor.id, topic.id, slot, {
        sessionType: 'GROUP',
        otherAttendees: [`0${invited.slice(3)}`],
      }),
    );
    expect(booked.statusCode, booked.body).toBe(200);
    await fundWallet(ctx, host, 50_000);
    expect((await checkout(ctx, host, booked.json().data.id)).statusCode).toBe(200);
    await sendDueSessionMessages(ctx);
    const [sms] = await outboxTo(invited, 'SMS');
    expect(sms?.body.startsWith('MyProsper invitation: a group session on')).toBe(true);
    expect(sms?.body).toContain('from URGENT M-PESA your line is suspended verify at evil example');
    expect(sms?.body).not.toContain('evil.example');
    expect(sms?.body).not.toContain('0712345678');
    const [mail] = await outboxTo(host.email, 'EMAIL');
    expect(mail?.subject?.startsWith('Session booked:')).toBe(true);
  });
});
