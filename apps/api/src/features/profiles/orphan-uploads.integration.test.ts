import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { uploadedFiles } from '../../db/schema/profiles.ts';
import { createAdvisee, createAdvisor, createIndustry } from '../../db/seed/factories.ts';
import { orphanUploadsJobName } from './orphan-uploads.job.ts';
import {
  bearer,
  type FilePart,
  pngBytes,
  sendUpload,
  signIn,
  storedFiles,
  videoFixture,
} from './profiles.test-helpers.ts';

describe('uploads nothing uses are removed a day after their upload', () => {
  let ctx: TestContext;
  let uploadsDir: string;
  beforeAll(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), 'myprosper-orphans-'));
    ctx = await createTestApp({ UPLOADS_DIR: uploadsDir });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  async function upload(token: string, url: string, file: FilePart, fields: Record<string, string> = {}) {
    const res = await sendUpload(ctx.app, token, url, file, fields);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const photo = async () => ({ bytes: await pngBytes(300, 300), name: 'me.png', type: 'image/png' });
  const keyOf = (url: string) => url.replace(/^\/uploads\//, '');
  /** Makes these uploads look older than a day (the clock of the job is the database's and the server's). */
  const age = (urls: string[], hours: number) =>
    ctx.database.db
      .update(uploadedFiles)
      .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
      .where(inArray(uploadedFiles.key, urls.map(keyOf)));
  const recorded = async (urls: string[]) =>
    (
      await ctx.database.db
        .select({ key: uploadedFiles.key })
        .from(uploadedFiles)
        .where(inArray(uploadedFiles.key, urls.map(keyOf)))
    )
      .map((row) => row.key)
      .sort();
  const served = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).statusCode;

  it('keeps files a profile uses and fresh uploads, and removes abandoned ones from storage and records', async () => {
    const advisee = await signIn(ctx.app, (await createAdvisee(ctx.database.db)).email);
    const mentor = await createAdvisor(ctx.database.db);
    const mentorToken = await signIn(ctx.app, mentor.email);

    // Used: the advisee's profile photo, and a video the mentor saved on their profile.
    const profilePhoto = (await upload(advisee, '/myprosper/api/updateProfilePicture', await photo())).data
      .profilePicUrl as string;
    const video = { bytes: await videoFixture('tiny.mp4'), name: 'intro.mp4', type: 'video/mp4' };
    const savedVideo = (await upload(mentorToken, '/myprosper/api/uploadFile', video, { fileType: 'VIDEO' }))
      .message as string;
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/myprosper/api/updateAdvisorDetails',
      headers: bearer(mentorToken),
      payload: {
        advisorId: mentor.id,
        emailAddress: mentor.email,
        industryId: (await createIndustry(ctx.database.db)).id,
        gender: 'Female',
        dob: '1982-05-06',
        linkedInUrl: 'https://www.linkedin.com/in/mentor',
        occupation: 'Engineer',
        favouriteQuote: 'Keep going.',
        biography: 'Builds bridges.',
        country: 'Kenya',
        videoURL: savedVideo,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // Abandoned: a cropper upload never saved, and a video chosen then left. And one made an hour ago.
    const abandonedPhoto = (
      await upload(advisee, '/myprosper/api/uploadFile', await photo(), { fileType: 'IMAGE' })
    ).message as string;
    const abandonedVideo = (
      await upload(mentorToken, '/myprosper/api/uploadFile', video, { fileType: 'VIDEO' })
    ).message as string;
    const fresh = (await upload(advisee, '/myprosper/api/uploadFile', await photo(), { fileType: 'IMAGE' }))
      .message as string;
    await age([profilePhoto, savedVideo, abandonedPhoto, abandonedVideo], 25);
    await age([fresh], 1);
    const all = [profilePhoto, savedVideo, abandonedPhoto, abandonedVideo, fresh];
    expect(await recorded(all)).toHaveLength(5);

    expect(ctx.app.jobs.isRunning).toBe(true);
    await ctx.app.jobs.trigger(orphanUploadsJobName);
    const kept = [profilePhoto, savedVideo, fresh];
    for (let attempt = 0; attempt < 100 && (await recorded(all)).length > kept.length; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    expect(await recorded(all)).toEqual(kept.map(keyOf).sort());
    const files = await storedFiles(uploadsDir);
    for (const url of kept) expect(files).toContain(keyOf(url));
    for (const url of [abandonedPhoto, abandonedVideo]) expect(files).not.toContain(keyOf(url));
    expect(await served(abandonedPhoto)).toBe(404);
    expect(await served(profilePhoto)).toBe(200);
    expect(await served(savedVideo)).toBe(200);
  });
});
