import { signInMessages } from '@myprosper/contract/auth';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createUser, login, randomIp, uniqueEmail } from './auth.test-helpers.ts';

/** As if `seconds` had passed since the last failure under every key: the clock of the delays is the database's. */
async function letTimePass(ctx: TestContext, seconds: number) {
  await ctx.database.db.execute(
    sql`update sign_in_failures set last_failed_at = last_failed_at - make_interval(secs => ${seconds})`,
  );
}

/** As just after the last failure (a loaded machine may take a second between two requests). */
async function failedJustNow(ctx: TestContext) {
  await ctx.database.db.execute(sql`update sign_in_failures set last_failed_at = now()`);
}

describe('progressive delays after wrong passwords', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The fixed per-minute limits set high, so only the progressive delays are seen here.
    ctx = await createTestApp({ RATE_LIMIT_LOGIN_PER_MINUTE: '1000' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('slows a storm on one account from many addresses, and the owner still gets in after at most a minute', async () => {
    const owner = await createUser(ctx.database.db);
    for (let i = 0; i < 5; i++) {
      expect((await login(ctx.app, owner.email, 'Wrong#Password1', randomIp())).statusCode).toBe(401);
    }
    // The sixth try, right or wrong, from anywhere, waits a second: the password is not even checked.
    await failedJustNow(ctx);
    const held = await login(ctx.app, owner.email, owner.password, randomIp());
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toBe(signInMessages.waitAfterFailures(1));
    // The storm goes on: each failure doubles the wait, up to a minute and no more.
    for (let i = 0; i < 12; i++) {
      await letTimePass(ctx, 120);
      expect(
        (await login(ctx.app, owner.email.toUpperCase(), 'Wrong#Password1', randomIp())).statusCode,
      ).toBe(401);
    }
    await failedJustNow(ctx);
    const capped = await login(ctx.app, owner.email, owner.password, randomIp());
    expect(capped.json().message).toBe(signInMessages.waitAfterFailures(60));
    // A minute later the owner's right password signs in, and the account's count starts again.
    await letTimePass(ctx, 60);
    expect((await login(ctx.app, owner.email, owner.password, randomIp())).statusCode).toBe(200);
    expect((await login(ctx.app, owner.email, 'Wrong#Password1', randomIp())).statusCode).toBe(401);
    expect((await login(ctx.app, owner.email, owner.password, randomIp())).statusCode).toBe(200);
  });

  it('slows one address trying many accounts, and not the accounts tried from elsewhere', async () => {
    const ip = randomIp();
    const victim = await createUser(ctx.database.db);
    for (let i = 0; i < 20; i++) {
      expect((await login(ctx.app, uniqueEmail('spray'), 'Wrong#Password1', ip)).statusCode).toBe(401);
    }
    await failedJustNow(ctx);
    const held = await login(ctx.app, victim.email, victim.password, ip);
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toBe(signInMessages.waitAfterFailures(1));
    expect((await login(ctx.app, victim.email, victim.password, randomIp())).statusCode).toBe(200);
  });

  it('treats an unknown e-mail exactly like a known one, so a delay tells nobody who has an account', async () => {
    const known = await createUser(ctx.database.db);
    const unknown = uniqueEmail('nobody');
    const answers = [];
    for (const email of [known.email, unknown]) {
      for (let i = 0; i < 5; i++) await login(ctx.app, email, 'Wrong#Password1', randomIp());
      await failedJustNow(ctx);
      const res = await login(ctx.app, email, 'Wrong#Password1', randomIp());
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]?.status).toBe(429);
  });
});
