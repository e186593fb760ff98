import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDaysToDate, todayIn } from '@myprosper/contract/dates';
import { messages } from '@myprosper/contract/messages';
import { profileMessages } from '@myprosper/contract/profiles';
import { verificationMessages } from '@myprosper/contract/verification';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { advisorProfiles } from '../../db/schema/catalogue.ts';
import { outboxMessages } from '../../db/schema/messaging.ts';
import { users } from '../../db/schema/users.ts';
import {
  createAdmin,
  createAdvisee,
  createAdvisor,
  createIndustry,
  createTopic,
  factoryPassword,
} from '../../db/seed/factories.ts';
import { emailLinkTokenTo, openEmailLink } from '../auth/auth.test-helpers.ts';
import { bearer, multipartBody, signIn, videoFixture } from './profiles.test-helpers.ts';

describe('profiles: reading and editing one’s own', () => {
  let ctx: TestContext;
  let uploadsDir: string;
  let industryId: number;
  beforeAll(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), 'myprosper-profiles-'));
    ctx = await createTestApp({ UPLOADS_DIR: uploadsDir });
    industryId = (await createIndustry(ctx.database.db, { name: `Banking ${Date.now()}` })).id;
  });
  afterAll(async () => {
    await ctx.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  const get = (url: string, token?: string) =>
    ctx.app.inject({ method: 'GET', url: `/myprosper/api${url}`, headers: token ? bearer(token) : {} });
  const post = (url: string, token: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: `/myprosper/api${url}`, headers: bearer(token), payload });

  async function person(kind: 'advisee' | 'advisor' | 'admin') {
    const db = ctx.database.db;
    const row =
      kind === 'advisee'
        ? await createAdvisee(db, { industryId, gender: 'Male', dob: '1990-01-02' })
        : kind === 'advisor'
          ? await createAdvisor(db, { industryId, topicIds: [(await createTopic(db)).id] })
          : await createAdmin(db);
    return { ...row, token: await signIn(ctx.app, row.email) };
  }

  // A new e-mail each time, with the current password it needs.
  const adviseeUpdate = (adviseeId: number, overrides: Record<string, unknown> = {}) => ({
    adviseeId,
    email: `updated-${adviseeId}-${Date.now()}@example.com`,
    currentPassword: factoryPassword,
    industryId,
    gender: 'Female',
    dob: '1991-07-08',
    linkedInUrl: 'https://www.linkedin.com/in/someone',
    occupation: 'Engineer',
    ...overrides,
  });
  const advisorUpdate = (advisorId: number, overrides: Record<string, unknown> = {}) => ({
    advisorId,
    emailAddress: `mentor-${advisorId}-${Date.now()}@example.com`,
    currentPassword: factoryPassword,
    industryId,
    gender: 'Male',
    dob: '1980-02-03',
    linkedInUrl: 'https://www.linkedin.com/in/mentor',
    occupation: 'Architect',
    favouriteQuote: 'Measure twice.',
    biography: 'Builds things and people.',
    country: 'Kenya',
    ...overrides,
  });

  it('shows an advisee their own details, and admins anyone’s, but no one else', async () => {
    const me = await person('advisee');
    const own = await get(`/getAdviseeDetails/${me.id}`, me.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({
      id: me.id,
      name: me.name,
      username: me.email,
      phoneNumber: me.phoneNumber,
      gender: 'Male',
      dob: '1990-01-02',
      industry: { id: industryId },
    });
    const other = await person('advisee');
    expect((await get(`/getAdviseeDetails/${me.id}`, other.token)).statusCode).toBe(403);
    const mentor = await person('advisor');
    expect((await get(`/getAdviseeDetails/${me.id}`, mentor.token)).statusCode).toBe(403);
    expect((await get(`/getAdviseeDetails/${me.id}`)).statusCode).toBe(401);
    const admin = await person('admin');
    expect((await get(`/getAdviseeDetails/${me.id}`, admin.token)).statusCode).toBe(200);
    expect((await get(`/getAdviseeDetails/${mentor.id}`, mentor.token)).statusCode).toBe(404);
  });

  it('shows a mentor their own profile with topics and answers, and nobody else but admins', async () => {
    const mentor = await person('advisor');
    const own = await get(`/getAdvisorProfile/${mentor.id}`, mentor.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({
      id: mentor.id,
      email: mentor.email,
      favouriteQuote: 'Keep learning.',
      topics: [expect.objectContaining({ id: expect.any(Number) })],
      advisorDetails: { profilePicUrl: mentor.profilePicUrl },
    });
    const other = await person('advisor');
    expect((await get(`/getAdvisorProfile/${mentor.id}`, other.token)).statusCode).toBe(403);
    const advisee = await person('advisee');
    expect((await get(`/getAdvisorProfile/${mentor.id}`, advisee.token)).statusCode).toBe(403);
    const admin = await person('admin');
    expect((await get(`/getAdvisorProfile/${mentor.id}`, admin.token)).statusCode).toBe(200);
  });

  it('updates an advisee’s own details, leaving name and phone as they were', async () => {
    const me = await person('advisee');
    const update = adviseeUpdate(me.id, { name: 'Someone Else', phoneNumber: '0799000000' });
    const res = await post('/updateAdviseeDetails', me.token, update);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ statusCode: 200, message: verificationMessages.emailChangeLinkSent });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({
      name: me.name,
      phoneNumber: me.phoneNumber,
      // The new address counts only once its link is opened.
      email: me.email,
      gender: 'Female',
      dob: '1991-07-08',
      occupation: 'Engineer',
      linkedInUrl: 'https://www.linkedin.com/in/someone',
    });
  });

  it.each([
    ['a missing e-mail', { email: '' }, 'Please fill all fields'],
    ['a missing industry', { industryId: null }, 'Please fill all fields'],
    ['a missing occupation', { occupation: ' ' }, 'Please fill all fields'],
    ['a missing LinkedIn link', { linkedInUrl: '' }, 'Please fill all fields'],
    ['a missing birthday', { dob: undefined }, 'Please fill all fields'],
    ['a bad e-mail', { email: 'not-an-email' }, 'Invalid email'],
    [
      'a link elsewhere',
      { linkedInUrl: 'https://evil.example.com/in/x' },
      'Please enter a valid LinkedIn link',
    ],
    ['a birthday in the future', { dob: addDaysToDate(todayIn(), 3) }, 'Birthday cannot be in the future'],
  ])('refuses an advisee update with %s', async (_case, overrides, message) => {
    const me = await person('advisee');
    const res = await post('/updateAdviseeDetails', me.token, adviseeUpdate(me.id, overrides));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
  });

  /** The mails sent to an address (the outbox keeps a copy of each). */
  const mailsTo = (address: string) =>
    ctx.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, address));

  it('asks for the current password to change an advisee’s e-mail, and tells the old address', async () => {
    const me = await person('advisee');
    const update = adviseeUpdate(me.id, { occupation: 'Pilot' });
    const { currentPassword: _password, ...withoutPassword } = update;
    const refusals = [
      [withoutPassword, profileMessages.passwordForEmail],
      [{ ...update, currentPassword: '' }, profileMessages.passwordForEmail],
      [{ ...update, currentPassword: 'Wrong#Pass1' }, messages.currentPasswordIncorrect],
      // Exactly as typed: not trimmed.
      [{ ...update, currentPassword: ` ${factoryPassword}` }, messages.currentPasswordIncorrect],
    ] as const;
    for (const [payload, message] of refusals) {
      const res = await post('/updateAdviseeDetails', me.token, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(message);
    }
    const [unchanged] = await ctx.database.db.select().from(users).where(eq(users.id, me.id));
    expect(unchanged).toMatchObject({ email: me.email, occupation: me.occupation });
    expect(await mailsTo(me.email)).toHaveLength(0);

    const res = await post('/updateAdviseeDetails', me.token, update);
    expect(res.statusCode).toBe(200);
    const [pending] = await ctx.database.db.select().from(users).where(eq(users.id, me.id));
    expect(pending).toMatchObject({ email: me.email, occupation: 'Pilot' });
    expect(await mailsTo(me.email)).toHaveLength(0);
    const opened = await openEmailLink(ctx.app, await emailLinkTokenTo(ctx.app, update.email));
    expect(opened.json()).toEqual({ statusCode: 200, message: verificationMessages.emailVerified });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({ email: update.email, occupation: 'Pilot' });
    const [notice, ...more] = await mailsTo(me.email);
    expect(more).toHaveLength(0);
    expect(notice!.subject).toBe('Your MyProsper email address was changed');
    expect(notice!.body).toContain(`changed from ${me.email} to ${update.email}`);
    expect(notice!.body).toContain(ctx.env.SUPPORT_EMAIL);
    expect(notice!.body).not.toContain(factoryPassword);
  });

  it('asks for the current password to change a mentor’s e-mail too', async () => {
    const mentor = await person('advisor');
    const update = advisorUpdate(mentor.id);
    const missing = await post('/updateAdvisorDetails', mentor.token, {
      ...update,
      currentPassword: undefined,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(profileMessages.passwordForEmail);
    const wrong = await post('/updateAdvisorDetails', mentor.token, {
      ...update,
      currentPassword: 'Nope#1234',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(messages.currentPasswordIncorrect);
    const [unchanged] = await ctx.database.db.select().from(users).where(eq(users.id, mentor.id));
    expect(unchanged!.email).toBe(mentor.email);

    expect((await post('/updateAdvisorDetails', mentor.token, update)).statusCode).toBe(200);
    expect(await mailsTo(mentor.email)).toHaveLength(0);
    await openEmailLink(ctx.app, await emailLinkTokenTo(ctx.app, update.emailAddress));
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, mentor.id));
    expect(row!.email).toBe(update.emailAddress);
    expect(await mailsTo(mentor.email)).toHaveLength(1);
  });

  it('needs no password when the e-mail stays (in any case), and mails nobody', async () => {
    const me = await person('advisee');
    const same = adviseeUpdate(me.id, { email: ` ${me.email.toUpperCase()} `, currentPassword: undefined });
    const res = await post('/updateAdviseeDetails', me.token, same);
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({ email: me.email, occupation: 'Engineer' });
    const mentor = await person('advisor');
    const kept = advisorUpdate(mentor.id, { emailAddress: mentor.email, currentPassword: undefined });
    expect((await post('/updateAdvisorDetails', mentor.token, kept)).statusCode).toBe(200);
    expect([...(await mailsTo(me.email)), ...(await mailsTo(mentor.email))]).toHaveLength(0);
  });

  it('lets nobody update another person, nor a mentor use the advisee route', async () => {
    const me = await person('advisee');
    const other = await person('advisee');
    const res = await post('/updateAdviseeDetails', other.token, adviseeUpdate(me.id));
    expect(res.statusCode).toBe(403);
    const mentor = await person('advisor');
    expect((await post('/updateAdviseeDetails', mentor.token, adviseeUpdate(mentor.id))).statusCode).toBe(
      403,
    );
    expect((await post('/updateAdvisorDetails', me.token, advisorUpdate(me.id))).statusCode).toBe(403);
    const otherMentor = await person('advisor');
    expect(
      (await post('/updateAdvisorDetails', otherMentor.token, advisorUpdate(mentor.id))).statusCode,
    ).toBe(403);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row!.email).toBe(me.email);
  });

  it('never moves an account to an e-mail another account has: the link says so to its owner', async () => {
    const me = await person('advisee');
    const other = await person('advisee');
    const res = await post(
      '/updateAdviseeDetails',
      me.token,
      adviseeUpdate(me.id, { email: other.email.toUpperCase() }),
    );
    // The answer says what was done, not whether the address is registered.
    expect(res.json()).toEqual({ statusCode: 200, message: verificationMessages.emailChangeLinkSent });
    // The address is kept as the form's rules tidy it (lower case).
    const opened = await openEmailLink(ctx.app, await emailLinkTokenTo(ctx.app, other.email.toLowerCase()));
    expect(opened.json()).toMatchObject({
      statusCode: 409,
      message: verificationMessages.emailTakenMeanwhile,
    });
    const rows = await ctx.database.db.select({ id: users.id, email: users.email }).from(users);
    expect(rows.find((row) => row.id === me.id)!.email).toBe(me.email);
    expect(rows.find((row) => row.id === other.id)!.email).toBe(other.email);
  });

  it('updates a mentor’s own details with the biography rule', async () => {
    const mentor = await person('advisor');
    const long = await post(
      '/updateAdvisorDetails',
      mentor.token,
      advisorUpdate(mentor.id, { biography: 'x'.repeat(401) }),
    );
    expect(long.statusCode).toBe(422);
    expect(long.json().message).toBe('Biography must be at most 400 characters');
    const missing = await post(
      '/updateAdvisorDetails',
      mentor.token,
      advisorUpdate(mentor.id, { country: '' }),
    );
    expect(missing.json().message).toBe('Please fill all fields');

    const res = await post(
      '/updateAdvisorDetails',
      mentor.token,
      advisorUpdate(mentor.id, { biography: 'b'.repeat(400), emailAddress: mentor.email }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Profile updated successfully');
    const profile = (await get(`/getAdvisorProfile/${mentor.id}`, mentor.token)).json().data;
    expect(profile).toMatchObject({
      biography: 'b'.repeat(400),
      favouriteQuote: 'Measure twice.',
      country: 'Kenya',
    });
    expect(profile.profilePicUrl).toBe(mentor.profilePicUrl);
  });

  it('takes a new video only from the mentor’s own uploads, and removes the one it replaces', async () => {
    const mentor = await person('advisor');
    async function uploadVideo(token: string) {
      const body = await multipartBody(
        { fileType: 'VIDEO' },
        { file: { bytes: await videoFixture('tiny.webm'), name: 'intro.webm', type: 'video/webm' } },
      );
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/myprosper/api/uploadFile',
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(200);
      return res.json().message as string;
    }
    const first = await uploadVideo(mentor.token);
    expect(
      (await post('/updateAdvisorDetails', mentor.token, advisorUpdate(mentor.id, { videoURL: first })))
        .statusCode,
    ).toBe(200);
    const second = await uploadVideo(mentor.token);
    expect(
      (await post('/updateAdvisorDetails', mentor.token, advisorUpdate(mentor.id, { videoURL: second })))
        .statusCode,
    ).toBe(200);
    const [profile] = await ctx.database.db
      .select()
      .from(advisorProfiles)
      .where(eq(advisorProfiles.userId, mentor.id));
    expect(profile!.videoUrl).toBe(second);
    expect((await ctx.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);

    const thief = await person('advisor');
    const stolen = await post(
      '/updateAdvisorDetails',
      thief.token,
      advisorUpdate(thief.id, { videoURL: second }),
    );
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().message).toBe('Please upload the file again');
    const outside = await post(
      '/updateAdvisorDetails',
      thief.token,
      advisorUpdate(thief.id, { profilePicUrl: 'https://evil.example.com/x.png' }),
    );
    expect(outside.statusCode).toBe(422);
    expect((await ctx.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });
});
