import { decodeLinkPart } from '@myprosper/contract/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { contactMessages } from '../../db/schema/profiles.ts';
import { createAdvisee } from '../../db/seed/factories.ts';
import { mailsTo, randomIp } from '../auth/auth.test-helpers.ts';
import { bearer, signIn } from './profiles.test-helpers.ts';

describe('help and invite', () => {
  let ctx: TestContext;
  const supportEmail = 'help-desk@myprosper.test';
  beforeAll(async () => {
    ctx = await createTestApp({ SUPPORT_EMAIL: supportEmail, PUBLIC_URL: 'https://myprosper.example' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const contact = (payload: Record<string, unknown>, remoteAddress = randomIp(), token?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/myprosper/api/contactSupport',
      remoteAddress,
      headers: token ? bearer(token) : {},
      payload,
    });

  it('keeps a contact message and e-mails it to support, from anyone', async () => {
    const res = await contact({
      name: 'Otieno Ouma',
      email: 'otieno@example.com',
      message: 'How do vouchers work?',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statusCode: 200,
      message: 'Your message has been sent. We will get back to you soon.',
    });
    const mails = await mailsTo(ctx.app, supportEmail);
    expect(mails[0]!.body).toContain('How do vouchers work?');
    expect(mails[0]!.body).toContain('otieno@example.com');

    const person = await createAdvisee(ctx.database.db);
    const token = await signIn(ctx.app, person.email);
    const signedIn = await contact(
      { name: person.name, email: person.email, message: 'Hello' },
      randomIp(),
      token,
    );
    expect(signedIn.statusCode).toBe(200);
    const rows = await ctx.database.db.select().from(contactMessages);
    expect(rows.map((r) => r.userId)).toEqual([null, person.id]);
  });

  it.each([
    [{ name: '', email: 'a@example.com', message: 'Hi' }, 'Please fill all fields'],
    [{ name: 'A B', email: 'a@example', message: 'Hi' }, 'Invalid email'],
    [{ name: 'A B', email: 'a@example.com', message: ' ' }, 'Please fill all fields'],
    [
      { name: 'A B', email: 'a@example.com', message: 'x'.repeat(2001) },
      'Please keep your message under 2000 characters',
    ],
  ])('refuses %j', async (payload, message) => {
    const res = await contact(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
  });

  it('limits how many messages one address sends', async () => {
    const ip = randomIp();
    const payload = { name: 'Spam Bot', email: 'bot@example.com', message: 'Buy now' };
    for (let i = 0; i < 5; i++) expect((await contact(payload, ip)).statusCode).toBe(200);
    expect((await contact(payload, ip)).statusCode).toBe(429);
  });

  it('gives a signed-in person their own invite link', async () => {
    const person = await createAdvisee(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/myprosper/api/inviteLink',
      headers: bearer(await signIn(ctx.app, person.email)),
    });
    expect(res.statusCode).toBe(200);
    const { url, text } = res.json().data;
    const link = new URL(url);
    expect(`${link.origin}${link.pathname}`).toBe('https://myprosper.example/profile_picker');
    expect(decodeLinkPart(link.searchParams.get('ref'))).toBe(String(person.id));
    expect(text).toContain(url);
    expect((await ctx.app.inject({ method: 'GET', url: '/myprosper/api/inviteLink' })).statusCode).toBe(401);
  });
});
