import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDaysToDate, todayIn } from '@myprosper/contract/dates';
import { passwordMessages } from '@myprosper/contract/password-messages';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { advisorProfiles, advisorTopics } from '../../db/schema/catalogue.ts';
import { uploadedFiles } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';
import { createAdvisee, createIndustry, createTopic } from '../../db/seed/factories.ts';
import { login, randomIp, waitForMail } from '../auth/auth.test-helpers.ts';
import { storedFiles, videoFixture } from '../profiles/profiles.test-helpers.ts';
import {
  applicationFields,
  applicationFiles,
  applicationPassword,
  sendApplication,
} from './application.test-helpers.ts';

describe('mentor application: POST /myprosper/auth/registerAdvisor', () => {
  let ctx: TestContext;
  let uploadsDir: string;
  let industryId: number;
  let topicIds: number[];
  beforeAll(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), 'myprosper-application-'));
    ctx = await createTestApp({ UPLOADS_DIR: uploadsDir });
    industryId = (await createIndustry(ctx.database.db)).id;
    topicIds = [];
    for (let i = 0; i < 6; i++) topicIds.push((await createTopic(ctx.database.db)).id);
  });
  afterAll(async () => {
    await ctx.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  const userCount = async () => (await ctx.database.db.select({ n: count() }).from(users))[0]!.n;
  const tempFiles = () => readdir(join(uploadsDir, '.tmp'));

  /** Sends the application and checks it was refused with `message`, leaving no user and no file behind. */
  async function expectRefused(
    fields: Record<string, string | string[]>,
    files: Awaited<ReturnType<typeof applicationFiles>>,
    status: number,
    message: string,
  ) {
    const usersBefore = await userCount();
    const filesBefore = await storedFiles(uploadsDir);
    const res = await sendApplication(ctx.app, fields, files);
    expect(res.json()).toMatchObject({ statusCode: status, message });
    expect(res.statusCode).toBe(status);
    expect(await userCount()).toBe(usersBefore);
    expect(await storedFiles(uploadsDir)).toEqual(filesBefore);
    expect(await tempFiles()).toEqual([]);
  }

  it('creates a mentor waiting for review, with profile, topics, photo and video, and e-mails them', async () => {
    const fields = applicationFields(industryId, [], { topics: topicIds.slice(0, 2).join(',') });
    const filesBefore = await storedFiles(uploadsDir);
    const res = await sendApplication(ctx.app, fields, await applicationFiles());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      statusCode: 200,
      message: 'Thank you. Check your e-mail to continue: we sent you a message about your application.',
    });

    const [user] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, fields.email as string));
    expect(user).toMatchObject({
      role: 'ADVISOR',
      status: 'PENDING_REVIEW',
      name: 'Njeri Mwangi',
      linkedInUrl: 'https://linkedin.com/in/njeri-mwangi',
      occupation: 'Finance Director',
      industryId,
      country: 'Kenya',
      source: null,
    });
    expect(user!.phoneNumber).toMatch(/^2547\d{8}$/);
    const [profile] = await ctx.database.db
      .select()
      .from(advisorProfiles)
      .where(eq(advisorProfiles.userId, user!.id));
    expect(profile).toMatchObject({ favouriteQuote: 'Small steps every day.', levelOfAdvisee: 'Mid-career' });
    const topics = await ctx.database.db
      .select()
      .from(advisorTopics)
      .where(eq(advisorTopics.advisorId, user!.id));
    expect(topics.map((t) => t.topicId).sort()).toEqual(topicIds.slice(0, 2).sort());

    const added = (await storedFiles(uploadsDir)).filter((f) => !filesBefore.includes(f));
    expect(added).toHaveLength(2);
    expect(user!.profilePicUrl).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.webp$/);
    expect(profile!.videoUrl).toMatch(/^\/uploads\/videos\/[0-9a-f]{32}\.mp4$/);
    const photo = await sharp(join(uploadsDir, user!.profilePicUrl!.replace('/uploads/', ''))).metadata();
    expect(photo).toMatchObject({ format: 'webp', width: 700, height: 700 });
    const owned = await ctx.database.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.ownerId, user!.id));
    expect(owned).toHaveLength(2);
    expect(await tempFiles()).toEqual([]);

    // The address is mailed its confirmation link (the files are kept only once it is opened).
    const mail = await waitForMail(ctx.app, fields.email as string);
    expect(mail.subject).toBe('Confirm your MyProsper e-mail address');
    expect(mail.body).toContain('/verify-email/');
    expect(user!.emailVerifiedAt).toBeNull();

    const signIn = await login(ctx.app, fields.email as string, applicationPassword, randomIp());
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(
      'Your mentor application is still under review. We will e-mail you when it is approved.',
    );
  });

  it.each([
    ['a missing phone', { phoneNumber: '' }, 'Please fill all fields'],
    ['a missing quote', { favouriteQuote: ' ' }, 'Please fill all fields'],
    ['a missing LinkedIn link', { linkedInUrl: undefined }, 'Please fill all fields'],
    ['a single name', { name: 'Njeri' }, 'Please enter your full name'],
    ['a bad e-mail', { email: 'njeri@' }, 'Invalid email'],
    ['a bad phone', { phoneNumber: '12345' }, 'Invalid Phone No'],
    [
      'a short password',
      { password: 'short', confirmPassword: 'short' },
      'Password must be at least 8 characters',
    ],
    ['a different confirmation', { confirmPassword: 'Kilima#2027' }, 'Password does not match'],
    [
      'a common password',
      { password: 'Superman1', confirmPassword: 'Superman1' },
      'This password is too common. Please choose another one',
    ],
    [
      'a password too easy to guess',
      { password: '12341234', confirmPassword: '12341234' },
      passwordMessages.tooGuessable,
    ],
    [
      'a password with the name in it',
      { password: 'mwangi#2026', confirmPassword: 'mwangi#2026' },
      'Your password must not contain MyProsper, your name or your e-mail. Please choose another one',
    ],
    ['a long biography', { biography: 'b'.repeat(401) }, 'Biography must be at most 400 characters'],
    [
      'a link that is not LinkedIn',
      { linkedInUrl: 'javascript:alert(1)' },
      'Please enter a valid LinkedIn link',
    ],
    ['a birthday in the future', { dob: addDaysToDate(todayIn(), 2) }, 'Birthday cannot be in the future'],
    ['a missing occupation', { occupation: '' }, 'Please fill all fields'],
    ['a missing comfort rating', { ratingForWorkingWithNewAdvisees: undefined }, 'Please fill all fields'],
    ['no topic', { topics: [] }, 'Please select at least a topic'],
    ['terms not accepted', { termsAccepted: 'false' }, 'Please accept terms'],
  ])('refuses %s with its message and leaves nothing', async (_case, overrides, message) => {
    const fields = applicationFields(industryId, topicIds.slice(0, 1), overrides);
    await expectRefused(fields, await applicationFiles(), 422, message);
  });

  it('refuses six topics', async () => {
    const fields = applicationFields(industryId, topicIds.slice(0, 6));
    await expectRefused(fields, await applicationFiles(), 422, 'You can only select upto five topics');
  });

  it('asks for the photo, then the video, by the step they belong to', async () => {
    const { profilePic, video } = await applicationFiles();
    const fields = applicationFields(industryId, topicIds.slice(0, 1));
    await expectRefused(fields, { video: video! }, 422, 'Please upload profile image');
    await expectRefused(fields, { profilePic: profilePic! }, 422, 'Please upload a video');
    const named = { profilePic: profilePic!, video: { ...video!, name: 'intro.txt' } };
    await expectRefused(fields, named, 422, 'The file must be a video file');
  });

  it('checks the files by their content, not their names', async () => {
    const fields = applicationFields(industryId, topicIds.slice(0, 1));
    const { profilePic, video } = await applicationFiles();
    const text = Buffer.from('this is not a picture, only text pretending to be one\n'.repeat(20));
    await expectRefused(
      fields,
      { profilePic: { bytes: text, name: 'me.jpg', type: 'image/jpeg' }, video: video! },
      415,
      'The file must be a JPEG, PNG or WebP image',
    );
    await expectRefused(
      fields,
      { profilePic: profilePic!, video: { bytes: text, name: 'intro.mp4', type: 'video/mp4' } },
      415,
      'The video must be an MP4, WebM or MOV file',
    );
  });

  it('keeps no file of an application for a taken e-mail, and answers as for any other', async () => {
    const existing = await createAdvisee(ctx.database.db);
    const fields = applicationFields(industryId, topicIds.slice(0, 2), {
      email: existing.email.toUpperCase(),
    });
    await expectRefused(
      fields,
      await applicationFiles(),
      200,
      'Thank you. Check your e-mail to continue: we sent you a message about your application.',
    );
  });

  it('is all or nothing when a topic does not exist', async () => {
    const fields = applicationFields(industryId, [topicIds[0]!, 999_999]);
    await expectRefused(fields, await applicationFiles(), 422, 'Please choose topics from the list');
  });

  it('accepts a WebM video, and topics sent as a JSON list', async () => {
    const fields = applicationFields(industryId, [], { topics: JSON.stringify(topicIds.slice(2, 5)) });
    const files = await applicationFiles();
    files.video = { bytes: await videoFixture('tiny.webm'), name: 'clip.webm', type: 'video/webm' };
    const res = await sendApplication(ctx.app, fields, files);
    expect(res.statusCode).toBe(200);
    const [user] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, fields.email as string));
    const [profile] = await ctx.database.db
      .select()
      .from(advisorProfiles)
      .where(eq(advisorProfiles.userId, user!.id));
    expect(profile!.videoUrl).toMatch(/\.webm$/);
    const topics = await ctx.database.db
      .select()
      .from(advisorTopics)
      .where(eq(advisorTopics.advisorId, user!.id));
    expect(topics).toHaveLength(3);
  });
});
