import { passwordMessages } from '@myprosper/contract/password-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createUser, login, randomIp, tokenOf, uniqueEmail } from './auth.test-helpers.ts';

const newPassword = 'Brand#New#Pass9';

describe('POST /myprosper/api/changePassword', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const change = (token: string | null, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/myprosper/api/changePassword',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      remoteAddress: randomIp(),
      payload,
    });
  const validate = (token: string) =>
    ctx.app.inject({ method: 'POST', url: '/myprosper/auth/validateToken', payload: { token } });

  it('changes the password, signs other devices out and keeps this one signed in', async () => {
    const user = await createUser(ctx.database.db, { name: 'Grace Njeri', role: 'ADVISEE' });
    const thisDevice = await tokenOf(ctx.app, user.email);
    const otherDevice = await tokenOf(ctx.app, user.email);

    const res = await change(thisDevice, {
      currentPassword: user.password,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      statusCode: 200,
      message: 'Password reset successful',
      jwttoken: expect.any(String),
      userId: user.id,
      full_names: 'Grace Njeri',
      role: 'ADVISEE',
    });

    expect((await validate(body.jwttoken)).statusCode).toBe(200);
    expect((await validate(thisDevice)).statusCode).toBe(401);
    const other = await validate(otherDevice);
    expect(other.statusCode).toBe(401);
    expect(other.json().message).toBe('Your session has expired. Please login again.');

    expect((await login(ctx.app, user.email, newPassword)).statusCode).toBe(200);
    expect((await login(ctx.app, user.email, user.password)).statusCode).toBe(401);
  });

  it('refuses a wrong current password with 422, changing nothing', async () => {
    const user = await createUser(ctx.database.db);
    const token = await tokenOf(ctx.app, user.email);
    const res = await change(token, { currentPassword: 'Not#MyPassword1', password: newPassword });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ statusCode: 422, message: 'Current password is incorrect' });
    expect((await validate(token)).statusCode).toBe(200);
    expect((await login(ctx.app, user.email, user.password)).statusCode).toBe(200);
  });

  it('applies the password rules', async () => {
    const user = await createUser(ctx.database.db);
    const token = await tokenOf(ctx.app, user.email);
    const attempt = async (payload: object) => {
      const res = await change(token, { currentPassword: user.password, ...payload });
      expect(res.statusCode).toBe(422);
      return res.json().message as string;
    };
    expect(await attempt({ password: '' })).toBe('Please fill all fields');
    expect(await attempt({ password: 'short' })).toBe('Password must be at least 8 characters');
    expect(await attempt({ password: newPassword, confirmPassword: 'Other#Pass99' })).toBe(
      'Password does not match',
    );
    const empty = await change(token, { currentPassword: '', password: newPassword });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toContain('Please fill all fields');
    expect((await validate(token)).statusCode).toBe(200);
  });

  it('refuses a common password, or one with MyProsper, the name or the e-mail in it, and keeps the old one', async () => {
    const user = await createUser(ctx.database.db, { name: 'Grace Njeri', email: uniqueEmail('grace') });
    const token = await tokenOf(ctx.app, user.email);
    const attempt = async (password: string) => {
      const res = await change(token, {
        currentPassword: user.password,
        password,
        confirmPassword: password,
      });
      expect(res.statusCode).toBe(422);
      return res.json().message as string;
    };
    expect(await attempt('ILOVEYOU1')).toBe('This password is too common. Please choose another one');
    for (const guessable of ['12341234', 'aaaaaaaa', 'abcdefgh']) {
      expect(await attempt(guessable)).toBe(passwordMessages.tooGuessable);
    }
    const personal =
      'Your password must not contain MyProsper, your name or your e-mail. Please choose another one';
    expect(await attempt('MyProsper!2026')).toBe(personal);
    expect(await attempt('njeri#Secret9')).toBe(personal);
    expect(await attempt('Grace#Secret9')).toBe(personal);
    expect((await validate(token)).statusCode).toBe(200);
    expect((await login(ctx.app, user.email, user.password, randomIp())).statusCode).toBe(200);
  });

  it('changes to a 128-character password, which then signs in', async () => {
    const user = await createUser(ctx.database.db);
    const password = 'Acacia shade over the Mara at noon, '.repeat(4).slice(0, 128);
    const res = await change(await tokenOf(ctx.app, user.email), {
      currentPassword: user.password,
      password,
      confirmPassword: password,
    });
    expect(res.statusCode).toBe(200);
    expect((await login(ctx.app, user.email, password, randomIp())).statusCode).toBe(200);
    expect((await login(ctx.app, user.email, user.password, randomIp())).statusCode).toBe(401);
  });

  it('needs a signed-in user', async () => {
    const res = await change(null, { currentPassword: 'whatever1', password: newPassword });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please log in to continue');
  });
});
