import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applicationMessages } from '@myprosper/contract/advisor-application';
import { uploadMessages } from '@myprosper/contract/uploads';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { advisorProfiles } from '../../db/schema/catalogue.ts';
import { advisorApplications, uploadedFiles } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';
import {
  createAdmin,
  createAdvisee,
  createAdvisor,
  createIndustry,
  createTopic,
  factoryPassword,
} from '../../db/seed/factories.ts';
import { imageDecodes } from '../../lib/media-checks.ts';
import {
  emailLinkTokenTo,
  login,
  mailsTo,
  openEmailLink,
  randomIp,
  uniqueEmail,
} from '../auth/auth.test-helpers.ts';
import {
  bearer,
  type FilePart,
  multipartBody,
  sendUpload,
  signIn,
  storedFiles,
  videoFixture,
} from '../profiles/profiles.test-helpers.ts';
import { withPhoneProof } from '../verification/verification.test-helpers.ts';
import { applicationFields, applicationFiles, applicationPassword } from './application.test-helpers.ts';
import { removeApplicationFiles } from './application-files.job.ts';

/** Bytes the anonymous uploads may store per day in this test: about one application with a padded video. */
const budget = 600_000;
const paddedVideoBytes = 400_000;

/** tiny.mp4 with a 'free' box after it: still a real video (ffprobe plays it), of a chosen size. */
async function paddedVideo(size: number): Promise<FilePart> {
  const video = await videoFixture('tiny.mp4');
  const box = Buffer.alloc(size - video.length);
  box.writeUInt32BE(box.length, 0);
  box.write('free', 4);
  return { bytes: Buffer.concat([video, box]), name: 'intro.mp4', type: 'video/mp4' };
}

