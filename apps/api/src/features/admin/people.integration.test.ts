import type { AdminUserDetails, AdminUserPage } from '@myprosper/contract/admin-people';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import {
  createAdmin,
  createAdvisee,
  createAdvisor,
  createTopic,
  factoryPassword,
  type UserRow,
} from '../../db/seed/factories.ts';
import { login, randomIp } from '../auth/auth.test-helpers.ts';
import {
  api,
  book,
  bookingPayload,
  everyDay,
  freeSlot,
  setTestPrices,
} from '../booking/booking.test-helpers.ts';
import { adminCall, auditRowsOf, callAs } from './admin.test-helpers.ts';

describe('admin: mentors and advisees', () => {
  let ctx: TestContext;
  let admin: UserRow;
  let topicId: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createAdmin(ctx.database.db);
    topicId = (await createTopic(ctx.database.db)).id;
    await setTestPrices(ctx.database.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const publicGet = (path: string) => ctx.app.inject({ method: 'GET', url: `${api}${path}` });
  const listedIds = async (path: string) =>
    ((await publicGet(path)).json().data as Array<{ id: number }>).map((advisor) => advisor.id);

  it('finds mentors and advisees by name, e-mail or phone', async () => {
    const mentor = await createAdvisor(ctx.database.db, { name: 'Wanjiku Search-Test' });
    const advisee = await createAdvisee(ctx.database.db, { name: 'Otieno Search-Test' });
    const mentors = await adminCall<AdminUserPage>(ctx, admin, 'GET', 'users?role=ADVISOR&query=search-test');
    expect(mentors.items.map((u) => u.id)).toEqual([mentor.id]);
    expect(mentors.items[0]).toMatchObject({ role: 'ADVISOR', status: 'ACTIVE', sessionCount: 0 });
    const byPhone = await adminCall<AdminUserPage>(
      ctx,
      admin,
      'GET',
      `users?role=ADVISEE&query=${advisee.phoneNumber}`,
    );
    expect(byPhone.items.map((u) => u.id)).toEqual([advisee.id]);
    // As people say a number: with 0 and spaces, with +254 and dashes, or without the leading 0.
    const phone = String(advisee.phoneNumber);
    const local = `0${phone.slice(3)}`;
    for (const typed of [
      `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`,
      `+254 ${phone.slice(3, 6)}-${phone.slice(6)}`,
      phone.slice(3),
    ]) {
      const found = await adminCall<AdminUserPage>(
        ctx,
        admin,
        'GET',
        `users?role=ADVISEE&query=${encodeURIComponent(typed)}`,
      );
      expect(
        found.items.map((u) => u.id),
        typed,
      ).toEqual([advisee.id]);
    }
    const byEmail = await adminCall<AdminUserPage>(
      ctx,
      admin,
      'GET',
      `users?role=ADVISEE&query=${encodeURIComponent(advisee.email.toUpperCase())}`,
    );
    expect(byEmail.total).toBe(1);
    expect((await callAs(ctx.app, admin, 'GET', `users/${admin.id}`)).statusCode).toBe(404);
  });

  it('a suspended mentor disappears from every list, cannot be booked or sign in, and their upcoming sessions are listed', async () => {
    const mentor = await createAdvisor(ctx.database.db, { topicIds: [topicId], availability: everyDay });
    const mentee = await createAdvisee(ctx.database.db);
    const booked = await book(
      ctx,
      mentee,
      bookingPayload(mentor.id, topicId, await freeSlot(ctx.app, mentor.id)),
    );
    expect(booked.statusCode, booked.body).toBe(200);
    const sessionId = booked.json().data.id as number;
    expect(await listedIds(`/getTopicAdvisors/0/ALL?topicId=${topicId}`)).toContain(mentor.id);
    expect(await listedIds('/getTopAdvisors/0/ALL')).toContain(mentor.id);
    const tokenBefore = (await login(ctx.app, mentor.email, factoryPassword, randomIp())).json().jwttoken;

    const res = await callAs(ctx.app, admin, 'POST', `users/${mentor.id}/suspend`, {
      reason: 'Complaints from mentees',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Account suspended');
    const details = res.json().data as AdminUserDetails;
    expect(details).toMatchObject({
      status: 'SUSPENDED',
      suspension: { reason: 'Complaints from mentees' },
      mentor: { topics: [{ id: topicId }] },
    });
    expect(details.upcomingSessions.map((s) => s.id)).toEqual([sessionId]);

    expect(await listedIds(`/getTopicAdvisors/0/ALL?topicId=${topicId}`)).not.toContain(mentor.id);
    expect(await listedIds('/getTopAdvisors/0/ALL')).not.toContain(mentor.id);
    expect((await publicGet(`/getAdvisorDetails/${mentor.id}`)).statusCode).toBe(404);
    expect((await publicGet(`/getAdvisorAvailability/${mentor.id}`)).statusCode).toBe(404);
    const other = await createAdvisee(ctx.database.db);
    const refused = await book(
      ctx,
      other,
      bookingPayload(mentor.id, topicId, { date: '2030-01-07', time: '09:00:00' }),
    );
    expect(refused.statusCode).toBe(404);

    const signIn = await login(ctx.app, mentor.email, factoryPassword, randomIp());
    expect(signIn.statusCode).toBe(403);
    const withOldToken = () =>
      ctx.app.inject({
        method: 'GET',
        url: `${api}/getAdvisorSessionsByIdAndStatus/${mentor.id}/UPCOMING`,
        headers: { authorization: `Bearer ${tokenBefore}` },
      });
    expect((await withOldToken()).statusCode).toBe(401);

    expect(await auditRowsOf(ctx, 'user', mentor.id)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'SUSPEND_USER',
        before: { status: 'ACTIVE', tokenVersion: 0 },
        after: { status: 'SUSPENDED', tokenVersion: 1, reason: 'Complaints from mentees' },
      }),
    ]);
    const again = await callAs(ctx.app, admin, 'POST', `users/${mentor.id}/suspend`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This account is already suspended');

    const back = await callAs(ctx.app, admin, 'POST', `users/${mentor.id}/reactivate`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({
      message: 'Account reactivated',
      data: { status: 'ACTIVE', suspension: null },
    });
    expect(await listedIds(`/getTopicAdvisors/0/ALL?topicId=${topicId}`)).toContain(mentor.id);
    expect((await login(ctx.app, mentor.email, factoryPassword, randomIp())).statusCode).toBe(200);
    // Tokens from before the suspension stay dead: the suspension bumped the token version.
    expect((await withOldToken()).statusCode).toBe(401);
    expect((await auditRowsOf(ctx, 'user', mentor.id)).map((row) => row.action)).toEqual([
      'SUSPEND_USER',
      'REACTIVATE_USER',
    ]);
  });

  it('suspends an advisee: no sign-in, their upcoming sessions listed; only a suspended account is reactivated', async () => {
    const mentor = await createAdvisor(ctx.database.db, { topicIds: [topicId], availability: everyDay });
    const mentee = await createAdvisee(ctx.database.db);
    const booked = await book(
      ctx,
      mentee,
      bookingPayload(mentor.id, topicId, await freeSlot(ctx.app, mentor.id)),
    );
    expect(booked.statusCode, booked.body).toBe(200);

    const notSuspended = await callAs(ctx.app, admin, 'POST', `users/${mentee.id}/reactivate`, {});
    expect(notSuspended.statusCode).toBe(409);
    expect(notSuspended.json().message).toBe('Only a suspended account can be reactivated');

    const suspended = await adminCall<AdminUserDetails>(ctx, admin, 'POST', `users/${mentee.id}/suspend`, {});
    expect(suspended).toMatchObject({
      role: 'ADVISEE',
      status: 'SUSPENDED',
      mentor: null,
      suspension: { reason: null },
    });
    expect(suspended.upcomingSessions.map((s) => s.id)).toEqual([booked.json().data.id]);
    expect((await login(ctx.app, mentee.email, factoryPassword, randomIp())).statusCode).toBe(403);
    const list = await adminCall<AdminUserPage>(ctx, admin, 'GET', 'users?role=ADVISEE&status=SUSPENDED');
    expect(list.items.map((u) => u.id)).toContain(mentee.id);
  });
});
