import { callMessages, maxCallSocketsPerPerson } from '@myprosper/contract/calls';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app.ts';
import { connectDatabase, type Database } from '../../db/connection.ts';
import { sessions } from '../../db/schema/sessions.ts';
import {
  baseWsUrl,
  bearerOf,
  minute,
  sessionAt,
  startInstance,
  TestPeer,
  ticketFor,
} from './calls.test-helpers.ts';
import { closeCallRoom } from './close-room.ts';

/**
 * Two API instances on one database, each listening on its own port, as two processes behind a load
 * balancer would: pages connected to different instances still reach each other.
 */
let first: FastifyInstance;
let second: FastifyInstance;
let secondDatabase: Database;
let dropDatabase: () => Promise<void>;
let db: Database['db'];

function instance(database: Database): Promise<FastifyInstance> {
  // TEST_REDIS_URL runs the same journeys with Redis pub/sub carrying signaling between the instances.
  return startInstance(database, { REDIS_URL: process.env.TEST_REDIS_URL });
}

beforeAll(async () => {
  const test = await createTestDatabase();
  dropDatabase = test.drop;
  db = test.database.db;
  secondDatabase = connectDatabase(test.url, { max: 4 });
  first = await instance(test.database);
  second = await instance(secondDatabase);
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await secondDatabase?.close();
  await dropDatabase?.();
});

const soon = () => new Date(Date.now() + 5 * minute);

