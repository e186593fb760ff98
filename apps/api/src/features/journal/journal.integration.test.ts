import { formatDateChip } from '@myprosper/contract/dates';
import { journalMessages } from '@myprosper/contract/journal';
import { localDateTimeOf } from '@myprosper/contract/slots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createAdmin, createAdvisee, createBookedSession, type UserRow } from '../../db/seed/factories.ts';
import { api, bearer, createMentor, setTestPrices } from '../booking/booking.test-helpers.ts';
import { sendDueSessionMessages } from '../notifications/notifications.test-helpers.ts';

const minute = 60_000;
const hour = 60 * minute;
const publicUrl = 'https://myprosper.test';
/** A whole hour `hours` from now (negative: ago). */
const hoursFromNow = (hours: number) => new Date(Math.floor(Date.now() / hour + hours) * hour);
const dayOf = (instant: Date) => localDateTimeOf(instant, 'Africa/Nairobi').date;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 24, between sessions: who writes and reads a session's notes and action items, when, within which
 * limits; the journeys; and the reminders that carry open items (docs/decisions/024-...).
 */
describe('session notes and action items', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ JOBS_ENABLED: 'false', PUBLIC_URL: publicUrl });
    await setTestPrices(ctx.database.db);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const call = async (
    user: UserRow,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    const res = await ctx.app.inject({
      method,
      url: `${api}${url}`,
      headers: await bearer(ctx.app, user),
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the tests read answers as a caller would, field by field
    return { status: res.statusCode, body: res.json() as { message: string; data: any } };
  };
  const journal = (user: UserRow, sessionId: number) => call(user, 'GET', `/sessions/${sessionId}/journal`);
  const writeNotes = (user: UserRow, sessionId: number, body: string) =>
    call(user, 'PUT', `/sessions/${sessionId}/notes`, { body });
  const addItem = (user: UserRow, sessionId: number, item: object) =>
    call(user, 'POST', `/sessions/${sessionId}/actionItems`, item);
  const tick = (user: UserRow, itemId: number, done = true) =>
    call(user, 'PUT', `/actionItems/${itemId}`, { done });

  /** A mentor, their mentee and a session of theirs at `startsAt` (confirmed unless said). */
  async function sessionWith(
    startsAt: Date,
    options: {
      status?: 'CONFIRMED' | 'PENDING_PAYMENT' | 'EXPIRED' | 'CANCELLED';
      holdExpiresAt?: Date | null;
      attendees?: UserRow[];
      invited?: UserRow[];
      mentor?: UserRow;
      mentee?: UserRow;
      topicId?: number;
    } = {},
  ) {
    const db = ctx.database.db;
    const made = options.mentor ? null : await createMentor(db);
    const mentor = options.mentor ?? made!.advisor;
    const topicId = options.topicId ?? made?.topic.id;
    const mentee = options.mentee ?? (await createAdvisee(db));
    const session = await createBookedSession(db, {
      advisorId: mentor.id,
      adviseeId: mentee.id,
      topicId: topicId!,
      startsAt,
      status: options.status,
      holdExpiresAt: options.holdExpiresAt,
      attendees: [
        ...(options.attendees ?? []).map((a) => ({ adviseeId: a.id })),
        ...(options.invited ?? []).map((a) => ({ adviseeId: a.id, invitationStatus: 'PENDING' as const })),
      ],
    });
    return { mentor, mentee, session, topicId: topicId! };
  }

  it('lets the mentor write notes and a dated item once the session started; the mentee reads them, keeps notes of their own and ticks the item', async () => {
    const startsAt = hoursFromNow(-3);
    const { mentor, mentee, session } = await sessionWith(startsAt);
    const due = addDays(dayOf(startsAt), 7);

    const notes = await writeNotes(mentor, session.id, '  Practise the pitch twice a day.  ');
    expect(notes).toEqual({ status: 200, body: { statusCode: 200, message: journalMessages.notesSaved } });
    const added = await addItem(mentor, session.id, { title: 'Rewrite the CV\nsummary', dueOn: due });
    expect(added.status, added.body.message).toBe(200);
    expect(added.body.data).toMatchObject([
      {
        adviseeId: mentee.id,
        adviseeName: mentee.name,
        title: 'Rewrite the CV summary',
        dueOn: due,
        doneAt: null,
      },
    ]);
    const itemId = added.body.data[0].id as number;

    expect(await writeNotes(mentee, session.id, 'I felt nervous at the start.')).toMatchObject({
      status: 200,
    });

    const seen = await journal(mentee, session.id);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({
      viewer: 'MENTEE',
      mentorNotes: { body: 'Practise the pitch twice a day.' },
      ownNotes: { body: 'I felt nervous at the start.' },
      actionItems: [{ id: itemId, title: 'Rewrite the CV summary', dueOn: due, doneAt: null }],
      canWrite: true,
      attendees: [],
    });
    // The mentee's own notes are theirs: the mentor does not read them.
    const mentorSees = await journal(mentor, session.id);
    expect(mentorSees.body.data).toMatchObject({
      viewer: 'MENTOR',
      mentorNotes: { body: 'Practise the pitch twice a day.' },
      ownNotes: null,
      attendees: [{ adviseeId: mentee.id, name: mentee.name }],
    });
    expect(JSON.stringify(mentorSees.body)).not.toContain('nervous');

    const ticked = await tick(mentee, itemId);
    expect(ticked.status).toBe(200);
    expect(ticked.body.message).toBe(journalMessages.itemDone);
    expect(ticked.body.data[0].doneAt).not.toBeNull();
    expect((await journal(mentor, session.id)).body.data.actionItems[0].doneAt).toBe(
      ticked.body.data[0].doneAt,
    );
    const reopened = await tick(mentee, itemId, false);
    expect(reopened.body).toMatchObject({ message: journalMessages.itemReopened, data: [{ doneAt: null }] });

    // Empty notes remove them.
    expect((await writeNotes(mentee, session.id, '   ')).status).toBe(200);
    expect((await journal(mentee, session.id)).body.data.ownNotes).toBeNull();
  });

  it('refuses writing before the session starts and on a session that was not held: cancelled, unpaid or expired', async () => {
    const upcoming = await sessionWith(hoursFromNow(5));
    for (const attempt of [
      writeNotes(upcoming.mentor, upcoming.session.id, 'Too early'),
      addItem(upcoming.mentor, upcoming.session.id, { title: 'Too early' }),
      writeNotes(upcoming.mentee, upcoming.session.id, 'Too early'),
    ]) {
      expect(await attempt).toEqual({
        status: 422,
        body: { statusCode: 422, message: journalMessages.notStarted, code: 'INVALID_INPUT' },
      });
    }
    expect((await journal(upcoming.mentee, upcoming.session.id)).body.data).toMatchObject({
      canWrite: false,
      whyNot: journalMessages.notStarted,
    });

    const past = hoursFromNow(-4);
    const cancelled = await sessionWith(past, { status: 'CANCELLED' });
    const expired = await sessionWith(past, { status: 'EXPIRED' });
    // An unpaid hold whose time ran out, not yet marked by the job.
    const lapsed = await sessionWith(past, { status: 'PENDING_PAYMENT', holdExpiresAt: hoursFromNow(-5) });
    for (const { mentor, mentee, session } of [cancelled, expired, lapsed]) {
      expect((await writeNotes(mentor, session.id, 'Notes')).body.message).toBe(journalMessages.notHeld);
      expect((await addItem(mentor, session.id, { title: 'Item' })).status).toBe(422);
      expect((await writeNotes(mentee, session.id, 'Mine')).status).toBe(422);
    }
    // An unpaid hold that is still running has not been held either (its start is near).
    const holding = await sessionWith(hoursFromNow(0), {
      status: 'PENDING_PAYMENT',
      holdExpiresAt: new Date(Date.now() + 10 * minute),
    });
    expect((await addItem(holding.mentor, holding.session.id, { title: 'x' })).body.message).toBe(
      journalMessages.notHeld,
    );
    for (const { mentor, session } of [cancelled, expired, lapsed, holding]) {
      expect((await journal(mentor, session.id)).body.data).toMatchObject({
        mentorNotes: null,
        actionItems: [],
        canWrite: false,
        whyNot: journalMessages.notHeld,
      });
    }
  });

  it('answers 404 to anyone who is not the session’s, 403 to its mentee writing items or its mentor ticking, and changes nothing', async () => {
    const { mentor, mentee, session, topicId } = await sessionWith(hoursFromNow(-2));
    const otherMentee = await createAdvisee(ctx.database.db);
    const { advisor: otherMentor } = await createMentor(ctx.database.db);
    const admin = await createAdmin(ctx.database.db);
    await writeNotes(mentor, session.id, 'Shared with the mentee only');
    const item = (await addItem(mentor, session.id, { title: 'Private item' })).body.data[0].id as number;

    for (const outsider of [otherMentee, otherMentor, admin]) {
      const read = await journal(outsider, session.id);
      expect(read.status).toBe(404);
      expect(JSON.stringify(read.body)).not.toContain('Shared with');
      expect((await writeNotes(outsider, session.id, 'Mine now')).status).toBe(404);
      expect((await addItem(outsider, session.id, { title: 'Sneaky' })).status).toBe(404);
      expect((await tick(outsider, item)).body).toMatchObject({ message: journalMessages.itemNotFound });
      expect((await call(outsider, 'DELETE', `/actionItems/${item}`)).status).toBe(404);
    }
    expect(await addItem(mentee, session.id, { title: 'Self-assigned' })).toMatchObject({
      status: 403,
      body: { message: journalMessages.onlyMentorWrites },
    });
    expect(await tick(mentor, item)).toMatchObject({
      status: 403,
      body: { message: journalMessages.onlyOwnerTicks },
    });
    expect((await call(mentee, 'DELETE', `/actionItems/${item}`)).status).toBe(403);
    expect((await tick(mentee, 999_999)).status).toBe(404);

    // Another session of the same mentor with another mentee is no door into this one.
    const theirs = await sessionWith(hoursFromNow(-30), { mentor, topicId, mentee: otherMentee });
    expect((await journal(otherMentee, theirs.session.id)).status).toBe(200);
    expect((await tick(otherMentee, item)).status).toBe(404);

    const after = await journal(mentee, session.id);
    expect(after.body.data).toMatchObject({
      mentorNotes: { body: 'Shared with the mentee only' },
      actionItems: [{ id: item, title: 'Private item', doneAt: null }],
    });
    expect((await call(mentor, 'DELETE', `/actionItems/${item}`)).body.message).toBe(
      journalMessages.itemRemoved,
    );
    expect((await journal(mentee, session.id)).body.data.actionItems).toEqual([]);
  });

  it('limits lengths, checks due dates and attendees, and caps items per mentee, with clear messages', async () => {
    const startsAt = hoursFromNow(-2);
    const { mentor, mentee, session } = await sessionWith(startsAt);
    const day = dayOf(startsAt);
    const refused = async (body: object) => {
      const res = await addItem(mentor, session.id, body);
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      return res.body.message;
    };
    expect((await writeNotes(mentor, session.id, 'x'.repeat(5001))).body.message).toContain(
      journalMessages.noteTooLong,
    );
    expect((await writeNotes(mentor, session.id, 'x'.repeat(5000))).status).toBe(200);
    expect(await refused({ title: ' \n\t ' })).toContain(journalMessages.titleRequired);
    expect(await refused({ title: 'x'.repeat(201) })).toContain(journalMessages.titleTooLong);
    expect(await refused({ title: 'Item', dueOn: '2026-02-30' })).toContain(journalMessages.dueDateInvalid);
    expect(await refused({ title: 'Item', dueOn: 'tomorrow' })).toContain(journalMessages.dueDateInvalid);
    expect(await refused({ title: 'Item', dueOn: addDays(day, -1) })).toBe(
      journalMessages.dueDateBeforeSession,
    );
    expect(await refused({ title: 'Item', dueOn: addDays(day, 367) })).toBe(journalMessages.dueDateTooFar);
    const stranger = await createAdvisee(ctx.database.db);
    expect(await refused({ title: 'Item', adviseeId: stranger.id })).toBe(journalMessages.notAnAttendee);
    expect((await addItem(mentor, session.id, { title: 'x'.repeat(200), dueOn: day })).status).toBe(200);
    expect(
      (await addItem(mentor, session.id, { title: 'No date', dueOn: '' })).body.data[0].dueOn,
    ).toBeNull();

    // Twenty at most per mentee and session, even asked all at once.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => addItem(mentor, session.id, { title: `Item ${i}` })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(18);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.message)).toEqual([
      journalMessages.tooManyItems,
      journalMessages.tooManyItems,
    ]);
    expect((await journal(mentee, session.id)).body.data.actionItems).toHaveLength(20);
  });

  it('shares the mentor’s notes with every attendee of a group; items and own notes stay each attendee’s', async () => {
    const [second, invited] = [await createAdvisee(ctx.database.db), await createAdvisee(ctx.database.db)];
    const {
      mentor,
      mentee: host,
      session,
    } = await sessionWith(hoursFromNow(-2), {
      attendees: [second],
      invited: [invited],
    });
    await writeNotes(mentor, session.id, 'Group notes for all');
    const forEach = await addItem(mentor, session.id, { title: 'Each of you: one interview' });
    expect(forEach.body.data.map((i: { adviseeId: number }) => i.adviseeId).sort()).toEqual(
      [host.id, second.id].sort(),
    );
    const onlySecond = await addItem(mentor, session.id, {
      title: 'Only for the second',
      adviseeId: second.id,
    });
    expect(onlySecond.status).toBe(200);
    // An invited person who has not accepted is not an attendee.
    expect((await addItem(mentor, session.id, { title: 'x', adviseeId: invited.id })).status).toBe(422);
    expect((await journal(invited, session.id)).status).toBe(404);

    await writeNotes(host, session.id, 'Host private thoughts');
    const hostView = (await journal(host, session.id)).body.data;
    const secondView = (await journal(second, session.id)).body.data;
    expect(hostView.mentorNotes.body).toBe('Group notes for all');
    expect(secondView.mentorNotes.body).toBe('Group notes for all');
    expect(hostView.actionItems.map((i: { title: string }) => i.title)).toEqual([
      'Each of you: one interview',
    ]);
    expect(secondView.actionItems.map((i: { title: string }) => i.title)).toEqual([
      'Each of you: one interview',
      'Only for the second',
    ]);
    expect(secondView.ownNotes).toBeNull();
    expect(JSON.stringify(secondView)).not.toContain('Host private');
    // One attendee cannot tick another's item, nor learn it exists.
    const hostItem = hostView.actionItems[0].id as number;
    expect((await tick(second, hostItem)).status).toBe(404);
    expect((await tick(host, hostItem)).status).toBe(200);
    expect((await journal(second, session.id)).body.data.actionItems[0].doneAt).toBeNull();
    expect((await journal(mentor, session.id)).body.data.actionItems).toHaveLength(3);
  });

  it('lists a mentee’s journey newest first, paged, and shows the mentor only their sessions together', async () => {
    const db = ctx.database.db;
    const mentee = await createAdvisee(db);
    const first = await sessionWith(hoursFromNow(-72), { mentee });
    const { mentor, topicId } = first;
    const second = await sessionWith(hoursFromNow(-24), { mentee, mentor, topicId });
    const elsewhere = await sessionWith(hoursFromNow(-48), { mentee });
    await sessionWith(hoursFromNow(24), { mentee, mentor, topicId });
    await sessionWith(hoursFromNow(-10), { mentee, mentor, topicId, status: 'CANCELLED' });

    await writeNotes(mentor, first.session.id, 'First notes');
    const [openItem] = (await addItem(mentor, first.session.id, { title: 'Open one' })).body.data;
    const [doneItem] = (await addItem(mentor, first.session.id, { title: 'Done one' })).body.data;
    await tick(mentee, doneItem.id);
    await addItem(elsewhere.mentor, elsewhere.session.id, { title: 'From another mentor' });
    await writeNotes(mentee, second.session.id, 'My own reflection');

    const page1 = await call(mentee, 'GET', '/journey?pageSize=2');
    expect(page1.status).toBe(200);
    expect(page1.body.data).toMatchObject({ total: 3, openItems: 2, page: 1, pageSize: 2 });
    expect(page1.body.data.entries.map((e: { sessionId: number }) => e.sessionId)).toEqual([
      second.session.id,
      elsewhere.session.id,
    ]);
    expect(page1.body.data.entries[0].ownNotes.body).toBe('My own reflection');
    const page2 = await call(mentee, 'GET', '/journey?pageSize=2&page=2');
    expect(page2.body.data.entries).toMatchObject([
      {
        sessionId: first.session.id,
        mentorNotes: { body: 'First notes' },
        openItems: [{ id: openItem.id, title: 'Open one' }],
        doneItems: 1,
      },
    ]);
    expect((await call(mentee, 'GET', '/journey?page=3&pageSize=2')).body.data).toMatchObject({
      entries: [],
      total: 3,
    });

    const seenByMentor = await call(mentor, 'GET', `/journey/mentees/${mentee.id}`);
    expect(seenByMentor.status).toBe(200);
    expect(seenByMentor.body.data).toMatchObject({ total: 2, openItems: 1 });
    expect(seenByMentor.body.data.entries.map((e: { sessionId: number }) => e.sessionId)).toEqual([
      second.session.id,
      first.session.id,
    ]);
    expect(JSON.stringify(seenByMentor.body)).not.toContain('My own reflection');
    expect(JSON.stringify(seenByMentor.body)).not.toContain('From another mentor');

    // A mentor with no session with this mentee learns nothing; roles stay on their side.
    const { advisor: stranger } = await createMentor(db);
    expect((await call(stranger, 'GET', `/journey/mentees/${mentee.id}`)).status).toBe(404);
    expect((await call(mentee, 'GET', `/journey/mentees/${mentee.id}`)).status).toBe(403);
    expect((await call(mentor, 'GET', '/journey')).status).toBe(403);
    // Before their first session together the mentor sees an empty journey rather than a refusal.
    const newcomer = await createAdvisee(db);
    await sessionWith(hoursFromNow(30), { mentee: newcomer, mentor, topicId });
    expect((await call(mentor, 'GET', `/journey/mentees/${newcomer.id}`)).body.data).toMatchObject({
      entries: [],
      total: 0,
      openItems: 0,
    });
  });

  it('reminds a mentee of their open items with that mentor before the next session, by e-mail and SMS', async () => {
    const db = ctx.database.db;
    const mentee = await createAdvisee(db);
    const past = await sessionWith(hoursFromNow(-48), { mentee });
    const { mentor, topicId } = past;
    const due = addDays(dayOf(past.session.startsAt), 10);
    await addItem(mentor, past.session.id, { title: 'Call two recruiters', dueOn: due });
    const [done] = (await addItem(mentor, past.session.id, { title: 'Already done' })).body.data;
    await tick(mentee, done.id);
    const other = await sessionWith(hoursFromNow(-30), { mentee });
    await addItem(other.mentor, other.session.id, { title: 'Not this mentor' });

    const next = await sessionWith(hoursFromNow(30), { mentee, mentor, topicId });
    // The confirmation goes first; the reminder at 24 hours before.
    await sendDueSessionMessages(ctx);
    await sendDueSessionMessages(ctx, new Date(next.session.startsAt.getTime() - 24 * hour + minute));

    const outbox = async (to: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(to)}` })).json()
        .data as Array<{ subject: string | null; body: string }>;
    const email = (await outbox(mentee.email)).find((m) => m.subject?.startsWith('Reminder:'));
    expect(email?.body).toContain(
      `Your 1 open action item from ${mentor.name}:\n- Call two recruiters (due ${formatDateChip(due)})`,
    );
    expect(email?.body).not.toContain('Already done');
    expect(email?.body).not.toContain('Not this mentor');
    const sms = (await outbox(mentee.phoneNumber!)).find((m) => m.body.startsWith('Reminder:'));
    expect(sms?.body).toContain(`You have 1 open action item from ${mentor.name}.`);
    // The mentor's own reminder lists no one's items.
    const mentorEmail = (await outbox(mentor.email)).find((m) => m.subject?.startsWith('Reminder:'));
    expect(mentorEmail?.body).toBeDefined();
    expect(mentorEmail?.body).not.toContain('action item');
  });
});