describe('mentor applications and anonymous uploads under attack', () => {
  let ctx: TestContext;
  let uploadsDir: string;
  let industryId: number;
  let topicIds: number[];
  let adminToken: string;
  beforeAll(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), 'myprosper-application-attacks-'));
    ctx = await createTestApp({ UPLOADS_DIR: uploadsDir, ANONYMOUS_UPLOAD_BYTES_PER_DAY: String(budget) });
    industryId = (await createIndustry(ctx.database.db)).id;
    topicIds = [(await createTopic(ctx.database.db)).id];
    adminToken = await signIn(ctx.app, (await createAdmin(ctx.database.db)).email);
  });
  afterAll(async () => {
    await ctx.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  const db = () => ctx.database.db;
  const fieldsFor = (overrides: Record<string, string> = {}) =>
    applicationFields(industryId, topicIds, overrides);
  const send = async (
    fields: Record<string, string | string[]>,
    files: Record<string, FilePart>,
    remoteAddress = randomIp(),
  ) => {
    // With the proof of its phone the wizard's phone step gets (verification/verification.test-helpers.ts).
    const body = await multipartBody(await withPhoneProof(ctx.app, fields), files);
    return ctx.app.inject({ method: 'POST', url: '/myprosper/auth/registerAdvisor', remoteAddress, ...body });
  };
  const accountOf = async (email: string) =>
    (await db().select().from(users).where(sql`lower(${users.email}) = lower(${email})`))[0];
  /** Everything an application could change: users, applications, upload records and stored files. */
  const snapshot = async () => ({
    users: (await db().select({ n: count() }).from(users))[0]!.n,
    applications: (await db().select({ n: count() }).from(advisorApplications))[0]!.n,
    uploads: (await db().select({ n: count() }).from(uploadedFiles))[0]!.n,
    files: await storedFiles(uploadsDir),
  });
  const review = (id: number, decision: 'approve' | 'reject') =>
    ctx.app.inject({
      method: 'POST',
      url: `/myprosper/api/admin/applications/${id}/${decision}`,
      headers: bearer(adminToken),
      ...(decision === 'reject' ? { payload: { reason: 'Not now' } } : {}),
    });

  it('re-applying as a rejected applicant with only their e-mail changes no password and takes no account', async () => {
    const owner = fieldsFor();
    expect((await send(owner, await applicationFiles())).statusCode).toBe(200);
    await openEmailLink(ctx.app, await emailLinkTokenTo(ctx.app, String(owner.email)));
    const before = (await accountOf(String(owner.email)))!;
    expect((await review(before.id, 'reject')).statusCode).toBe(200);
    const rejected = (await accountOf(String(owner.email)))!;
    const state = await snapshot();
    const mailsBefore = (await mailsTo(ctx.app, String(owner.email))).length;

    // The attacker knows only the e-mail: their own password, name and files.
    const attack = fieldsFor({
      email: String(owner.email),
      name: 'Mallory Attacker',
      password: 'Takeover#2026x',
      confirmPassword: 'Takeover#2026x',
    });
    const res = await send(attack, await applicationFiles());
    expect(res.json()).toEqual({ statusCode: 200, message: applicationMessages.checkEmail });

    const after = (await accountOf(String(owner.email)))!;
    expect(after).toEqual(rejected);
    expect(await snapshot()).toEqual(state);
    expect((await login(ctx.app, String(owner.email), 'Takeover#2026x', randomIp())).statusCode).toBe(401);
    // Nothing waits for review that an admin could approve into the attacker's hands.
    const pending = await ctx.app.inject({
      method: 'GET',
      url: '/myprosper/api/admin/applications',
      headers: bearer(adminToken),
    });
    expect((pending.json().data as Array<{ id: number }>).some((item) => item.id === before.id)).toBe(false);
    // The owner is told, with a fresh reset link should it have been them without their password.
    const mails = await mailsTo(ctx.app, String(owner.email));
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails[0]!.body).toContain('/resetPassword/');
    expect(mails[0]!.body).not.toContain('Takeover#2026x');

    // With the account's own password the owner can apply again.
    const own = fieldsFor({ email: String(owner.email), password: applicationPassword });
    expect((await send(own, await applicationFiles())).json().message).toBe(applicationMessages.submitted);
  });

  it('an application using an existing advisee’s e-mail does not overwrite their password or account', async () => {
    const advisee = await createAdvisee(db());
    const [before] = await db().select().from(users).where(eq(users.id, advisee.id));
    const state = await snapshot();
    const res = await send(fieldsFor({ email: advisee.email.toUpperCase() }), await applicationFiles());
    // The same answer as for an address nobody has: what was done, not who is registered.
    expect(res.json()).toEqual({ statusCode: 200, message: applicationMessages.checkEmail });
    const [after] = await db().select().from(users).where(eq(users.id, advisee.id));
    expect(after).toEqual(before);
    expect(await snapshot()).toEqual(state);
    expect(await db().select().from(advisorProfiles).where(eq(advisorProfiles.userId, advisee.id))).toEqual(
      [],
    );
    expect((await login(ctx.app, advisee.email, factoryPassword, randomIp())).statusCode).toBe(200);
    expect((await login(ctx.app, advisee.email, applicationPassword, randomIp())).statusCode).toBe(401);
    const [told] = await mailsTo(ctx.app, advisee.email);
    expect(told!.body).toContain('never changes an existing account');
  });

  it('removes the files of an application whose e-mail is not confirmed within 24 hours, keeping the rows', async () => {
    const unconfirmed = fieldsFor();
    const confirmed = fieldsFor();
    for (const fields of [unconfirmed, confirmed]) {
      expect((await send(fields, await applicationFiles())).statusCode).toBe(200);
    }
    await openEmailLink(ctx.app, await emailLinkTokenTo(ctx.app, String(confirmed.email)));
    const [lost, kept] = [
      (await accountOf(String(unconfirmed.email)))!,
      (await accountOf(String(confirmed.email)))!,
    ];
    const filesOf = async (id: number) =>
      (await db().select().from(uploadedFiles).where(eq(uploadedFiles.ownerId, id))).map((row) => row.key);
    const lostKeys = await filesOf(lost.id);
    expect(lostKeys).toHaveLength(2);

    // Within the 24 hours nothing goes.
    await removeApplicationFiles(db(), ctx.app.fileStorage, new Date(Date.now() + 23 * 3600_000));
    expect(await filesOf(lost.id)).toEqual(lostKeys);

    const removed = await removeApplicationFiles(
      db(),
      ctx.app.fileStorage,
      new Date(Date.now() + 25 * 3600_000),
    );
    expect(removed).toContain(lost.id);
    expect(removed).not.toContain(kept.id);
    expect(await filesOf(lost.id)).toEqual([]);
    const stored = await storedFiles(uploadsDir);
    for (const key of lostKeys) expect(stored).not.toContain(key);
    expect(await filesOf(kept.id)).toHaveLength(2);
    // The account and its application stay, pointing at no file.
    expect(await accountOf(String(unconfirmed.email))).toMatchObject({
      status: 'PENDING_REVIEW',
      profilePicUrl: null,
    });
    const [profile] = await db().select().from(advisorProfiles).where(eq(advisorProfiles.userId, lost.id));
    expect(profile!.videoUrl).toBeNull();
    expect(
      await db().select().from(advisorApplications).where(eq(advisorApplications.applicantId, lost.id)),
    ).toHaveLength(1);

    // A rejected application keeps its files 30 days, then loses them.
    expect((await review(kept.id, 'reject')).statusCode).toBe(200);
    await removeApplicationFiles(db(), ctx.app.fileStorage, new Date(Date.now() + 29 * 24 * 3600_000));
    expect(await filesOf(kept.id)).toHaveLength(2);
    await removeApplicationFiles(db(), ctx.app.fileStorage, new Date(Date.now() + 31 * 24 * 3600_000));
    expect(await filesOf(kept.id)).toEqual([]);
    expect(await accountOf(String(confirmed.email))).toMatchObject({
      status: 'REJECTED',
      profilePicUrl: null,
    });
  });

  it('stops a flood of uploads from one address at the daily byte budget', async () => {
    const address = randomIp();
    const first = await send(
      fieldsFor(),
      { ...(await applicationFiles()), video: await paddedVideo(paddedVideoBytes) },
      address,
    );
    expect(first.statusCode, first.body).toBe(200);
    const state = await snapshot();
    const second = fieldsFor();
    const flood = await send(
      second,
      { ...(await applicationFiles()), video: await paddedVideo(paddedVideoBytes) },
      address,
    );
    expect(flood.json()).toMatchObject({ statusCode: 429, message: uploadMessages.dailyBudgetUsed });
    expect(await snapshot()).toEqual(state);
    expect(await accountOf(String(second.email))).toBeUndefined();
    // Another address is not held to this one's budget.
    expect((await send(second, await applicationFiles())).statusCode).toBe(200);
  });

  it('stops a flood of uploads for one e-mail at the daily byte budget, from any address', async () => {
    const owner = fieldsFor();
    const big = async () => ({ ...(await applicationFiles()), video: await paddedVideo(paddedVideoBytes) });
    expect((await send(owner, await big())).statusCode).toBe(200);
    const applicant = (await accountOf(String(owner.email)))!;
    expect((await review(applicant.id, 'reject')).statusCode).toBe(200);
    const state = await snapshot();
    const [rejected] = await db().select().from(users).where(eq(users.id, applicant.id));
    // Applying again (with the password) from a fresh address: this e-mail's budget is spent.
    const again = await send(owner, await big());
    expect(again.json()).toMatchObject({ statusCode: 429, message: uploadMessages.dailyBudgetUsed });
    expect(await snapshot()).toEqual(state);
    const [after] = await db().select().from(users).where(eq(users.id, applicant.id));
    expect(after).toEqual(rejected);
  });

  it('refuses a file renamed or dressed up as a video that ffprobe cannot play, keeping nothing', async () => {
    const mp4 = await videoFixture('tiny.mp4');
    // An MP4's first bytes (its ftyp box) followed by anything: the content sniffer takes it for a video.
    const dressed = Buffer.concat([mp4.subarray(0, 32), Buffer.alloc(4000, 7)]);
    const state = await snapshot();
    const application = await send(fieldsFor(), {
      ...(await applicationFiles()),
      video: { bytes: dressed, name: 'intro.mp4', type: 'video/mp4' },
    });
    expect(application.json()).toMatchObject({ statusCode: 415, message: uploadMessages.notAVideo });
    const mentor = await signIn(ctx.app, (await createAdvisor(db(), { topicIds })).email);
    const upload = await sendUpload(
      ctx.app,
      mentor,
      '/myprosper/api/uploadFile',
      { bytes: dressed, name: 'clip.mp4', type: 'video/mp4' },
      { fileType: 'VIDEO' },
    );
    expect(upload.json()).toMatchObject({ statusCode: 415, message: uploadMessages.notAVideo });
    expect(await snapshot()).toMatchObject({ ...state, users: state.users + 1 });
  });

  it('refuses a 5000 x 5000 image from its header, without decoding it', async () => {
    const huge = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const mentor = await signIn(ctx.app, (await createAdvisor(db(), { topicIds })).email);
    const state = await snapshot();
    const decodes = imageDecodes.started;
    const upload = await sendUpload(ctx.app, mentor, '/myprosper/api/uploadFile', {
      bytes: huge,
      name: 'huge.png',
      type: 'image/png',
    });
    expect(upload.json()).toMatchObject({ statusCode: 413, message: uploadMessages.imageTooManyPixels });
    const application = await send(fieldsFor({ email: uniqueEmail('huge') }), {
      ...(await applicationFiles()),
      profilePic: { bytes: huge, name: 'me.png', type: 'image/png' },
    });
    expect(application.json()).toMatchObject({ statusCode: 413, message: uploadMessages.imageTooManyPixels });
    expect(imageDecodes.started).toBe(decodes);
    expect(await snapshot()).toEqual(state);
  });
});
