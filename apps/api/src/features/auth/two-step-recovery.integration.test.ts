import { messages } from '@myprosper/contract/messages';
import { twoStepMessages } from '@myprosper/contract/two-step';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { twoStepSecrets } from '../../db/schema/two-step.ts';
import { twoStepRecoveries } from '../../db/schema/verification.ts';
import { createAdmin } from '../../db/seed/factories.ts';
import { adminApi, auditRowsOf, callAs } from '../admin/admin.test-helpers.ts';
import {
  createUser,
  login,
  mailsTo,
  randomIp,
  resetLinkOf,
  tokenOf,
  waitForMail,
} from './auth.test-helpers.ts';
import { turnOnTwoStep } from './two-step.test-helpers.ts';

const reason = 'I lost my phone with the authenticator app and have no recovery codes';

/**
 * Issue 19: an owner locked out by a second factor they cannot use (or did not set) gets back in through the
 * e-mailed reset link plus an admin's approval, audited; nobody without the mailbox can ask, and nothing changes
 * before an admin decides.
 */
describe('two-step recovery approved by an admin', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** An account with two-step sign-in on, with a key the owner does not have (as a thief would set it). */
  async function lockedOutOwner() {
    const owner = await createUser(ctx.database.db);
    const token = await tokenOf(ctx.app, owner.email);
    await turnOnTwoStep(ctx.app, token, new Date());
    return { owner, thiefToken: token };
  }

  async function resetLinkFor(email: string, mailCount: number) {
    await ctx.app.inject({ method: 'POST', url: '/myprosper/auth/forgotPassword', payload: { email } });
    await waitForMail(ctx.app, email, mailCount);
    const reset = (await mailsTo(ctx.app, email)).find((mail) => /resetPassword/.test(mail.body));
    const { email: linkEmail, userId, timestamp, signature } = resetLinkOf(reset!.body);
    return { email: linkEmail, userId, timestamp, signature };
  }

  const ask = (payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/myprosper/auth/twoStep/recovery',
      remoteAddress: randomIp(),
      payload,
    });

  const pendingOf = async (userId: number) => {
    const [row] = await ctx.database.db
      .select({ n: count() })
      .from(twoStepRecoveries)
      .where(eq(twoStepRecoveries.userId, userId));
    return row!.n;
  };

  it('takes a request only with a valid reset link, once, and changes nothing until an admin decides', async () => {
    const { owner } = await lockedOutOwner();
    // Without the mailbox: a made-up or altered link is refused and nothing is recorded.
    const forged = await ask({
      email: Buffer.from(owner.email).toString('base64'),
      userId: Buffer.from(String(owner.id)).toString('base64'),
      timestamp: Buffer.from(String(Date.now())).toString('base64'),
      signature: 'x'.repeat(64),
      reason,
    });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().message).toBe(messages.invalidLink);
    expect(await pendingOf(owner.id)).toBe(0);

    const link = await resetLinkFor(owner.email, 2);
    const tooShort = await ask({ ...link, reason: 'help' });
    expect(tooShort.json().message).toContain(twoStepMessages.recoveryReasonNeeded);
    for (let i = 0; i < 2; i++) {
      const asked = await ask({ ...link, reason });
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json().message).toBe(twoStepMessages.recoveryRequested);
    }
    expect(await pendingOf(owner.id)).toBe(1);
    const told = await waitForMail(ctx.app, owner.email, 3);
    expect(told.subject).toBe('We received your request about two-step sign-in');
    // Still locked: the password step answers the code step.
    const stillLocked = await login(ctx.app, owner.email, owner.password, randomIp());
    expect(stillLocked.json()).toMatchObject({ twoStep: true });
  });

  it('lets an admin approve: two-step off, every device signed out, audited, the owner told', async () => {
    const { owner, thiefToken } = await lockedOutOwner();
    const admin = await createAdmin(ctx.database.db);
    await ask({ ...(await resetLinkFor(owner.email, 2)), reason });

    // Not for anyone but admins.
    const asOwner = await callAs(ctx.app, owner, 'GET', 'twoStepRecoveries');
    expect(asOwner.statusCode).toBe(403);
    const listed = await callAs(ctx.app, admin, 'GET', 'twoStepRecoveries');
    const request = (listed.json().data as Array<{ id: number; userId: number; reason: string }>).find(
      (item) => item.userId === owner.id,
    );
    expect(request).toMatchObject({ reason, email: owner.email });

    const approved = await callAs(
      ctx.app,
      admin,
      'POST',
      `${adminApi}/twoStepRecoveries/${request!.id}/approve`,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe(twoStepMessages.recoveryApproved);

    // The thief's token is dead; the owner signs in with the password alone.
    const thief = await ctx.app.inject({
      method: 'GET',
      url: '/myprosper/auth/signIns',
      headers: { authorization: `Bearer ${thiefToken}` },
    });
    expect(thief.statusCode).toBe(401);
    const back = await login(ctx.app, owner.email, owner.password, randomIp());
    expect(back.statusCode).toBe(200);
    expect(back.json()).toHaveProperty('jwttoken');
    const secrets = await ctx.database.db
      .select()
      .from(twoStepSecrets)
      .where(eq(twoStepSecrets.userId, owner.id));
    expect(secrets).toEqual([]);
    const audit = await auditRowsOf(ctx, 'user', owner.id);
    expect(audit.map((row) => [row.action, row.actorId])).toEqual([['APPROVE_TWO_STEP_RECOVERY', admin.id]]);
    const mail = await waitForMail(ctx.app, owner.email, 4);
    expect(mail.subject).toBe('Two-step sign-in was turned off for your MyProsper account');

    // Deciding again changes nothing.
    const again = await callAs(ctx.app, admin, 'POST', `${adminApi}/twoStepRecoveries/${request!.id}/refuse`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(twoStepMessages.recoveryDecided);
    expect(await auditRowsOf(ctx, 'user', owner.id)).toHaveLength(1);
  });

  it('lets an admin refuse: two-step stays on, audited; and no admin decides about their own account', async () => {
    const { owner } = await lockedOutOwner();
    const admin = await createAdmin(ctx.database.db);
    await ask({ ...(await resetLinkFor(owner.email, 2)), reason });
    const listed = await callAs(ctx.app, admin, 'GET', 'twoStepRecoveries');
    const request = (listed.json().data as Array<{ id: number; userId: number }>).find(
      (item) => item.userId === owner.id,
    );
    const refused = await callAs(
      ctx.app,
      admin,
      'POST',
      `${adminApi}/twoStepRecoveries/${request!.id}/refuse`,
    );
    expect(refused.json().message).toBe(twoStepMessages.recoveryRefused);
    expect((await login(ctx.app, owner.email, owner.password, randomIp())).json()).toMatchObject({
      twoStep: true,
    });
    expect((await auditRowsOf(ctx, 'user', owner.id)).map((row) => row.action)).toEqual([
      'REFUSE_TWO_STEP_RECOVERY',
    ]);

    // An admin's own request waits for another admin.
    const adminToken = await tokenOf(ctx.app, admin.email, 'Prosper#2026');
    await turnOnTwoStep(ctx.app, adminToken, new Date(), 'Prosper#2026');
    await ask({ ...(await resetLinkFor(admin.email, 2)), reason });
    const own = (await callAs(ctx.app, admin, 'GET', 'twoStepRecoveries')).json().data as Array<{
      id: number;
      userId: number;
    }>;
    const ownRequest = own.find((item) => item.userId === admin.id);
    const refusedOwn = await callAs(
      ctx.app,
      admin,
      'POST',
      `${adminApi}/twoStepRecoveries/${ownRequest!.id}/approve`,
    );
    expect(refusedOwn.statusCode).toBe(403);
    expect(refusedOwn.json().message).toBe(twoStepMessages.recoveryOwn);
  });

  it('answers plainly when the account has no two-step sign-in to recover from', async () => {
    const owner = await createUser(ctx.database.db);
    const res = await ask({ ...(await resetLinkFor(owner.email, 1)), reason });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(twoStepMessages.recoveryNotNeeded);
    expect(await pendingOf(owner.id)).toBe(0);
  });
});
