import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import {
  createUser,
  login,
  randomIp,
  resetLinkOf,
  tokenOf,
  uniqueEmail,
  waitForMail,
} from './auth.test-helpers.ts';

const loginsPerMinute = 3;

/** Security events reach the log as structured lines with a fixed `event`, who, and from where; no secret. */
describe('security events of accounts in the log', () => {
  let ctx: TestContext;
  const lines: string[] = [];
  beforeAll(async () => {
    ctx = await createTestApp(
      { LOG_LEVEL: 'info', RATE_LIMIT_LOGIN_PER_MINUTE: String(loginsPerMinute) },
      { logStream: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** The log lines of one event, parsed. */
  const logged = (event: string) =>
    lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.event === event);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('logs a failed log-in with the account id when the e-mail has one, and never the password', async () => {
    const user = await createUser(ctx.database.db);
    const ip = randomIp();
    expect((await login(ctx.app, user.email, 'Wrong#Guess42', ip)).statusCode).toBe(401);
    expect((await login(ctx.app, uniqueEmail('nobody'), 'Other#Guess42', ip)).statusCode).toBe(401);
    const failures = logged('auth.login.failed').filter((line) => line.ip === ip);
    expect(failures).toEqual([
      expect.objectContaining({ level: 40, userId: user.id, ip }),
      expect.objectContaining({ level: 40, userId: null, ip }),
    ]);
    expect(lines.join('')).not.toContain('Wrong#Guess42');
    expect(lines.join('')).not.toContain('Other#Guess42');
  });

  it('logs a log-in that succeeds, with its sign-in', async () => {
    const user = await createUser(ctx.database.db);
    const ip = randomIp();
    const res = await login(ctx.app, user.email, user.password, ip);
    expect(res.statusCode).toBe(200);
    expect(logged('auth.login.succeeded').filter((line) => line.ip === ip)).toEqual([
      expect.objectContaining({ level: 30, userId: user.id, signInId: expect.any(String) }),
    ]);
    expect(lines.join('')).not.toContain(user.password);
    expect(lines.join('')).not.toContain(res.json().jwttoken);
  });

  it('logs the lock-out when log-ins are refused for too many attempts', async () => {
    const user = await createUser(ctx.database.db);
    const ip = randomIp();
    for (let n = 0; n < loginsPerMinute; n++) {
      expect((await login(ctx.app, user.email, `Wrong#Guess${n}`, ip)).statusCode).toBe(401);
    }
    expect((await login(ctx.app, user.email, user.password, ip)).statusCode).toBe(429);
    expect(logged('auth.login.locked').filter((line) => line.ip === ip)).toEqual([
      expect.objectContaining({ level: 40, username: user.email }),
    ]);
  });

  it('logs a password change, a sign-in ended and a log-out, each with the user', async () => {
    const user = await createUser(ctx.database.db);
    const other = await tokenOf(ctx.app, user.email);
    const ip = randomIp();
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/myprosper/api/changePassword',
      headers: bearer(other),
      remoteAddress: ip,
      payload: {
        currentPassword: user.password,
        password: 'Baobab#Shade42',
        confirmPassword: 'Baobab#Shade42',
      },
    });
    expect(changed.statusCode).toBe(200);
    const token = changed.json().jwttoken as string;
    const second = await tokenOf(ctx.app, user.email, 'Baobab#Shade42');
    const signIns = await ctx.app.inject({
      method: 'GET',
      url: '/myprosper/auth/signIns',
      headers: bearer(token),
    });
    const secondId = (signIns.json().data as Array<{ id: string; current: boolean }>).find(
      (s) => !s.current,
    )?.id;
    const ended = await ctx.app.inject({
      method: 'DELETE',
      url: `/myprosper/auth/signIns/${secondId}`,
      headers: bearer(token),
      remoteAddress: ip,
    });
    expect(ended.statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/myprosper/auth/logout',
      headers: bearer(token),
      remoteAddress: ip,
    });
    expect(out.statusCode).toBe(200);

    const mine = (event: string) => logged(event).filter((line) => line.userId === user.id);
    expect(mine('auth.password.changed')).toEqual([expect.objectContaining({ level: 30, ip })]);
    expect(mine('auth.signin.ended')).toEqual([expect.objectContaining({ ip, signInId: secondId })]);
    expect(mine('auth.logout')).toEqual([expect.objectContaining({ ip })]);
    expect(lines.join('')).not.toContain('Baobab#Shade42');
    expect(lines.join('')).not.toContain(second);
  });

  it('logs a password reset with the user', async () => {
    const user = await createUser(ctx.database.db);
    const ip = randomIp();
    await ctx.app.inject({
      method: 'POST',
      url: '/myprosper/auth/forgotPassword',
      remoteAddress: randomIp(),
      payload: { email: user.email },
    });
    const { url: _url, ...parts } = resetLinkOf((await waitForMail(ctx.app, user.email)).body);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/myprosper/auth/resetPassword',
      remoteAddress: ip,
      payload: { ...parts, password: 'Savanna#Rain42', confirmPassword: 'Savanna#Rain42' },
    });
    expect(reset.statusCode).toBe(200);
    expect(logged('auth.password.reset').filter((line) => line.userId === user.id)).toEqual([
      expect.objectContaining({ level: 30, ip }),
    ]);
    expect(lines.join('')).not.toContain('Savanna#Rain42');
  });
});
