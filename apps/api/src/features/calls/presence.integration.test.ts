import { callMessages } from '@myprosper/contract/calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-app.ts';
import {
  type Booked,
  balanceOf,
  bookSession,
  checkout,
  createPaymentsTestApp,
  earningsService,
  expectLedgerConsistent,
  fundWallet,
  moveSession,
  noShowJob,
} from '../payments/payments.test-helpers.ts';
import { messagesTo } from '../vouchers/vouchers.test-helpers.ts';
import { AttendanceRepository } from './attendance.repository.ts';
import { CallsRepository } from './calls.repository.ts';
import {
  baseWsUrl,
  bearerOf,
  minute,
  TestPeer,
  ticketFor,
  ticketOf,
  wasInCall,
} from './calls.test-helpers.ts';
import { RoomService } from './room.service.ts';

/**
 * Issue 20, presence: "attended" is at least PRESENCE_MINUTES (10) in the call between the start and the end.
 * Each case plays what a mentor would try, on a session paid through the API, with the ledger checked after.
 */
describe('presence: a mentor is paid only for being in the call', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createPaymentsTestApp();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** A paid individual session (KES 2,900 from the host's wallet), moved to start at `startsAt`. */
  async function paidSessionAt(startsAt: Date): Promise<Booked> {
    const booked = await bookSession(ctx);
    await fundWallet(ctx, booked.host, 2900);
    expect((await checkout(ctx, booked.host, booked.id)).statusCode).toBe(200);
    await moveSession(ctx, booked.id, startsAt);
    return booked;
  }

  async function sessionAs(booked: Booked, user: Booked['host']) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/myprosper/api/getAdvisorSessionById/${booked.id}`,
      headers: await bearerOf(ctx.app, user),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { mentorNoShow: boolean; sessionCallStatus: string; canRate: boolean };
  }

  async function mentorBalance(booked: Booked) {
    return balanceOf(ctx, booked.advisor);
  }

  it('a mentor in the call for five seconds has not attended: mentee refunded, mentor unpaid and told', async () => {
    const startsAt = new Date(Date.now() - 2 * 3_600_000);
    const booked = await paidSessionAt(startsAt);
    const at = new Date(startsAt.getTime() + minute);
    await wasInCall(ctx.database.db, {
      sessionId: booked.id,
      userId: booked.advisor.id,
      role: 'ADVISOR',
      at,
      leftAt: new Date(at.getTime() + 5_000),
    });
    await wasInCall(ctx.database.db, { sessionId: booked.id, userId: booked.host.id, role: 'ADVISEE', at });

    await noShowJob(ctx).run();
    await earningsService(ctx).settleEndedSessions();

    expect(await balanceOf(ctx, booked.host)).toBe(2900);
    expect(await mentorBalance(booked)).toBe(0);
    expect(await sessionAs(booked, booked.host)).toMatchObject({ mentorNoShow: true, canRate: false });
    const [mail] = await messagesTo(ctx, booked.advisor.email, 'EMAIL');
    expect(mail?.subject).toMatch(/^Session ended: you did not attend the /);
    expect(mail?.body).toContain('at least 10 minutes between its start and its end');
    const [sms] = await messagesTo(ctx, booked.advisor.phoneNumber!, 'SMS');
    expect(sms?.body).toContain('you did not attend your');
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a mentor who joined only before the start is a no-show 10 minutes in: the session ends for everyone', async () => {
    const startsAt = new Date(Date.now() - 11 * minute);
    const booked = await paidSessionAt(startsAt);
    await wasInCall(ctx.database.db, {
      sessionId: booked.id,
      userId: booked.advisor.id,
      role: 'ADVISOR',
      at: new Date(startsAt.getTime() - 5 * minute),
      leftAt: new Date(startsAt.getTime() - 5_000),
    });
    // The mentee waits in the call.
    const url = baseWsUrl(ctx.app);
    const mentee = await TestPeer.join(url, await ticketFor(ctx.app, booked.host, booked.id));
    expect((await sessionAs(booked, booked.host)).mentorNoShow).toBe(false);

    await noShowJob(ctx).run();

    const ended = await mentee.peer.next('session-ended');
    expect(ended.message).toBe(callMessages.mentorDidNotAttend);
    await mentee.peer.closed;
    expect(await balanceOf(ctx, booked.host)).toBe(2900);
    for (const user of [booked.host, booked.advisor]) {
      expect(await sessionAs(booked, user)).toMatchObject({ mentorNoShow: true, sessionCallStatus: 'ENDED' });
    }
    // Nobody gets in again, and the mentor cannot start it now.
    const late = await ticketOf(ctx.app, booked.host, booked.id);
    expect([late.statusCode, late.json().message]).toEqual([410, callMessages.mentorDidNotAttend]);
    const mentorTicket = await ticketOf(ctx.app, booked.advisor, booked.id);
    expect([mentorTicket.statusCode, mentorTicket.json().message]).toEqual([
      410,
      callMessages.youDidNotAttend,
    ]);
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/myprosper/api/startSession',
      headers: await bearerOf(ctx.app, booked.advisor),
      payload: { sessionId: booked.id, advisorId: booked.advisor.id },
    });
    expect([start.statusCode, start.json().message]).toEqual([410, callMessages.youDidNotAttend]);
    expect(await sessionAs(booked, booked.advisor)).toMatchObject({ sessionCallStatus: 'ENDED' });

    // Once the session is over it stays as it is: refunded once, the mentor not paid.
    await moveSession(ctx, booked.id, new Date(Date.now() - 2 * 3_600_000));
    await noShowJob(ctx).run();
    await earningsService(ctx).settleEndedSessions();
    expect(await balanceOf(ctx, booked.host)).toBe(2900);
    expect(await mentorBalance(booked)).toBe(0);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a mentor in the call across the start, or late but long enough, has attended and is paid', async () => {
    const startsAt = new Date(Date.now() - 2 * 3_600_000);
    const early = await paidSessionAt(startsAt);
    await wasInCall(ctx.database.db, {
      sessionId: early.id,
      userId: early.advisor.id,
      role: 'ADVISOR',
      at: new Date(startsAt.getTime() - 5 * minute),
      leftAt: new Date(startsAt.getTime() + 12 * minute),
    });
    const late = await paidSessionAt(new Date(startsAt.getTime() - 3_600_000));
    await wasInCall(ctx.database.db, {
      sessionId: late.id,
      userId: late.advisor.id,
      role: 'ADVISOR',
      at: new Date(startsAt.getTime() - 3_600_000 + 30 * minute),
      leftAt: new Date(startsAt.getTime() - 3_600_000 + 45 * minute),
    });
    await noShowJob(ctx).run();
    await earningsService(ctx).settleEndedSessions();
    expect(await mentorBalance(early)).toBe(2320);
    expect(await mentorBalance(late)).toBe(2320);
    expect(await balanceOf(ctx, early.host)).toBe(0);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a mentee never in the call (a mentee no-show) still pays the mentor who came', async () => {
    const startsAt = new Date(Date.now() - 2 * 3_600_000);
    const booked = await paidSessionAt(startsAt);
    await wasInCall(ctx.database.db, {
      sessionId: booked.id,
      userId: booked.advisor.id,
      role: 'ADVISOR',
      at: startsAt,
      leftAt: new Date(startsAt.getTime() + 30 * minute),
    });
    await wasInCall(ctx.database.db, {
      sessionId: booked.id,
      userId: booked.host.id,
      role: 'ADVISEE',
      at: new Date(startsAt.getTime() + minute),
      leftAt: new Date(startsAt.getTime() + 2 * minute),
    });
    await noShowJob(ctx).run();
    await earningsService(ctx).settleEndedSessions();
    const rows = await new AttendanceRepository(ctx.database.db).attendance(booked.id);
    expect(rows.find((r) => r.userId === booked.host.id)?.noShow).toBe(true);
    expect(rows.find((r) => r.userId === booked.advisor.id)?.noShow).toBe(false);
    expect(await mentorBalance(booked)).toBe(2320);
    expect(await balanceOf(ctx, booked.host)).toBe(0);
    await expectLedgerConsistent(ctx.database.db);
  });

  it('a mentor joining as the no-show is decided either gets in and is not one, or is refused: never both', async () => {
    const rooms = new RoomService(
      ctx.database.db,
      { name: 'test', start: async () => {}, publish: async () => {}, stop: async () => {} },
      'race',
    );
    for (let round = 0; round < 3; round++) {
      const booked = await paidSessionAt(new Date(Date.now() - 11 * minute));
      const [joined] = await Promise.allSettled([
        rooms.join({
          sessionId: booked.id,
          userId: booked.advisor.id,
          name: booked.advisor.name,
          role: 'ADVISOR',
          capacity: 2,
        }),
        noShowJob(ctx).run(),
      ]);
      const call = await new CallsRepository(ctx.database.db).findCall(booked.id);
      if (joined.status === 'fulfilled') {
        expect(call?.mentorNoShow ?? null).toBeNull();
        expect(await balanceOf(ctx, booked.host)).toBe(0);
      } else {
        expect(String(joined.reason)).toContain(callMessages.youDidNotAttend);
        expect(call?.mentorNoShow).toBe(true);
        expect(await balanceOf(ctx, booked.host)).toBe(2900);
      }
    }
    await expectLedgerConsistent(ctx.database.db);
  });
});
