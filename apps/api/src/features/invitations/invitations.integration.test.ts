import { invitationMessages } from '@myprosper/contract/invitations';
import { encodeBase64Url } from '@myprosper/contract/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { sessionParticipants, sessions } from '../../db/schema/sessions.ts';
import { createAdvisee, type UserRow, uniquePhone } from '../../db/seed/factories.ts';
import {
  api,
  bearer,
  book,
  bookingPayload,
  createMentor,
  freeSlot,
  lapseHold,
  setTestPrices,
} from '../booking/booking.test-helpers.ts';
import { sendDueSessionMessages } from '../notifications/notifications.test-helpers.ts';
import { checkout, fundWallet } from '../payments/payments.test-helpers.ts';

/** 254712345678 -> 0712345678, as a person types it when booking. */
const local = (phone254: string) => `0${phone254.slice(3)}`;

describe('group session invitations: link status and acceptance', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ JOBS_ENABLED: 'false' });
    await setTestPrices(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  /**
   * A host's group session with a mentor, inviting the phones given (first free slot unless told). Unless
   * told `unpaid`, the host pays and the invitations go out (only then do they exist for anyone).
   */
  async function groupSession(phones: string[], slotIndex = 0, unpaid = false) {
    const db = ctx.database.db;
    const { advisor, topic } = await createMentor(db);
    const host = await createAdvisee(db);
    const slot = await freeSlot(ctx.app, advisor.id, slotIndex);
    const res = await book(
      ctx,
      host,
      bookingPayload(advisor.id, topic.id, slot, { sessionType: 'GROUP', otherAttendees: phones.map(local) }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    if (!unpaid) {
      await fundWallet(ctx, host, 50_000);
      expect((await checkout(ctx, host, id)).statusCode).toBe(200);
      await sendDueSessionMessages(ctx);
    }
    return { id, advisor, host, slot };
  }

  const status = (sessionId: number, phoneNo: string) =>
    ctx.app.inject({ method: 'GET', url: `${api}/invitationStatus/${sessionId}/${phoneNo}` });

  const accept = async (user: UserRow | null, body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: `${api}/acceptInvitation`,
      headers: user ? await bearer(ctx.app, user) : {},
      payload: body,
    });

  const attendeeOf = async (sessionId: number, phone: string) => {
    const rows = await ctx.database.db
      .select()
      .from(sessionParticipants)
      .where(eq(sessionParticipants.sessionId, sessionId));
    return rows.find((row) => row.phoneNumber === phone);
  };

  it('tells whether the invited phone has an account, by the base64 phone of the link', async () => {
    const phone = uniquePhone();
    const session = await groupSession([phone]);

    const before = await status(session.id, encodeBase64Url(phone));
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      statusCode: 200,
      message: 'Success',
      data: { registered: false, sessionId: session.id, phoneNumber: phone },
    });

    // The person signs up later, their phone stored in another form.
    await createAdvisee(ctx.database.db, { phoneNumber: `+${phone}` });
    const after = await status(session.id, encodeBase64Url(phone));
    expect(after.json().data).toEqual({ registered: true, sessionId: session.id, phoneNumber: phone });
  });

  it("answers 'Invalid link' for a phone that cannot be decoded", async () => {
    const session = await groupSession([uniquePhone()]);
    for (const phoneNo of ['%2A%2A%2A', encodeBase64Url('hello'), 'x', encodeBase64Url('0712')]) {
      const res = await status(session.id, phoneNo);
      expect(res.statusCode, phoneNo).toBe(422);
      expect(res.json().message).toBe('Invalid link');
    }
    const badSession = await status(Number.NaN, encodeBase64Url(uniquePhone()));
    expect(badSession.statusCode).toBe(422);
    expect(badSession.json().message).toBe('Invalid link');
  });

  it('refuses a phone that was not invited, an unknown session, and sessions that are over', async () => {
    const phone = uniquePhone();
    const session = await groupSession([phone]);

    const stranger = await status(session.id, encodeBase64Url(uniquePhone()));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(invitationMessages.notFound);
    const unknown = await status(2_000_000_000, encodeBase64Url(phone));
    expect(unknown.statusCode).toBe(404);

    // Unpaid, its invitation was never sent: it does not exist for anyone, lapsed or not.
    const lapsed = await groupSession([phone], 1, true);
    expect((await status(lapsed.id, encodeBase64Url(phone))).statusCode).toBe(404);
    await lapseHold(ctx.database.db, lapsed.id);
    expect((await status(lapsed.id, encodeBase64Url(phone))).statusCode).toBe(404);

    const cancelled = await groupSession([phone], 2);
    await ctx.database.db.update(sessions).set({ status: 'CANCELLED' }).where(eq(sessions.id, cancelled.id));
    const gone = await status(cancelled.id, encodeBase64Url(phone));
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe('This session is no longer taking place');

    const over = await groupSession([phone], 3);
    const past = new Date(Date.now() - 3 * 3_600_000);
    await ctx.database.db
      .update(sessions)
      .set({ startsAt: past, endsAt: new Date(past.getTime() + 3_600_000) })
      .where(eq(sessions.id, over.id));
    const pastAnswer = await status(over.id, encodeBase64Url(phone));
    expect(pastAnswer.statusCode).toBe(410);
    expect(pastAnswer.json().message).toBe('This session has already taken place');
  });

  it('lets the invited person accept once they have an account, and again with the same answer', async () => {
    const phone = uniquePhone();
    const session = await groupSession([phone]);
    const invitee = await createAdvisee(ctx.database.db, { phoneNumber: local(phone) });

    const first = await accept(invitee, { adviseeId: invitee.id, sessionId: session.id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      statusCode: 200,
      message: 'Session invitation accepted successfully',
      data: { sessionId: session.id, invitationStatus: 'ACCEPTED' },
    });
    expect(await attendeeOf(session.id, phone)).toMatchObject({
      adviseeId: invitee.id,
      invitationStatus: 'ACCEPTED',
    });

    // Now theirs: the session reads for them and is in their upcoming list.
    const details = await ctx.app.inject({
      method: 'GET',
      url: `${api}/getAdvisorSessionById/${session.id}`,
      headers: await bearer(ctx.app, invitee),
    });
    expect(details.statusCode, details.body).toBe(200);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `${api}/getAdviseeSessionsByIdAndStatus/${invitee.id}/UPCOMING?sessionType=GROUP`,
      headers: await bearer(ctx.app, invitee),
    });
    expect(list.json().data.sessions.map((s: { id: number }) => s.id)).toContain(session.id);

    const again = await accept(invitee, { adviseeId: invitee.id, sessionId: String(session.id) });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe('Session invitation accepted successfully');
  });

  it('accepts for a person who was registered when invited (attached only now)', async () => {
    const phone = uniquePhone();
    const invitee = await createAdvisee(ctx.database.db, { phoneNumber: phone });
    const session = await groupSession([phone]);
    expect(await attendeeOf(session.id, phone)).toMatchObject({
      adviseeId: null,
      invitationStatus: 'PENDING',
    });

    const res = await accept(invitee, { adviseeId: invitee.id, sessionId: session.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await attendeeOf(session.id, phone)).toMatchObject({ invitationStatus: 'ACCEPTED' });
  });

  it('refuses anyone else clearly and changes nothing', async () => {
    const phone = uniquePhone();
    const session = await groupSession([phone]);
    const invitee = await createAdvisee(ctx.database.db, { phoneNumber: phone });
    const other = await createAdvisee(ctx.database.db);

    const anonymous = await accept(null, { adviseeId: invitee.id, sessionId: session.id });
    expect(anonymous.statusCode).toBe(401);

    const forSomeoneElse = await accept(other, { adviseeId: invitee.id, sessionId: session.id });
    expect(forSomeoneElse.statusCode).toBe(403);
    expect(forSomeoneElse.json().message).toBe('You can only accept invitations for yourself');

    const notInvited = await accept(other, { adviseeId: other.id, sessionId: session.id });
    expect(notInvited.statusCode).toBe(403);
    expect(notInvited.json().message).toBe('This invitation was sent to another phone number');

    const mentor = await accept(session.advisor, { adviseeId: session.advisor.id, sessionId: session.id });
    expect(mentor.statusCode).toBe(403);
    expect(mentor.json().message).toBe('Only mentees can accept session invitations');

    const unknown = await accept(invitee, { adviseeId: invitee.id, sessionId: 2_000_000_000 });
    expect(unknown.statusCode).toBe(404);

    const bad = await accept(invitee, { adviseeId: invitee.id, sessionId: 'abc' });
    expect(bad.statusCode).toBe(422);

    expect(await attendeeOf(session.id, phone)).toMatchObject({
      adviseeId: null,
      invitationStatus: 'PENDING',
    });
  });

  it('refuses a session that expired unpaid (its invitation never went out) and one cancelled', async () => {
    const phone = uniquePhone();
    const session = await groupSession([phone], 0, true);
    const invitee = await createAdvisee(ctx.database.db, { phoneNumber: phone });
    await lapseHold(ctx.database.db, session.id);
    const res = await accept(invitee, { adviseeId: invitee.id, sessionId: session.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(invitationMessages.notFound);
    const cancelled = await groupSession([phone], 1);
    await ctx.database.db.update(sessions).set({ status: 'CANCELLED' }).where(eq(sessions.id, cancelled.id));
    const late = await accept(invitee, { adviseeId: invitee.id, sessionId: cancelled.id });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe('This session is no longer taking place');
  });

  it('refuses with 409 when the person already has a session at that hour', async () => {
    const phone = uniquePhone();
    const session = await groupSession([phone]);
    const invitee = await createAdvisee(ctx.database.db, { phoneNumber: local(phone) });
    // Meanwhile they booked another mentor for the same hour.
    const { advisor, topic } = await createMentor(ctx.database.db);
    const own = await book(ctx, invitee, bookingPayload(advisor.id, topic.id, session.slot));
    expect(own.statusCode, own.body).toBe(200);

    const res = await accept(invitee, { adviseeId: invitee.id, sessionId: session.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You already have a session at this time.');
    expect(await attendeeOf(session.id, phone)).toMatchObject({
      adviseeId: null,
      invitationStatus: 'PENDING',
    });
  });
});
