import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uploadMessages } from '@myprosper/contract/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createAdvisee,
  createAdvisor,
  createIndustry,
  createTopic,
} from '../../src/db/seed/factories.ts';
import {
  applicationFields,
  applicationFiles,
  sendApplication,
} from '../../src/features/advisor-application/application.test-helpers.ts';
import { bearer } from '../../src/features/booking/booking.test-helpers.ts';
import {
  type FilePart,
  jpegBytes,
  multipartBody,
  pngBytes,
  storedFiles,
  videoFixture,
} from '../../src/features/profiles/profiles.test-helpers.ts';
import { type Clamd, eicar, startClamd } from '../clamd.ts';
import { createTestApp, type TestContext } from '../test-app.ts';
import { appTables, settledFingerprint } from './support.ts';

/**
 * ASVS V5.4.3: with CLAMD_URL set, every route that takes files has them scanned by a real clamd (started here
 * with the EICAR signature) before anything keeps them. Infected: 422, nothing stored and no row changed.
 * clamd silent or gone: 503 (an unchecked file is never kept), nothing stored.
 */

/** The routes that take files: a photo or video, the profile photo, a program's image, a mentor application. */
const routes = ['uploadFile', 'updateProfilePicture', 'programImage', 'registerAdvisor'] as const;
type Route = (typeof routes)[number];

describe('uploads scanned by clamd (CLAMD_URL)', () => {
  let clamd: Clamd;
  let ctx: TestContext;
  let uploadsDir: string;
  let tables: string[];
  let headers: Record<'advisee' | 'mentor' | 'admin', Record<string, string>>;
  let programId: number;
  let industryId: number;
  let topicIds: number[];

  beforeAll(async () => {
    clamd = await startClamd();
    uploadsDir = await mkdtemp(join(tmpdir(), 'myprosper-virus-scan-'));
    ctx = await createTestApp({
      UPLOADS_DIR: uploadsDir,
      CLAMD_URL: clamd.url,
      CLAMD_TIMEOUT_SECONDS: '2',
      JOBS_ENABLED: 'false',
    });
    const db = ctx.database.db;
    headers = {
      advisee: await bearer(ctx.app, await createAdvisee(db)),
      mentor: await bearer(ctx.app, await createAdvisor(db)),
      admin: await bearer(ctx.app, await createAdmin(db)),
    };
    programId = (await createTopic(db)).id;
    industryId = (await createIndustry(db)).id;
    topicIds = [(await createTopic(db)).id];
    tables = await appTables(ctx);
  });

  afterAll(async () => {
    await ctx?.close();
    await clamd?.stop();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  /** Sends `file` to a route that takes files, as the browser does. */
  async function send(route: Route, file: FilePart, as: keyof typeof headers = 'advisee') {
    if (route === 'registerAdvisor') {
      const files = await applicationFiles();
      const field = file.type?.startsWith('video/') ? 'video' : 'profilePic';
      return sendApplication(ctx.app, applicationFields(industryId, topicIds), { ...files, [field]: file });
    }
    const url = {
      uploadFile: '/myprosper/api/uploadFile',
      updateProfilePicture: '/myprosper/api/updateProfilePicture',
      programImage: `/myprosper/api/admin/programs/${programId}/image`,
    }[route];
    const fields: Record<string, string> =
      route === 'uploadFile' ? { fileType: file.type?.startsWith('video/') ? 'VIDEO' : 'IMAGE' } : {};
    const body = await multipartBody(fields, { file });
    return ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...headers[route === 'programImage' ? 'admin' : as], ...body.headers },
      payload: body.payload,
    });
  }

  /** Sends a refused upload: its answer, and that no file was kept (stored or temporary) and no row changed. */
  async function expectRefused(sent: () => ReturnType<typeof send>, status: number, message: string) {
    const files = await storedFiles(uploadsDir);
    const data = await settledFingerprint(ctx, tables);
    const answer = await sent();
    expect({ status: answer.statusCode, message: answer.json().message }).toEqual({ status, message });
    expect(await storedFiles(uploadsDir)).toEqual(files);
    expect(await readdir(join(uploadsDir, '.tmp'))).toEqual([]);
    expect(await settledFingerprint(ctx, tables)).toEqual(data);
  }

  const infected = async () => ({
    png: { bytes: Buffer.concat([await pngBytes(300, 200), eicar]), name: 'photo.png', type: 'image/png' },
    jpeg: { bytes: Buffer.concat([await jpegBytes(), eicar]), name: 'photo.jpg', type: 'image/jpeg' },
    mp4: {
      bytes: Buffer.concat([await videoFixture('tiny.mp4'), eicar]),
      name: 'intro.mp4',
      type: 'video/mp4',
    },
  });

  it('keeps clean images and videos', async () => {
    const png = { bytes: await pngBytes(300, 200), name: 'photo.png', type: 'image/png' };
    const mp4 = { bytes: await videoFixture('tiny.mp4'), name: 'intro.mp4', type: 'video/mp4' };
    const before = (await storedFiles(uploadsDir)).length;
    for (const route of routes) {
      const answer = await send(route, png);
      expect(answer.statusCode, `${route}: ${answer.body}`).toBe(200);
    }
    expect((await send('uploadFile', mp4, 'mentor')).statusCode).toBe(200);
    // Four images, the application's video, and the mentor's video.
    expect((await storedFiles(uploadsDir)).length).toBe(before + 6);
  });

  it('refuses a real image with EICAR appended on every route that takes images, keeping nothing', async () => {
    const { png, jpeg } = await infected();
    for (const route of routes) {
      for (const file of [png, jpeg]) {
        await expectRefused(() => send(route, file), 422, uploadMessages.virusFound);
      }
    }
  });

  it('refuses a real video with EICAR appended (videos are kept as they are), keeping nothing', async () => {
    const { mp4 } = await infected();
    await expectRefused(() => send('uploadFile', mp4, 'mentor'), 422, uploadMessages.virusFound);
    await expectRefused(() => send('registerAdvisor', mp4), 422, uploadMessages.virusFound);
  });

  it('refuses the EICAR file itself behind an image or PDF name, keeping nothing', async () => {
    // Not an image by its content, it is refused before it would be scanned: either way, nothing is kept.
    for (const name of ['photo.png', 'photo.jpg', 'cv.pdf']) {
      const file = { bytes: eicar, name, type: name.endsWith('.pdf') ? 'application/pdf' : 'image/png' };
      await expectRefused(() => send('uploadFile', file), 415, uploadMessages.notImage);
      await expectRefused(() => send('programImage', file), 415, uploadMessages.notImage);
    }
  });

  it('refuses uploads with 503 while clamd does not answer, keeping nothing, and takes them again after', async () => {
    const png = { bytes: await pngBytes(300, 200), name: 'photo.png', type: 'image/png' };
    clamd.pause();
    try {
      for (const route of routes) {
        await expectRefused(() => send(route, png), 503, uploadMessages.virusCheckUnavailable);
      }
    } finally {
      clamd.resume();
    }
    expect((await send('uploadFile', png)).statusCode).toBe(200);
  });

  it('refuses uploads with 503 once clamd is stopped, keeping nothing', async () => {
    const png = { bytes: await pngBytes(300, 200), name: 'photo.png', type: 'image/png' };
    await clamd.stop();
    for (const route of routes) {
      await expectRefused(() => send(route, png), 503, uploadMessages.virusCheckUnavailable);
    }
  });
});
