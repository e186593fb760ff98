import {
  callMessages,
  feedCheckOf,
  feedIdOf,
  isGenuineFeed,
  type SfuAccess,
} from '@myprosper/contract/calls';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JanusServer, JanusTestClient, startJanus } from '../../../test/janus.ts';
import { createTestApp, createTestDatabase, type TestContext } from '../../../test/test-app.ts';
import { connectDatabase } from '../../db/connection.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { createAdvisee } from '../../db/seed/factories.ts';
import {
  baseWsUrl,
  declineAndRecheck,
  minute,
  refusal,
  sessionAt,
  startInstance,
  TestPeer,
  ticketFor,
  ticketOf,
} from './calls.test-helpers.ts';
import { closeCallRoom } from './close-room.ts';
import { signTicket } from './join-ticket.ts';

/**
 * Group calls through a real Janus (Debian's 1.1.2, started by this test with a config of its own): the
 * API makes the room and a token per person once the join rule let them in, and takes it back when they may
 * no longer be there. Janus missing is a failure (CI installs it).
 */
let janus: JanusServer;
let ctx: TestContext;
let url: string;

beforeAll(async () => {
  janus = await startJanus();
  ctx = await createTestApp({
    CALL_ATTENDANCE_CRON: '0 0 1 1 *',
    JANUS_URL: janus.url,
    JANUS_ADMIN_URL: janus.adminUrl,
    JANUS_ADMIN_SECRET: janus.adminSecret,
    JANUS_ROOM_ADMIN_KEY: janus.adminKey,
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = baseWsUrl(ctx.app);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await janus?.stop();
});

const soon = () => new Date(Date.now() + 5 * minute);

/** A page in Janus with its token: a session, a VideoRoom handle, and the join answer as a publisher. */
async function enterJanus(sfu: SfuAccess, room = sfu.room) {
  const client = await JanusTestClient.open(sfu.url, sfu.token);
  const created = await client.create();
  if (created.janus !== 'success') return { client, created, joined: null };
  const handle = await client.attach();
  const joined = await client.message(handle, {
    request: 'join',
    ptype: 'publisher',
    room,
    id: sfu.feedId,
    display: sfu.display,
    token: sfu.token,
  });
  return { client, created, joined, handle };
}

describe('group calls through Janus', () => {
  it('gives each person of a group call a token of their own for the session’s room, which Janus takes', async () => {
    const { mentor, host, others, session } = await sessionAt(ctx.database.db, soon(), { attendees: 2 });
    const pages = [];
    for (const person of [mentor, host, ...others]) {
      pages.push(await TestPeer.join(url, await ticketFor(ctx.app, person, session.id)));
    }
    const accesses = pages.map((page) => page.joined.sfu!);
    for (const [i, access] of accesses.entries()) {
      expect(access).toEqual({
        url: janus.url,
        token: expect.any(String),
        display: expect.any(String),
        room: session.id,
        feedId: feedIdOf(pages[i]!.id),
      });
    }
    expect(new Set(accesses.map((a) => a.token)).size).toBe(4);

    const inJanus = [];
    for (const access of accesses) {
      const entered = await enterJanus(access);
      expect(entered.joined).toMatchObject({ videoroom: 'joined', room: session.id, id: access.feedId });
      inJanus.push(entered);
    }
    // Everyone is in the room (the room is private: only its people see it).
    const seen = await inJanus[0]!.client.message(inJanus[0]!.handle!, {
      request: 'listparticipants',
      room: session.id,
    });
    expect((seen.participants as Array<{ id: number }>).map((p) => p.id).sort()).toEqual(
      accesses.map((a) => a.feedId).sort(),
    );
    for (const entered of inJanus) entered.client.close();
    for (const page of pages) page.peer.close();
  });

  it('gives each page the tag it publishes with, and every page only its hash: none can pass for another', async () => {
    const { mentor, host, session } = await sessionAt(ctx.database.db, soon(), { attendees: 1 });
    const mentorPage = await TestPeer.join(url, await ticketFor(ctx.app, mentor, session.id));
    const hostPage = await TestPeer.join(url, await ticketFor(ctx.app, host, session.id));
    const roster = await mentorPage.peer.rosterWhere((ids) => ids.includes(hostPage.id));
    const hostEntry = roster.participants.find((p) => p.participantId === hostPage.id)!;
    const [mentorTag, hostTag] = [mentorPage.joined.sfu!.display, hostPage.joined.sfu!.display];
    expect(hostEntry.feedCheck).toBe(await feedCheckOf(hostTag));
    expect(await isGenuineFeed(hostTag, hostEntry.feedCheck)).toBe(true);
    // The mentor's page, publishing under the host's id, could not pass for them.
    expect(await isGenuineFeed(mentorTag, hostEntry.feedCheck)).toBe(false);
    // No roster carries a tag: only its hash.
    expect(JSON.stringify(roster)).not.toContain(hostTag);
    expect(JSON.stringify(roster)).not.toContain(mentorTag);
    // Janus shows the others the tag as the publisher's display, as a page publishes.
    const inside = await enterJanus(hostPage.joined.sfu!);
    expect(inside.joined).toMatchObject({ videoroom: 'joined' });
    const watcher = await enterJanus(mentorPage.joined.sfu!);
    const seen = await watcher.client.message(watcher.handle!, {
      request: 'listparticipants',
      room: session.id,
    });
    for (const c of [inside, watcher]) c.client.close();
    const people = seen.participants as Array<{ id: number; display?: string }>;
    expect(people.find((p) => p.id === hostPage.joined.sfu!.feedId)?.display).toBe(hostTag);
  });

  it('refuses Janus without a token, with a made-up one, and another room’s token in this room', async () => {
    const first = await sessionAt(ctx.database.db, soon(), { attendees: 2 });
    const second = await sessionAt(ctx.database.db, soon(), { attendees: 2 });
    const mine = await TestPeer.join(url, await ticketFor(ctx.app, first.host, first.session.id));
    const theirs = await TestPeer.join(url, await ticketFor(ctx.app, second.host, second.session.id));

    const anonymous = await JanusTestClient.open(janus.url);
    expect(await anonymous.create()).toMatchObject({ janus: 'error', error: { code: 403 } });
    anonymous.close();
    const forged = await enterJanus({ ...mine.joined.sfu!, token: 'made-up-token-of-an-attacker' });
    expect(forged.created).toMatchObject({ janus: 'error', error: { code: 403 } });
    forged.client.close();

    // A person of the other session, with their own valid token, asks for this session's room.
    const intruder = await enterJanus(theirs.joined.sfu!, first.session.id);
    expect(intruder.joined).toMatchObject({ error_code: 433 });
    intruder.client.close();
    mine.peer.close();
    theirs.peer.close();
  });

  it('lets a page whose socket dropped come back with the token its Janus session holds', async () => {
    const { host, session } = await sessionAt(ctx.database.db, soon(), { attendees: 2 });
    const first = await TestPeer.join(url, await ticketFor(ctx.app, host, session.id));
    first.peer.terminate();
    const back = await TestPeer.join(url, await ticketFor(ctx.app, host, session.id), first.id);
    expect(back.id).toBe(first.id);
    expect(back.joined.sfu).toEqual(first.joined.sfu);
    back.peer.close();
  });

  it('keeps 1:1 calls peer to peer: no SFU', async () => {
    const { mentor, session } = await sessionAt(ctx.database.db, soon());
    const page = await TestPeer.join(url, await ticketFor(ctx.app, mentor, session.id));
    expect(page.joined.sfu).toBeUndefined();
    page.peer.close();
  });

  it('gives no token to a stranger, before the call opens, or after it closed (the same rule as the mesh)', async () => {
    const { session } = await sessionAt(ctx.database.db, soon(), { attendees: 2 });
    const stranger = await createAdvisee(ctx.database.db);
    expect((await ticketOf(ctx.app, stranger, session.id)).statusCode).toBe(404);
    const forgedTicket = signTicket(ctx.app.signingSecret, { userId: stranger.id, sessionId: session.id });
    expect((await refusal(url, forgedTicket.ticket)).statusCode).toBe(404);

    const later = await sessionAt(ctx.database.db, new Date(Date.now() + 3 * 60 * minute), { attendees: 2 });
    const early = await ticketOf(ctx.app, later.host, later.session.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(callMessages.tooEarly(10));
    const earlyTicket = signTicket(ctx.app.signingSecret, {
      userId: later.host.id,
      sessionId: later.session.id,
    });
    expect((await refusal(url, earlyTicket.ticket)).statusCode).toBe(409);

    const past = await sessionAt(ctx.database.db, new Date(Date.now() - 2 * 60 * minute), { attendees: 2 });
    const ended = await ticketOf(ctx.app, past.mentor, past.session.id);
    expect(ended.statusCode).toBe(410);
    expect(ended.json().message).toBe(callMessages.ended);
  });

  it('takes the token back from an attendee who cancelled: sent away, kicked from the room, refused by Janus', async () => {
    const { mentor, host, others, session } = await sessionAt(ctx.database.db, soon(), { attendees: 2 });
    const leaver = others[0]!;
    const mentorPage = await TestPeer.join(url, await ticketFor(ctx.app, mentor, session.id));
    const leaverPage = await TestPeer.join(url, await ticketFor(ctx.app, leaver, session.id));
    await TestPeer.join(url, await ticketFor(ctx.app, host, session.id));
    const watcher = await enterJanus(mentorPage.joined.sfu!);
    const inside = await enterJanus(leaverPage.joined.sfu!);
    expect(inside.joined).toMatchObject({ videoroom: 'joined' });

    await declineAndRecheck(ctx.database.db, session.id, leaver.id);
    expect(await leaverPage.peer.next('session-ended')).toMatchObject({ reason: 'NOT_ALLOWED' });
    // Janus tells the one in the room they were kicked, and the token no longer opens anything.
    await inside.client.event((e) => {
      const data = (e.plugindata as { data?: Record<string, unknown> } | undefined)?.data;
      return data?.leaving === 'ok' && data.reason === 'kicked';
    });
    const again = await enterJanus(leaverPage.joined.sfu!);
    expect(again.created).toMatchObject({ janus: 'error', error: { code: 403 } });
    // The others stay in the room.
    const seen = await watcher.client.message(watcher.handle!, {
      request: 'listparticipants',
      room: session.id,
    });
    expect((seen.participants as Array<{ id: number }>).map((p) => p.id)).toEqual([
      mentorPage.joined.sfu!.feedId,
    ]);
    for (const c of [watcher, inside, again]) c.client.close();
  });

  it('closes the room at the end: everyone’s token stops working', async () => {
    const { mentor, host, others, session } = await sessionAt(ctx.database.db, soon(), { attendees: 1 });
    const pages = [];
    for (const person of [mentor, host, ...others]) {
      pages.push(await TestPeer.join(url, await ticketFor(ctx.app, person, session.id)));
    }
    const inside = await enterJanus(pages[0]!.joined.sfu!);
    expect(inside.joined).toMatchObject({ videoroom: 'joined' });
    // The session's hour and its grace are over.
    await ctx.database.db.transaction(async (tx) => {
      await tx
        .update(sessions)
        .set({ startsAt: new Date(Date.now() - 90 * minute), endsAt: new Date(Date.now() - 30 * minute) })
        .where(eq(sessions.id, session.id));
      await closeCallRoom(tx, session.id);
    });
    for (const page of pages) {
      expect(await page.peer.next('session-ended')).toMatchObject({
        reason: 'TIME_UP',
        message: callMessages.ended,
      });
    }
    for (const page of pages) {
      const again = await enterJanus(page.joined.sfu!);
      expect(again.created).toMatchObject({ janus: 'error', error: { code: 403 } });
      again.client.close();
    }
    inside.client.close();
  });
});

describe('group calls when Janus does not answer', () => {
  it('are a mesh: the join answers without an SFU', async () => {
    const down = await createTestApp({
      CALL_ATTENDANCE_CRON: '0 0 1 1 *',
      JANUS_URL: 'ws://127.0.0.1:9',
      JANUS_ADMIN_URL: 'ws://127.0.0.1:9',
      JANUS_ADMIN_SECRET: 'nobody-is-listening-here',
      JANUS_ROOM_ADMIN_KEY: 'nobody-is-listening-here',
    });
    try {
      await down.app.listen({ port: 0, host: '127.0.0.1' });
      const { mentor, host, session } = await sessionAt(down.database.db, soon(), { attendees: 2 });
      const mentorPage = await TestPeer.join(
        baseWsUrl(down.app),
        await ticketFor(down.app, mentor, session.id),
      );
      const hostPage = await TestPeer.join(baseWsUrl(down.app), await ticketFor(down.app, host, session.id));
      expect(mentorPage.joined.sfu).toBeUndefined();
      expect(hostPage.joined.sfu).toBeUndefined();
      // The mesh relays their signals as ever.
      mentorPage.peer.send({ type: 'signal', to: hostPage.id, seq: 1, data: { video: { low: true } } });
      expect(await hostPage.peer.next('signal')).toMatchObject({
        from: mentorPage.id,
        data: { video: { low: true } },
      });
    } finally {
      await down.close();
    }
  });
});

describe('group calls through Janus on two API instances', () => {
  it('takes back the token one instance gave once its holder, gone on through the other, is sent away', async () => {
    const test = await createTestDatabase();
    const secondDatabase = connectDatabase(test.url, { max: 4 });
    const apps: FastifyInstance[] = [];
    try {
      for (const database of [test.database, secondDatabase]) {
        apps.push(
          await startInstance(database, {
            JANUS_URL: janus.url,
            JANUS_ADMIN_URL: janus.adminUrl,
            JANUS_ADMIN_SECRET: janus.adminSecret,
            JANUS_ROOM_ADMIN_KEY: janus.adminKey,
          }),
        );
      }
      const [first, second] = apps as [FastifyInstance, FastifyInstance];
      const { mentor, host, others, session } = await sessionAt(test.database.db, soon(), { attendees: 1 });
      const leaver = others[0]!;
      await TestPeer.join(baseWsUrl(second), await ticketFor(second, mentor, session.id));
      await TestPeer.join(baseWsUrl(second), await ticketFor(second, host, session.id));
      // The leaver's page starts on the first instance, drops, and comes back through the second.
      const before = await TestPeer.join(baseWsUrl(first), await ticketFor(first, leaver, session.id));
      const firstToken = before.joined.sfu!;
      before.peer.terminate();
      await before.peer.closed;
      const back = await TestPeer.join(
        baseWsUrl(second),
        await ticketFor(second, leaver, session.id),
        before.id,
      );
      expect(back.id).toBe(before.id);
      const inside = await enterJanus(firstToken);
      expect(inside.joined).toMatchObject({ videoroom: 'joined' });
      inside.client.close();

      // Their place is cancelled: sent away on the second instance, and the first's token stops working too.
      await declineAndRecheck(test.database.db, session.id, leaver.id);
      expect(await back.peer.next('session-ended')).toMatchObject({ reason: 'NOT_ALLOWED' });
      for (const sfu of [back.joined.sfu!, firstToken]) {
        await expect
          .poll(
            async () => {
              const again = await enterJanus(sfu);
              again.client.close();
              return again.created;
            },
            { timeout: 10_000, interval: 250 },
          )
          .toMatchObject({ janus: 'error', error: { code: 403 } });
      }
    } finally {
      for (const app of apps) await app.close();
      await secondDatabase.close();
      await test.drop();
    }
  });
});
