import { bookingMessages } from '@myprosper/contract/booking';
import { invitationMessages } from '@myprosper/contract/invitations';
import type { Session } from '@myprosper/contract/sessions';
import { encodeBase64Url } from '@myprosper/contract/validation';
import { verificationMessages } from '@myprosper/contract/verification';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { outboxMessages } from '../../db/schema/messaging.ts';
import { sessionParticipants } from '../../db/schema/sessions.ts';
import { createAdvisee, type UserRow, uniquePhone } from '../../db/seed/factories.ts';
import {
  api,
  availabilityOf,
  bearer,
  book,
  bookingPayload,
  createMentor,
  freeSlot,
  setTestPrices,
} from '../booking/booking.test-helpers.ts';
import { sendDueSessionMessages } from '../notifications/notifications.test-helpers.ts';
import { cancel, checkout, fundWallet } from '../payments/payments.test-helpers.ts';

/** 254712345678 -> 0712345678, as a person types it when booking. */
const local = (phone254: string) => `0${phone254.slice(3)}`;

/**
 * Invitations by consent (issue 19), each attack performed against the real app: a number typed into a group
 * booking is attached to nobody, tells nothing about its owner, blocks and opens nothing and gets no SMS
 * until the host has paid; only its owner, with that phone verified, can accept or decline it.
 */
