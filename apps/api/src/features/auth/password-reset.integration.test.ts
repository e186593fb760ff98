import { passwordMessages } from '@myprosper/contract/password-messages';
import { decodeLinkPart, encodeBase64Url } from '@myprosper/contract/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { users } from '../../db/schema/users.ts';
import {
  createUser,
  login,
  mailsTo,
  randomIp,
  resetLinkOf,
  tokenOf,
  uniqueEmail,
  waitForMail,
} from './auth.test-helpers.ts';
import { signResetLink } from './reset-link.ts';

const newPassword = 'Brand#New#Pass9';

describe('password reset by e-mail', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ PUBLIC_URL: 'https://app.myprosper.test' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  // Each call from its own address, so the per-address limits (tested elsewhere) stay out of the way.
  const post = (path: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: `/myprosper/auth/${path}`, payload, remoteAddress: randomIp() });
  const forgot = (email: string) => post('forgotPassword', { email });

  /** A user and the parts of the reset link mailed to them. */
  async function userWithLink() {
    const user = await createUser(ctx.database.db, { email: uniqueEmail('reset') });
    expect((await forgot(user.email)).statusCode).toBe(200);
    const mail = await waitForMail(ctx.app, user.email);
    const { url, ...parts } = resetLinkOf(mail.body);
    return { user, parts, url, mail };
  }

  /** Parts of a link for this user, signed like the server does, stamped at `timestamp`. */
  function signedParts(user: { email: string; id: number; passwordHash: string }, timestamp: number) {
    return {
      email: encodeBase64Url(user.email),
      userId: encodeBase64Url(String(user.id)),
      timestamp: encodeBase64Url(String(timestamp)),
      signature: signResetLink(
        { email: user.email, userId: user.id, timestamp, passwordHash: user.passwordHash },
        ctx.app.signingSecret,
      ),
    };
  }

  async function expectLinkRefused(parts: object, message: string) {
    const check = await post('checkResetLink', parts);
    expect(check.statusCode).toBe(422);
    expect(check.json()).toMatchObject({ statusCode: 422, message });
    const reset = await post('resetPassword', {
      ...parts,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.statusCode).toBe(422);
    expect(reset.json().message).toBe(message);
  }

  it('answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
    const user = await createUser(ctx.database.db, { email: uniqueEmail('known') });
    const unknownEmail = uniqueEmail('unknown');
    const unknown = await forgot(unknownEmail);
    const known = await forgot(user.email);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({
      statusCode: 200,
      message: 'Password reset details were sent to your email if an account exists for it.',
    });
    const mail = await waitForMail(ctx.app, user.email);
    expect(await mailsTo(ctx.app, unknownEmail)).toEqual([]);
    expect(mail.subject).toBe('Reset your MyProsper password');
    expect(mail.body).toContain('Hello Jane,');
    expect(mail.body).toContain('valid for 15 minutes');
  });

  it('mails a link of the spec shape on the public address, with a signature', async () => {
    const { user, parts, url } = await userWithLink();
    expect(url.origin).toBe('https://app.myprosper.test');
    expect(decodeLinkPart(parts.email)).toBe(user.email);
    expect(decodeLinkPart(parts.userId)).toBe(String(user.id));
    expect(Math.abs(Number(decodeLinkPart(parts.timestamp)) - Date.now())).toBeLessThan(60_000);
    expect(parts.signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('opens the link, resets the password, and signs in with the new one', async () => {
    const { user, parts } = await userWithLink();
    const oldToken = await tokenOf(ctx.app, user.email, user.password);

    const check = await post('checkResetLink', parts);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ statusCode: 200, message: 'The link is valid' });

    const reset = await post('resetPassword', {
      ...parts,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ statusCode: 200, message: 'Password reset successful' });

    expect((await login(ctx.app, user.email, newPassword)).statusCode).toBe(200);
    expect((await login(ctx.app, user.email, user.password)).statusCode).toBe(401);
    const old = await post('validateToken', { token: oldToken });
    expect(old.statusCode).toBe(401);
  });

  it('refuses a common password or one with the e-mail in it; the link and the old password still work', async () => {
    const { user, parts } = await userWithLink();
    const attempt = async (password: string) => {
      const res = await post('resetPassword', { ...parts, password, confirmPassword: password });
      expect(res.statusCode).toBe(422);
      return res.json().message as string;
    };
    expect(await attempt('Qwerty123')).toBe('This password is too common. Please choose another one');
    expect(await attempt('12341234')).toBe(passwordMessages.tooGuessable);
    expect(await attempt(`${user.email.split('@')[0]}!`)).toBe(
      'Your password must not contain MyProsper, your name or your e-mail. Please choose another one',
    );
    expect((await post('checkResetLink', parts)).statusCode).toBe(200);
    expect((await login(ctx.app, user.email, user.password, randomIp())).statusCode).toBe(200);
    expect((await post('resetPassword', { ...parts, password: newPassword })).statusCode).toBe(200);
  });

  it('refuses the same link a second time', async () => {
    const { parts } = await userWithLink();
    const first = await post('resetPassword', { ...parts, password: newPassword });
    expect(first.statusCode).toBe(200);
    await expectLinkRefused(parts, 'Invalid Link');
  });

  it('refuses a link older than 15 minutes as expired', async () => {
    const user = await createUser(ctx.database.db);
    await expectLinkRefused(signedParts(user, Date.now() - 16 * 60_000), 'The link has expired');
    const stillValid = await post('checkResetLink', signedParts(user, Date.now() - 14 * 60_000));
    expect(stillValid.statusCode).toBe(200);
  });

  it('refuses a link stamped in the future', async () => {
    const user = await createUser(ctx.database.db);
    await expectLinkRefused(signedParts(user, Date.now() + 5 * 60_000), 'Invalid Link');
  });

  it('refuses a tampered, unsigned or undecodable link', async () => {
    const { parts } = await userWithLink();
    const other = await createUser(ctx.database.db);
    const flipped = `${parts.signature.slice(0, -1)}${parts.signature.endsWith('A') ? 'B' : 'A'}`;
    await expectLinkRefused({ ...parts, signature: flipped }, 'Invalid Link');
    await expectLinkRefused({ ...parts, signature: '' }, 'Invalid Link');
    await expectLinkRefused(
      { email: parts.email, userId: parts.userId, timestamp: parts.timestamp },
      'Invalid Link',
    );
    await expectLinkRefused({ ...parts, userId: encodeBase64Url(String(other.id)) }, 'Invalid Link');
    await expectLinkRefused({ ...parts, email: encodeBase64Url(other.email) }, 'Invalid Link');
    await expectLinkRefused({ ...parts, timestamp: encodeBase64Url(String(Date.now())) }, 'Invalid Link');
    await expectLinkRefused({ ...parts, email: '***' }, 'Invalid Link');
    await expectLinkRefused({ ...parts, userId: '' }, 'Invalid Link');
    // None of those used the link up.
    expect((await post('checkResetLink', parts)).statusCode).toBe(200);
  });

  it('accepts the parts in standard base64 too', async () => {
    const { user, parts } = await userWithLink();
    const standard = { ...parts, email: Buffer.from(user.email).toString('base64') };
    expect((await post('checkResetLink', standard)).statusCode).toBe(200);
  });

  it('applies the password rules, leaving the link usable', async () => {
    const { parts } = await userWithLink();
    const attempt = async (password: string, confirmPassword?: string) => {
      const res = await post('resetPassword', { ...parts, password, confirmPassword });
      expect(res.statusCode).toBe(422);
      return res.json().message as string;
    };
    expect(await attempt('')).toBe('Please fill all fields');
    expect(await attempt('short')).toBe('Password must be at least 8 characters');
    expect(await attempt(newPassword, 'Another#Pass9')).toBe('Password does not match');
    expect((await post('resetPassword', { ...parts, password: newPassword })).statusCode).toBe(200);
  });

  it('kills a mailed link when the password changes another way', async () => {
    const { user, parts } = await userWithLink();
    const token = await tokenOf(ctx.app, user.email, user.password);
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/myprosper/api/changePassword',
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: randomIp(),
      payload: { currentPassword: user.password, password: newPassword },
    });
    expect(change.statusCode).toBe(200);
    await expectLinkRefused(parts, 'Invalid Link');
  });

  it('asks for the e-mail when it is empty, and refuses a malformed one', async () => {
    const empty = await forgot('  ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toContain('Please fill in your email');
    const malformed = await forgot('jane-at-example');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().message).toContain('Invalid email');
  });

  it('sends the link to the address of the account, whatever case was typed', async () => {
    const email = uniqueEmail('case');
    const user = await createUser(ctx.database.db, { email });
    await ctx.database.db.update(users).set({ name: 'Otieno' }).where(eq(users.id, user.id));
    expect((await forgot(email.toUpperCase())).statusCode).toBe(200);
    const mail = await waitForMail(ctx.app, email);
    expect(mail.body).toContain('Hello Otieno,');
  });
});
