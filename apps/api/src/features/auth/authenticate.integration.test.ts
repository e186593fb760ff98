import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createUser, login, uniqueEmail } from './auth.test-helpers.ts';

describe('POST /myprosper/auth/authenticate', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('signs in with the e-mail in any letter case and answers the flat login response', async () => {
    const email = uniqueEmail('Mixed.Case');
    const user = await createUser(ctx.database.db, { email, name: 'Amina Odhiambo', role: 'ADVISEE' });
    const res = await login(ctx.app, `  ${email.toLowerCase()} `, user.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      statusCode: 200,
      message: 'Login successful',
      jwttoken: expect.any(String),
      userId: user.id,
      full_names: 'Amina Odhiambo',
      role: 'ADVISEE',
    });
    const check = await ctx.app.inject({
      method: 'POST',
      url: '/myprosper/auth/validateToken',
      payload: { token: body.jwttoken },
    });
    expect(check.json().data).toEqual({
      userId: user.id,
      full_names: 'Amina Odhiambo',
      username: email,
      role: 'ADVISEE',
    });
  });

  it('signs in an approved mentor with the ADVISOR role', async () => {
    const user = await createUser(ctx.database.db, { role: 'ADVISOR', status: 'ACTIVE' });
    const res = await login(ctx.app, user.email, user.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('ADVISOR');
  });

  it('refuses a wrong password with 401', async () => {
    const user = await createUser(ctx.database.db);
    const res = await login(ctx.app, user.email, 'Wrong#Password1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, message: 'Incorrect username or password' });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const user = await createUser(ctx.database.db);
    const wrong = await login(ctx.app, user.email, 'Wrong#Password1');
    const unknown = await login(ctx.app, uniqueEmail('nobody'), 'Wrong#Password1');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('tells a mentor under review so, once the password is right', async () => {
    const user = await createUser(ctx.database.db, { role: 'ADVISOR', status: 'PENDING_REVIEW' });
    const res = await login(ctx.app, user.email, user.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Your mentor application is still under review. We will e-mail you when it is approved.',
    );
    const wrong = await login(ctx.app, user.email, 'Wrong#Password1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Incorrect username or password');
  });

  it('tells a mentor whose application was rejected', async () => {
    const user = await createUser(ctx.database.db, { role: 'ADVISOR', status: 'REJECTED' });
    const res = await login(ctx.app, user.email, user.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Your mentor application was not approved, so this account cannot sign in. Please contact support for details.',
    );
  });

  it('refuses a suspended account, once the password is right', async () => {
    const user = await createUser(ctx.database.db, { status: 'SUSPENDED' });
    const res = await login(ctx.app, user.email, user.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your account has been suspended. Please contact support.');
    const wrong = await login(ctx.app, user.email, 'Wrong#Password1');
    expect(wrong.statusCode).toBe(401);
  });

  it('asks to fill all fields when one is empty', async () => {
    const res = await login(ctx.app, '', 'x');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('Please fill all fields');
    const noPassword = await login(ctx.app, uniqueEmail(), '');
    expect(noPassword.statusCode).toBe(422);
    expect(noPassword.json().message).toContain('Please fill all fields');
  });
});
