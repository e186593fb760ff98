import { verificationMessages } from '@myprosper/contract/verification';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { users } from '../../db/schema/users.ts';
import { createIndustry, uniquePhone } from '../../db/seed/factories.ts';
import {
  createUser,
  defaultPassword,
  emailLinkTokenTo,
  mailsTo,
  openEmailLink,
  randomIp,
  tokenOf,
  uniqueEmail,
} from './auth.test-helpers.ts';
import { emailLinkKey, signEmailLink } from './email-link.ts';

describe('e-mail addresses proven by a signed link', () => {
  let ctx: TestContext;
  let industryId: number;
  let key: Uint8Array;
  beforeAll(async () => {
    ctx = await createTestApp();
    industryId = (await createIndustry(ctx.database.db)).id;
    key = emailLinkKey(ctx.app.signingSecret);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const db = () => ctx.database.db;
  const accountOf = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
  const signUp = async () => {
    const email = uniqueEmail('proven');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/myprosper/auth/registerAdvisee',
      remoteAddress: randomIp(),
      payload: {
        email,
        name: 'Akinyi Odhiambo',
        phoneNumber: `0${uniquePhone().slice(3)}`,
        password: 'Prosper#2026',
        confirmPassword: 'Prosper#2026',
        industryId,
        gender: 'Female',
        dob: '1993-04-12',
        source: 'Friend',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { email, id: res.json().userId as number, token: res.json().jwttoken as string };
  };
  const profileOf = (id: number, token: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/myprosper/api/getAdviseeDetails/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const hoursAgo = (hours: number) => () => new Date(Date.now() - hours * 3600_000);

  it('mails a link at sign-up; opening it confirms the address, and opening it again just says so', async () => {
    const person = await signUp();
    expect((await accountOf(person.id)).emailVerifiedAt).toBeNull();
    expect((await profileOf(person.id, person.token)).json().data.emailVerified).toBe(false);

    const link = await emailLinkTokenTo(ctx.app, person.email);
    const first = await openEmailLink(ctx.app, link);
    expect(first.json()).toEqual({ statusCode: 200, message: 'Your e-mail address is confirmed' });
    const confirmedAt = (await accountOf(person.id)).emailVerifiedAt;
    expect(confirmedAt).not.toBeNull();
    expect((await profileOf(person.id, person.token)).json().data.emailVerified).toBe(true);

    const again = await openEmailLink(ctx.app, link);
    expect(again.json()).toEqual({ statusCode: 200, message: 'Your e-mail address is confirmed' });
    expect((await accountOf(person.id)).emailVerifiedAt).toEqual(confirmedAt);
  });

  it('sends the link again while the address is unconfirmed, and refuses once it is', async () => {
    const person = await signUp();
    const resend = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/myprosper/auth/resendEmailLink',
        headers: { authorization: `Bearer ${person.token}` },
      });
    expect((await resend()).json()).toEqual({ statusCode: 200, message: verificationMessages.emailLinkSent });
    expect(await mailsTo(ctx.app, person.email)).toHaveLength(2);
    await openEmailLink(ctx.app, await emailLinkTokenTo(ctx.app, person.email));
    expect((await resend()).json()).toMatchObject({
      statusCode: 422,
      message: verificationMessages.emailAlreadyVerified,
    });
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/myprosper/auth/resendEmailLink' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a forged link, changing nothing', async () => {
    const person = await signUp();
    const real = await emailLinkTokenTo(ctx.app, person.email);
    const [header, payload, signature] = real.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, email: 'thief@example.com' })).toString(
      'base64url',
    );
    const forgeries = [
      // Signed with another key (e.g. the public default of some other app).
      await signEmailLink(
        emailLinkKey('someone-elses-secret'.padEnd(48, 'y')),
        { userId: person.id, email: person.email, from: person.email, version: 0 },
        () => new Date(),
        24,
      ),
      // Its claims changed under the real signature.
      `${header}.${otherPayload}.${signature}`,
      // No signature at all.
      `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`,
      'not-a-token',
    ];
    for (const token of forgeries) {
      const res = await openEmailLink(ctx.app, token);
      expect(res.json()).toMatchObject({ statusCode: 422, message: 'Invalid Link' });
    }
    expect((await accountOf(person.id)).emailVerifiedAt).toBeNull();
  });

  it('refuses an expired link with the spec’s words, changing nothing', async () => {
    const person = await signUp();
    const account = await accountOf(person.id);
    const old = await signEmailLink(
      key,
      { userId: person.id, email: person.email, from: person.email, version: account.tokenVersion },
      hoursAgo(25),
      24,
    );
    const res = await openEmailLink(ctx.app, old);
    expect(res.json()).toMatchObject({ statusCode: 422, message: 'The link has expired' });
    expect((await accountOf(person.id)).emailVerifiedAt).toBeNull();
  });

  it('refuses a link for another address than the account has, changing nothing', async () => {
    const victim = await createUser(db(), { emailVerifiedAt: null });
    // Properly signed, but for an address this account never had: a link cannot move an account anywhere.
    const elsewhere = await signEmailLink(
      key,
      { userId: victim.id, email: 'attacker@example.com', from: 'attacker@example.com', version: 0 },
      () => new Date(),
      24,
    );
    const res = await openEmailLink(ctx.app, elsewhere);
    expect(res.json()).toMatchObject({ statusCode: 422, message: 'Invalid Link' });
    expect(await accountOf(victim.id)).toMatchObject({ email: victim.email, emailVerifiedAt: null });
  });

  it('moves an account to a new address only once its link is opened, and only by its newest change', async () => {
    const me = await createUser(db(), { industryId });
    const token = await tokenOf(ctx.app, me.email);
    const change = (email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/myprosper/api/updateAdviseeDetails',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          adviseeId: me.id,
          email,
          currentPassword: defaultPassword,
          industryId,
          gender: 'Female',
          dob: '1991-07-08',
          linkedInUrl: 'https://www.linkedin.com/in/someone',
          occupation: 'Engineer',
        },
      });
    const [first, second] = [uniqueEmail('first'), uniqueEmail('second')];
    expect((await change(first)).json().message).toBe(verificationMessages.emailChangeLinkSent);
    const firstLink = await emailLinkTokenTo(ctx.app, first);
    expect((await accountOf(me.id)).email).toBe(me.email);

    expect((await change(second)).json().message).toBe(verificationMessages.emailChangeLinkSent);
    const secondLink = await emailLinkTokenTo(ctx.app, second);
    expect((await openEmailLink(ctx.app, secondLink)).json().message).toBe(
      verificationMessages.emailVerified,
    );
    expect((await accountOf(me.id)).email).toBe(second);

    // The older link was for a change from an address the account no longer has.
    const stale = await openEmailLink(ctx.app, firstLink);
    expect(stale.json()).toMatchObject({ statusCode: 422, message: 'Invalid Link' });
    expect((await accountOf(me.id)).email).toBe(second);
    const notices = await mailsTo(ctx.app, me.email);
    expect(notices.map((mail) => mail.subject)).toEqual(['Your MyProsper email address was changed']);
    expect(notices[0]!.body).toContain(`changed from ${me.email} to ${second}`);
  });
});
