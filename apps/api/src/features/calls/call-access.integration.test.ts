import { createHmac } from 'node:crypto';
import { callMessages } from '@myprosper/contract/calls';
import { sessionMessages } from '@myprosper/contract/sessions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { sessionParticipants } from '../../db/schema/sessions.ts';
import { createAdvisee } from '../../db/seed/factories.ts';
import {
  baseWsUrl,
  bearerOf,
  minute,
  refusal,
  refusedStatus,
  sessionAt,
  TestPeer,
  ticketFor,
  ticketOf,
} from './calls.test-helpers.ts';
import { signTicket } from './join-ticket.ts';

const turnSecret = 'coturn-static-auth-secret-for-tests';

let ctx: TestContext;
let url: string;

beforeAll(async () => {
  ctx = await createTestApp({
    CALL_STUN_URLS: 'stun:turn.example.test:3478',
    CALL_TURN_URLS: 'turn:turn.example.test:3478?transport=udp, turns:turn.example.test:443?transport=tcp',
    CALL_TURN_SECRET: turnSecret,
    CALL_ATTENDANCE_CRON: '0 0 1 1 *',
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = baseWsUrl(ctx.app);
});

afterAll(async () => {
  await ctx?.close();
});

const soon = () => new Date(Date.now() + 5 * minute);

describe('the join ticket', () => {
  it('is given to the mentor with STUN and TURN servers whose credentials last until the call closes', async () => {
    const { mentor, session } = await sessionAt(ctx.database.db, soon());
    const res = await ticketOf(ctx.app, mentor, session.id);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.room).toMatchObject({
      sessionId: session.id,
      sessionType: 'INDIVIDUAL',
      callStatus: 'NOT_STARTED',
      capacity: 2,
      you: { userId: mentor.id, name: mentor.name, role: 'ADVISOR' },
    });
    const closesAt = new Date(data.room.closesAt).getTime();
    expect(closesAt).toBe(session.endsAt.getTime() + 10 * minute);
    expect(new Date(data.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    const [stun, turn] = data.iceServers;
    expect(stun).toEqual({ urls: ['stun:turn.example.test:3478'] });
    expect(turn.urls).toEqual([
      'turn:turn.example.test:3478?transport=udp',
      'turns:turn.example.test:443?transport=tcp',
    ]);
    expect(turn.username).toBe(`${Math.floor(closesAt / 1000)}:${mentor.id}`);
    expect(turn.credential).toBe(createHmac('sha1', turnSecret).update(turn.username).digest('base64'));
  });

  it('is refused to a stranger, as if the session did not exist', async () => {
    const { session } = await sessionAt(ctx.database.db, soon());
    const stranger = await createAdvisee(ctx.database.db);
    const res = await ticketOf(ctx.app, stranger, session.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(sessionMessages.sessionNotFound);
  });

  it('is refused to an attendee who has not paid', async () => {
    const { host, others, session } = await sessionAt(ctx.database.db, soon(), { attendees: 1 });
    const unpaid = others[0]!;
    await ctx.database.db
      .update(sessionParticipants)
      .set({ paymentStatus: 'UNPAID' })
      .where(
        and(eq(sessionParticipants.sessionId, session.id), eq(sessionParticipants.adviseeId, unpaid.id)),
      );
    const res = await ticketOf(ctx.app, unpaid, session.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(callMessages.notPaid);
    expect((await ticketOf(ctx.app, host, session.id)).statusCode).toBe(200);
  });

  it('is refused to a group attendee who has not accepted the invitation', async () => {
    const { others, session } = await sessionAt(ctx.database.db, soon(), { attendees: 1 });
    await ctx.database.db
      .update(sessionParticipants)
      .set({ invitationStatus: 'PENDING' })
      .where(eq(sessionParticipants.adviseeId, others[0]!.id));
    const res = await ticketOf(ctx.app, others[0]!, session.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(callMessages.notAccepted);
  });

  it('is refused more than 10 minutes before the start, and given from then on', async () => {
    const early = await sessionAt(ctx.database.db, new Date(Date.now() + 12 * minute));
    const res = await ticketOf(ctx.app, early.host, early.session.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The call opens 10 minutes before the session starts');
    const onTime = await sessionAt(ctx.database.db, new Date(Date.now() + 9 * minute));
    expect((await ticketOf(ctx.app, onTime.host, onTime.session.id)).statusCode).toBe(200);
  });

  it('is refused after the end plus the grace period, and given during the grace period', async () => {
    const over = await sessionAt(ctx.database.db, new Date(Date.now() - 71 * minute));
    const res = await ticketOf(ctx.app, over.mentor, over.session.id);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(callMessages.ended);
    const inGrace = await sessionAt(ctx.database.db, new Date(Date.now() - 65 * minute));
    expect((await ticketOf(ctx.app, inGrace.mentor, inGrace.session.id)).statusCode).toBe(200);
  });

  it('is refused for a cancelled session', async () => {
    const { host, session } = await sessionAt(ctx.database.db, soon(), { status: 'CANCELLED' });
    const res = await ticketOf(ctx.app, host, session.id);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(callMessages.cancelled);
  });
});

describe('the signaling socket', () => {
  it('refuses an upgrade without a valid ticket, or with an expired one', async () => {
    const { host, session } = await sessionAt(ctx.database.db, soon());
    expect(await refusedStatus(url, 'v1.forged.ticket')).toBe(401);
    const expired = signTicket(
      ctx.app.signingSecret,
      { userId: host.id, sessionId: session.id },
      Date.now() - 61_000,
    );
    expect(await refusedStatus(url, expired.ticket)).toBe(401);
    const tampered = (await ticketFor(ctx.app, host, session.id)).replace(/.$/, (c) =>
      c === 'A' ? 'B' : 'A',
    );
    expect(await refusedStatus(url, tampered)).toBe(401);
  });

  it('checks the join rule again on the upgrade: a ticket of a stranger is refused', async () => {
    const { session } = await sessionAt(ctx.database.db, soon());
    const stranger = await createAdvisee(ctx.database.db);
    const ticket = signTicket(ctx.app.signingSecret, { userId: stranger.id, sessionId: session.id });
    expect(await refusedStatus(url, ticket.ticket)).toBe(404);
  });

  it('checks again on join: an attendee whose payment was undone meanwhile is sent away', async () => {
    const { host, session } = await sessionAt(ctx.database.db, soon());
    const peer = await TestPeer.open(url, await ticketFor(ctx.app, host, session.id));
    await ctx.database.db
      .update(sessionParticipants)
      .set({ paymentStatus: 'UNPAID' })
      .where(eq(sessionParticipants.sessionId, session.id));
    peer.send({ type: 'join' });
    const ended = await peer.next('session-ended');
    expect(ended).toEqual({ type: 'session-ended', reason: 'NOT_ALLOWED', message: callMessages.notPaid });
    expect((await peer.closed).code).toBe(4003);
  });

  it('never lets more than five people into a group call', async () => {
    const { mentor, host, others, session } = await sessionAt(ctx.database.db, soon(), { attendees: 5 });
    const [a, b, c, d, e] = others;
    const lateTicket = await ticketFor(ctx.app, e!, session.id);
    for (const person of [mentor, host, a!, b!, c!]) {
      await TestPeer.join(url, await ticketFor(ctx.app, person, session.id));
    }
    const full = await ticketOf(ctx.app, d!, session.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(callMessages.roomFull);
    const late = await TestPeer.open(url, lateTicket);
    late.send({ type: 'join' });
    expect(await late.next('session-ended')).toMatchObject({
      reason: 'NOT_ALLOWED',
      message: callMessages.roomFull,
    });
  });
});

describe('the signaling socket against other sites and floods', () => {
  it('refuses an upgrade from a page of another site, and opens one from the app’s own pages or a program', async () => {
    const { host, session } = await sessionAt(ctx.database.db, soon());
    const ticket = await ticketFor(ctx.app, host, session.id);
    for (const origin of ['https://evil.example', 'http://localhost:3000.evil.example', 'null']) {
      expect(await refusal(url, ticket, origin), origin).toEqual({
        statusCode: 403,
        message: callMessages.otherSite,
      });
    }
    // PUBLIC_URL (here the default, http://localhost:3000); the address the upgrade went to (a direct start,
    // or Vite's dev server, which passes the browser's Host and Origin on); no Origin: not a browser.
    const appOrigins = [
      new URL(ctx.env.PUBLIC_URL).origin,
      new URL(url).origin.replace('ws:', 'http:'),
      undefined,
    ];
    for (const origin of appOrigins) {
      const peer = await TestPeer.open(url, ticket, origin);
      peer.send({ type: 'ping', at: 7 });
      expect(await peer.next('pong'), String(origin)).toEqual({ type: 'pong', at: 7 });
      peer.close();
    }
  });

  it('lets a page of a full call send its offers and dozens of ICE candidates to four others at once', async () => {
    const { mentor, host, others, session } = await sessionAt(ctx.database.db, soon(), { attendees: 3 });
    const mentorPage = await TestPeer.join(url, await ticketFor(ctx.app, mentor, session.id));
    const pages = [];
    for (const person of [host, ...others]) {
      pages.push(await TestPeer.join(url, await ticketFor(ctx.app, person, session.id)));
    }
    await mentorPage.peer.rosterWhere((ids) => ids.length === 5);
    const offer = { description: { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' } };
    const candidate = (n: number) => ({
      candidate: {
        candidate: `candidate:${n} 1 udp ${n} 192.0.2.${n % 250} ${5000 + n} typ host`,
        sdpMid: '0',
      },
    });
    const candidatesPerLink = 60;
    for (const page of pages) {
      mentorPage.peer.send({ type: 'signal', to: page.id, seq: 1, data: offer });
      for (let n = 1; n <= candidatesPerLink; n++) {
        mentorPage.peer.send({ type: 'signal', to: page.id, seq: n + 1, data: candidate(n) });
      }
    }
    for (const page of pages) {
      for (let seq = 1; seq <= candidatesPerLink + 1; seq++) {
        const signal = await page.peer.next('signal', (m) => m.from === mentorPage.id && m.seq === seq);
        expect(signal.data).toEqual(seq === 1 ? offer : candidate(seq - 1));
      }
    }
    mentorPage.peer.send({ type: 'ping', at: 1 });
    expect(await mentorPage.peer.next('pong')).toEqual({ type: 'pong', at: 1 });
  });

  it('closes a socket that floods the server with messages, saying why', async () => {
    const { host, session } = await sessionAt(ctx.database.db, soon());
    const { peer } = await TestPeer.join(url, await ticketFor(ctx.app, host, session.id));
    for (let n = 0; n < 2_000; n++) peer.send({ type: 'ping', at: n });
    expect(await peer.closed).toEqual({ code: 1008, reason: 'too many messages' });
  });

  it('closes a socket that sends a message over 64 KiB with 1009 (message too big)', async () => {
    const { host, session } = await sessionAt(ctx.database.db, soon());
    const { peer, id } = await TestPeer.join(url, await ticketFor(ctx.app, host, session.id));
    const sdp = `v=0\r\n${'a=x\r\n'.repeat(12_000)}`;
    peer.send({ type: 'signal', to: id, seq: 1, data: { description: { type: 'offer', sdp } } });
    expect((await peer.closed).code).toBe(1009);
  });
});

describe('starting a session', () => {
  it('is for the mentor only; waiting mentees are told the call started', async () => {
    const { mentor, host, session } = await sessionAt(ctx.database.db, soon());
    const waiting = await TestPeer.join(url, await ticketFor(ctx.app, host, session.id));
    expect(waiting.joined.callStatus).toBe('NOT_STARTED');

    const byMentee = await ctx.app.inject({
      method: 'POST',
      url: '/myprosper/api/startSession',
      headers: await bearerOf(ctx.app, host),
      payload: { sessionId: session.id, advisorId: mentor.id },
    });
    expect(byMentee.statusCode).toBe(403);
    expect(byMentee.json().message).toBe(callMessages.onlyMentorStarts);

    const start = () =>
      bearerOf(ctx.app, mentor).then((headers) =>
        ctx.app.inject({
          method: 'POST',
          url: '/myprosper/api/startSession',
          headers,
          payload: { sessionId: session.id, advisorId: mentor.id },
        }),
      );
    const started = await start();
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      message: callMessages.sessionStarted,
      data: { sessionId: session.id, callStatus: 'STARTED' },
    });
    expect((await waiting.peer.next('roster', (m) => m.callStatus === 'STARTED')).callStatus).toBe('STARTED');
    expect((await start()).json().message).toBe(callMessages.alreadyStarted);

    const details = await ctx.app.inject({
      method: 'GET',
      url: `/myprosper/api/getAdvisorSessionById/${session.id}`,
      headers: await bearerOf(ctx.app, host),
    });
    expect(details.json().data.sessionCallStatus).toBe('STARTED');
    const summary = await ctx.app.inject({
      method: 'GET',
      url: `/myprosper/api/calls/${session.id}`,
      headers: await bearerOf(ctx.app, mentor),
    });
    expect(summary.json().data.startedAt).not.toBeNull();
  });

  it('is refused before the call opens', async () => {
    const { mentor, session } = await sessionAt(ctx.database.db, new Date(Date.now() + 30 * minute));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/myprosper/api/startSession',
      headers: await bearerOf(ctx.app, mentor),
      payload: { sessionId: session.id, advisorId: mentor.id },
    });
    expect(res.statusCode).toBe(409);
  });
});