describe('signaling across two API instances', () => {
  it('relays rosters, offers, answers, candidates and mute states between pages on different instances', async () => {
    const { mentor, host, session } = await sessionAt(db, soon());
    const mentorPage = await TestPeer.join(baseWsUrl(first), await ticketFor(first, mentor, session.id));
    expect(mentorPage.joined.you).toMatchObject({ userId: mentor.id, name: mentor.name, role: 'ADVISOR' });
    expect(mentorPage.joined.callStatus).toBe('STARTED');
    const hostPage = await TestPeer.join(baseWsUrl(second), await ticketFor(second, host, session.id));

    const both = (ids: string[]) => ids.includes(mentorPage.id) && ids.includes(hostPage.id);
    const seenByMentor = await mentorPage.peer.rosterWhere(both);
    expect(seenByMentor.participants.find((p) => p.participantId === hostPage.id)).toEqual({
      participantId: hostPage.id,
      userId: host.id,
      name: host.name,
      role: 'ADVISEE',
      audioMuted: false,
      videoOff: false,
    });
    await hostPage.peer.rosterWhere(both);

    const offer = { description: { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' } };
    mentorPage.peer.send({ type: 'signal', to: hostPage.id, seq: 1, data: offer });
    expect(await hostPage.peer.next('signal')).toEqual({
      type: 'signal',
      from: mentorPage.id,
      seq: 1,
      data: offer,
    });
    const candidate = {
      candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0' },
    };
    hostPage.peer.send({ type: 'signal', to: mentorPage.id, seq: 1, data: candidate });
    expect((await mentorPage.peer.next('signal')).data).toEqual(candidate);

    hostPage.peer.send({ type: 'mute-state', audioMuted: true, videoOff: false });
    const muted = await mentorPage.peer.next('roster', (m) =>
      m.participants.some((p) => p.participantId === hostPage.id && p.audioMuted),
    );
    expect(muted.participants.find((p) => p.userId === host.id)?.audioMuted).toBe(true);
  });

  it('drops messages that are not in the contract and signals to people no longer there', async () => {
    const { mentor, host, session } = await sessionAt(db, soon());
    const mentorPage = await TestPeer.join(baseWsUrl(first), await ticketFor(first, mentor, session.id));
    mentorPage.peer.send({
      type: 'signal',
      to: 'pNobodyHere1',
      seq: 1,
      data: { candidate: { candidate: '' } },
    });
    mentorPage.peer.send({ type: 'shout', text: 'hello' });
    expect(await mentorPage.peer.next('error')).toMatchObject({ code: 'INVALID_MESSAGE' });
    const hostPage = await TestPeer.join(baseWsUrl(second), await ticketFor(second, host, session.id));
    expect(hostPage.peer.received.some((m) => m.type === 'signal')).toBe(false);
  });

  it('keeps the place of a page whose socket dropped, and re-attaches it on another instance', async () => {
    const { mentor, host, session } = await sessionAt(db, soon());
    const mentorPage = await TestPeer.join(baseWsUrl(first), await ticketFor(first, mentor, session.id));
    const hostPage = await TestPeer.join(baseWsUrl(first), await ticketFor(first, host, session.id));
    hostPage.peer.terminate();
    await hostPage.peer.closed;

    const back = await TestPeer.join(
      baseWsUrl(second),
      await ticketFor(second, host, session.id),
      hostPage.id,
    );
    expect(back.id).toBe(hostPage.id);
    mentorPage.peer.send({
      type: 'signal',
      to: hostPage.id,
      seq: 2,
      data: { description: { type: 'rollback' } },
    });
    expect(await back.peer.next('signal')).toMatchObject({ from: mentorPage.id, seq: 2 });
  });

  it('gives a reloaded page a new id, sends the old one away, and removes a page that leaves', async () => {
    const { mentor, host, session } = await sessionAt(db, soon());
    const mentorPage = await TestPeer.join(baseWsUrl(first), await ticketFor(first, mentor, session.id));
    const before = await TestPeer.join(baseWsUrl(first), await ticketFor(first, host, session.id));
    const after = await TestPeer.join(baseWsUrl(second), await ticketFor(second, host, session.id));
    expect(after.id).not.toBe(before.id);
    expect(await before.peer.next('session-ended')).toMatchObject({
      reason: 'REPLACED',
      message: callMessages.replaced,
    });
    const reloaded = await mentorPage.peer.rosterWhere(
      (ids) => ids.includes(after.id) && !ids.includes(before.id),
    );
    expect(reloaded.participants).toHaveLength(2);

    after.peer.send({ type: 'leave' });
    expect((await after.peer.closed).code).toBe(1000);
    const alone = await mentorPage.peer.rosterWhere((ids) => ids.length === 1 && ids[0] === mentorPage.id);
    expect(alone.participants[0]?.userId).toBe(mentor.id);

    const summary = await first.inject({
      method: 'GET',
      url: `/myprosper/api/calls/${session.id}`,
      headers: await bearerOf(first, mentor),
    });
    const people = summary.json().data.people as Array<{ userId: number; firstJoinedAt: string | null }>;
    expect(people.find((p) => p.userId === host.id)?.firstJoinedAt).not.toBeNull();
  });

  it('closes the room on every instance when the session is cancelled', async () => {
    const { mentor, host, session } = await sessionAt(db, soon());
    const mentorPage = await TestPeer.join(baseWsUrl(first), await ticketFor(first, mentor, session.id));
    const hostPage = await TestPeer.join(baseWsUrl(second), await ticketFor(second, host, session.id));
    await db.transaction(async (tx) => {
      await tx.update(sessions).set({ status: 'CANCELLED' }).where(eq(sessions.id, session.id));
      await closeCallRoom(tx, session.id);
    });
    for (const page of [mentorPage, hostPage]) {
      expect(await page.peer.next('session-ended')).toEqual({
        type: 'session-ended',
        reason: 'CANCELLED',
        message: callMessages.cancelled,
      });
      expect((await page.peer.closed).code).toBe(4003);
    }
  });

  it('refuses a fourth socket of one person to one call with a clear reason, and the three stay', async () => {
    const { mentor, host, session } = await sessionAt(db, soon());
    const url = baseWsUrl(first);
    const ticket = await ticketFor(first, host, session.id);
    const pages: TestPeer[] = [];
    for (let i = 0; i < maxCallSocketsPerPerson; i++) pages.push(await TestPeer.open(url, ticket));
    const answers = async (page: TestPeer, at: number) => {
      page.send({ type: 'ping', at });
      expect(await page.next('pong', (m) => m.at === at)).toEqual({ type: 'pong', at });
    };

    const fourth = await TestPeer.open(url, ticket);
    expect(await fourth.next('error')).toEqual({
      type: 'error',
      code: 'TOO_MANY_SOCKETS',
      message: callMessages.tooManyWindows,
    });
    expect(await fourth.closed).toEqual({ code: 4029, reason: callMessages.tooManyWindows });
    // A fifth, joining at once, fares no better; the three are untouched and still answer.
    const fifth = await TestPeer.open(url, ticket);
    fifth.send({ type: 'join' });
    expect((await fifth.closed).code).toBe(4029);
    expect(fifth.received.some((m) => m.type === 'joined')).toBe(false);
    for (const [index, page] of pages.entries()) await answers(page, index + 1);
    pages[0]!.send({ type: 'join' });
    expect((await pages[0]!.next('joined')).you.userId).toBe(host.id);

    // Only this person's sockets to this call count: the mentor joins as ever.
    const mentorPage = await TestPeer.join(url, await ticketFor(first, mentor, session.id));
    expect(mentorPage.joined.you.userId).toBe(mentor.id);

    // Once one of the three is closed, another may open.
    pages[2]!.close();
    await pages[2]!.closed;
    const again = await TestPeer.open(url, ticket);
    await answers(again, 10);
    for (const page of [...pages, again, mentorPage.peer]) page.close();
  });
});