describe('group invitations by consent', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ JOBS_ENABLED: 'false' });
    await setTestPrices(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = async (user: UserRow, url: string) =>
    ctx.app.inject({ method: 'GET', url: `${api}${url}`, headers: await bearer(ctx.app, user) });
  const post = async (user: UserRow, url: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: `${api}${url}`, headers: await bearer(ctx.app, user), payload });

  /** A host's unpaid group session with a fresh mentor, inviting the numbers given (as typed). */
  async function groupSession(phones: string[], options: { host?: UserRow; slotIndex?: number } = {}) {
    const { advisor, topic } = await createMentor(ctx.database.db);
    const host = options.host ?? (await createAdvisee(ctx.database.db, { name: 'Host Wambui' }));
    const slot = await freeSlot(ctx.app, advisor.id, options.slotIndex ?? 0);
    const res = await book(
      ctx,
      host,
      bookingPayload(advisor.id, topic.id, slot, { sessionType: 'GROUP', otherAttendees: phones.map(local) }),
    );
    expect(res.statusCode, res.body).toBe(200);
    return { id: res.json().data.id as number, advisor, topic, host, slot, answer: res };
  }

  /** The host pays their share from their wallet: the session is confirmed. */
  async function hostPays(host: UserRow, sessionId: number) {
    await fundWallet(ctx, host, 50_000);
    const res = await checkout(ctx, host, sessionId);
    expect(res.statusCode, res.body).toBe(200);
  }

  const rowOf = async (sessionId: number, phone: string) => {
    const [row] = await ctx.database.db
      .select()
      .from(sessionParticipants)
      .where(and(eq(sessionParticipants.sessionId, sessionId), eq(sessionParticipants.phoneNumber, phone)));
    return row!;
  };
  const smsTo = async (phone: string) =>
    ctx.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'SMS'), like(outboxMessages.recipient, `%${phone.slice(-9)}`)));
  const mailTo = async (email: string) =>
    ctx.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'EMAIL'), eq(outboxMessages.recipient, email)));

  /** A group session whose host paid and whose invitations went out. */
  async function sentInvitation(phones: string[], slotIndex = 0) {
    const session = await groupSession(phones, { slotIndex });
    await hostPays(session.host, session.id);
    await sendDueSessionMessages(ctx);
    for (const phone of phones) expect((await rowOf(session.id, phone)).invitedAt).not.toBeNull();
    return session;
  }

  it("listing a registered person's phone in an unpaid booking reveals, blocks, opens and sends nothing", async () => {
    const db = ctx.database.db;
    const victim = await createAdvisee(db, { name: 'Victim Nyokabi Kamau' });
    const assessment = await post(victim, '/selfAssessment', {
      adviseeId: victim.id,
      strugglingWith: 'A private struggle',
      strugglingWithThisArea: 'Nobody should read this',
      howHaveYouAddresses: 'Quietly',
      additionalInformation: 'Private',
    });
    expect(assessment.statusCode, assessment.body).toBe(200);

    const session = await groupSession([victim.phoneNumber!]);
    // The booking's answer: the number as typed, and nothing of its owner.
    const body = session.answer.body;
    expect(body).not.toContain(victim.email);
    expect(body).not.toContain(victim.name);
    const invited = (session.answer.json().data as Session).groupSessionAttendees.find((a) => !a.isHost);
    expect(invited).toEqual({
      adviseeId: null,
      advisee: null,
      phoneNumber: victim.phoneNumber,
      email: null,
      amount: invited!.amount,
      invitationStatus: 'PENDING',
      paymentStatus: 'UNPAID',
      isHost: false,
    });
    expect(await rowOf(session.id, victim.phoneNumber!)).toMatchObject({
      adviseeId: null,
      email: null,
      invitationStatus: 'PENDING',
      invitedAt: null,
    });

    // The mentor and the host read nothing of the victim either (page, list, calendar file).
    for (const [who, url] of [
      [session.host, `/getAdvisorSessionById/${session.id}`],
      [session.advisor, `/getAdvisorSessionById/${session.id}`],
      [session.host, `/getAdviseeSessionsByIdAndStatus/${session.host.id}/UPCOMING`],
      [session.host, `/sessions/${session.id}/calendar.ics`],
    ] as const) {
      const res = await get(who, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(victim.email);
      expect(res.body, url).not.toContain(victim.name);
      expect(res.body, url).not.toContain(`"adviseeId":${victim.id}`);
    }
    // The mentor cannot read the victim's self assessment.
    const read = await get(session.advisor, `/selfAssessments/latest/${victim.id}`);
    expect(read.statusCode).toBe(403);
    // The victim's hour is free: they book it with another mentor.
    const other = await createMentor(db);
    const own = await book(ctx, victim, bookingPayload(other.advisor.id, other.topic.id, session.slot));
    expect(own.statusCode, own.body).toBe(200);
    // The session is not theirs to see, and no SMS (or e-mail) reaches them.
    expect((await get(victim, `/getAdvisorSessionById/${session.id}`)).statusCode).toBe(404);
    await sendDueSessionMessages(ctx);
    const reference = session.answer.json().data.reference as string;
    const aboutIt = (m: { body: string }) =>
      m.body.includes(reference) || m.body.includes('MyProsper invitation');
    expect((await smsTo(victim.phoneNumber!)).filter(aboutIt)).toEqual([]);
    expect((await mailTo(victim.email)).filter(aboutIt)).toEqual([]);
  });

  it("a mentor's, a busy person's and a stranger's number get the same answer as any other", async () => {
    const db = ctx.database.db;
    const host = await createAdvisee(db, { name: 'Host Same Answer' });
    const mentor = (await createMentor(db)).advisor;
    const busy = await createAdvisee(db);
    const { advisor, topic } = await createMentor(db);
    const slots = [0, 1, 2].map((n) => freeSlot(ctx.app, advisor.id, n));
    // The busy person is in another session at the first hour.
    const elsewhere = await createMentor(db);
    const busyBooking = await book(
      ctx,
      busy,
      bookingPayload(elsewhere.advisor.id, elsewhere.topic.id, await slots[0]!),
    );
    expect(busyBooking.statusCode, busyBooking.body).toBe(200);

    const answers = [];
    for (const [n, phone] of [busy.phoneNumber!, mentor.phoneNumber!, uniquePhone()].entries()) {
      const res = await book(
        ctx,
        host,
        bookingPayload(advisor.id, topic.id, await slots[n]!, {
          sessionType: 'GROUP',
          otherAttendees: [local(phone)],
        }),
      );
      const data = res.json().data as Session;
      // Given up at once: one person holds few unpaid sessions at a time (issue 20).
      expect((await cancel(ctx, host, data.id)).statusCode).toBe(200);
      answers.push({
        status: res.statusCode,
        invited: data.groupSessionAttendees
          .filter((a) => !a.isHost)
          .map((a) => ({ ...a, phoneNumber: a.phoneNumber === phone ? 'as typed' : a.phoneNumber })),
      });
    }
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[1]).toEqual(answers[2]);
    expect(answers[2]!.status).toBe(200);
  });

  it('sends the invitation only once the host paid, once, and the link answers 404 before', async () => {
    const phone = uniquePhone();
    // Two days ahead or more, so that it can be moved.
    const { advisor } = await createMentor(ctx.database.db);
    const { bookableSlots } = await availabilityOf(ctx.app, advisor.id);
    const ahead = bookableSlots.filter(
      (slot) => new Date(slot.startsAt).getTime() > Date.now() + 48 * 3_600_000,
    );
    const session = await groupSession([phone], { slotIndex: bookableSlots.indexOf(ahead[0]!) });
    const link = `${api}/invitationStatus/${session.id}/${encodeBase64Url(phone)}`;
    expect((await ctx.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    await sendDueSessionMessages(ctx);
    expect(await smsTo(phone)).toEqual([]);

    await hostPays(session.host, session.id);
    await sendDueSessionMessages(ctx);
    const sms = await smsTo(phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain('MyProsper invitation');
    expect((await rowOf(session.id, phone)).invitedAt).not.toBeNull();
    const status = await ctx.app.inject({ method: 'GET', url: link });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().data).toEqual({ registered: false, sessionId: session.id, phoneNumber: phone });

    // A reschedule sends no second invitation, nor any note, to a number that has not accepted.
    const later = (await availabilityOf(ctx.app, session.advisor.id)).bookableSlots.find(
      (slot) => new Date(slot.startsAt).getTime() > new Date(ahead[0]!.startsAt).getTime(),
    )!;
    const moved = await post(session.host, '/rescheduleSession', {
      sessionId: session.id,
      selectedDate: later.date,
      selectedTime: later.time,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await sendDueSessionMessages(ctx);
    expect(await smsTo(phone)).toHaveLength(1);
  });

  it('refuses to accept before the host paid, for someone else, or with an unverified phone, changing nothing', async () => {
    const db = ctx.database.db;
    const phone = uniquePhone();
    const unpaid = await groupSession([phone]);
    const owner = await createAdvisee(db, { phoneNumber: phone });
    const early = await post(owner, '/acceptInvitation', { adviseeId: owner.id, sessionId: unpaid.id });
    expect(early.statusCode).toBe(404);
    expect(early.json().message).toBe(invitationMessages.notFound);
    expect((await post(owner, '/declineInvitation', { sessionId: unpaid.id })).statusCode).toBe(404);
    expect((await get(owner, `/getAdvisorSessionById/${unpaid.id}`)).statusCode).toBe(404);
    expect(await rowOf(unpaid.id, phone)).toMatchObject({ adviseeId: null, invitationStatus: 'PENDING' });

    const other = uniquePhone();
    const sent = await sentInvitation([other], 1);
    // Someone else, verified with their own number.
    const stranger = await post(owner, '/acceptInvitation', { adviseeId: owner.id, sessionId: sent.id });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(invitationMessages.notForYou);
    // Someone who typed the invited number at sign-up but never proved it.
    const claimant = await createAdvisee(db, { phoneNumber: other, phoneVerifiedAt: null });
    for (const res of [
      await post(claimant, '/acceptInvitation', { adviseeId: claimant.id, sessionId: sent.id }),
      await post(claimant, '/declineInvitation', { sessionId: sent.id }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(verificationMessages.phoneNotVerified);
    }
    expect((await get(claimant, `/getAdvisorSessionById/${sent.id}`)).statusCode).toBe(404);
    const list = await get(claimant, `/getAdviseeSessionsByIdAndStatus/${claimant.id}/UPCOMING`);
    expect(list.json().data.sessions).toEqual([]);
    expect(await rowOf(sent.id, other)).toMatchObject({
      adviseeId: null,
      email: null,
      invitationStatus: 'PENDING',
      respondedAt: null,
    });
  });

  it('attaches the owner only when they accept; then the mentor may read their assessment; busy is refused', async () => {
    const db = ctx.database.db;
    const phone = uniquePhone();
    const session = await sentInvitation([phone], 2);
    const owner = await createAdvisee(db, { phoneNumber: phone, name: 'Owner Achieng' });
    await post(owner, '/selfAssessment', {
      adviseeId: owner.id,
      strugglingWith: 'Delegation',
      strugglingWithThisArea: 'Busy',
      howHaveYouAddresses: 'Lists',
      additionalInformation: 'None',
    });
    expect((await get(session.advisor, `/selfAssessments/latest/${owner.id}`)).statusCode).toBe(403);
    // A pending invitee cannot join the call.
    expect((await get(owner, `/calls/${session.id}`)).statusCode).toBe(404);

    const res = await post(owner, '/acceptInvitation', { adviseeId: owner.id, sessionId: session.id });
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(session.id, phone);
    expect(row).toMatchObject({ adviseeId: owner.id, email: owner.email, invitationStatus: 'ACCEPTED' });
    expect(row.respondedAt).not.toBeNull();
    expect((await get(session.advisor, `/selfAssessments/latest/${owner.id}`)).statusCode).toBe(200);
    const asHost = await get(session.host, `/getAdvisorSessionById/${session.id}`);
    expect(asHost.body).toContain(owner.name);

    // Busy at the hour of another invitation: refused clearly, nothing attached.
    const second = uniquePhone();
    const clash = await groupSession([second], { slotIndex: 2 });
    await hostPays(clash.host, clash.id);
    await sendDueSessionMessages(ctx);
    const busy = await createAdvisee(db, { phoneNumber: second });
    const elsewhere = await createMentor(db);
    expect(
      (await book(ctx, busy, bookingPayload(elsewhere.advisor.id, elsewhere.topic.id, clash.slot)))
        .statusCode,
    ).toBe(200);
    const refused = await post(busy, '/acceptInvitation', { adviseeId: busy.id, sessionId: clash.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(bookingMessages.youAreBusy);
    expect(await rowOf(clash.id, second)).toMatchObject({ adviseeId: null, invitationStatus: 'PENDING' });
  });

  it('lets the invited owner decline: DECLINED, the host e-mailed once, and no accepting afterwards', async () => {
    const phone = uniquePhone();
    const session = await sentInvitation([phone], 3);
    const owner = await createAdvisee(ctx.database.db, { phoneNumber: phone });
    const first = await post(owner, '/declineInvitation', { sessionId: session.id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      statusCode: 200,
      message: invitationMessages.declined,
      data: { sessionId: session.id, invitationStatus: 'DECLINED' },
    });
    const row = await rowOf(session.id, phone);
    expect(row).toMatchObject({ adviseeId: null, email: null, invitationStatus: 'DECLINED' });
    expect(row.respondedAt).not.toBeNull();
    const told = (await mailTo(session.host.email)).filter((m) =>
      m.subject?.startsWith('Invitation declined'),
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain(`+${phone}`);
    expect(told[0]!.body).not.toContain(owner.email);

    const again = await post(owner, '/declineInvitation', { sessionId: session.id });
    expect(again.json()).toEqual(first.json());
    expect(
      (await mailTo(session.host.email)).filter((m) => m.subject?.startsWith('Invitation declined')),
    ).toHaveLength(1);
    const accept = await post(owner, '/acceptInvitation', { adviseeId: owner.id, sessionId: session.id });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe(invitationMessages.alreadyDeclined);
    expect(await rowOf(session.id, phone)).toMatchObject({ adviseeId: null, invitationStatus: 'DECLINED' });
    // The host sees the number, declined, and nothing of the person.
    const asHost = (await get(session.host, `/getAdvisorSessionById/${session.id}`)).json().data as Session;
    expect(asHost.groupSessionAttendees.find((a) => a.phoneNumber === phone)).toMatchObject({
      adviseeId: null,
      advisee: null,
      email: null,
      invitationStatus: 'DECLINED',
    });
  });

  it('a person who signs up with the invited number without the link finds it under Sessions and accepts it', async () => {
    const phone = uniquePhone();
    const session = await sentInvitation([phone, uniquePhone()], 4);
    const owner = await createAdvisee(ctx.database.db, { phoneNumber: local(phone) });

    const list = await get(owner, `/getAdviseeSessionsByIdAndStatus/${owner.id}/UPCOMING`);
    expect(list.statusCode, list.body).toBe(200);
    const listed = (list.json().data.sessions as Session[]).find((s) => s.id === session.id);
    expect(listed?.yourInvitation).toEqual({ phoneNumber: phone, invitationStatus: 'PENDING' });

    const page = await get(owner, `/getAdvisorSessionById/${session.id}`);
    expect(page.statusCode, page.body).toBe(200);
    const seen = page.json().data as Session;
    expect(seen.yourInvitation).toEqual({ phoneNumber: phone, invitationStatus: 'PENDING' });
    // Only their own row: not the other invited number, nor the host's phone or e-mail.
    expect(seen.groupSessionAttendees.map((a) => a.phoneNumber)).toEqual([phone]);
    expect(page.body).not.toContain(session.host.email);
    // Reading it opens nothing else: no calendar file.
    expect((await get(owner, `/sessions/${session.id}/calendar.ics`)).statusCode).toBe(404);

    const accepted = await post(owner, '/acceptInvitation', { adviseeId: owner.id, sessionId: session.id });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = (await get(owner, `/getAdvisorSessionById/${session.id}`)).json().data as Session;
    expect(after.yourInvitation).toBeUndefined();
    expect(after.groupSessionAttendees.find((a) => a.adviseeId === owner.id)?.invitationStatus).toBe(
      'ACCEPTED',
    );
  });
});
