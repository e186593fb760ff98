import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createAdvisee, createAdvisor } from '../../db/seed/factories.ts';
import {
  bearer,
  type FilePart,
  jpegBytes,
  multipartBody,
  oversizedPngBytes,
  pngBytes,
  signIn,
  storedFiles,
  videoFixture,
} from './profiles.test-helpers.ts';

describe('uploads: checked by content, stored under random names, served with safe headers', () => {
  let ctx: TestContext;
  let uploadsDir: string;
  let token: string;
  let mentorToken: string;
  beforeAll(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), 'myprosper-uploads-'));
    ctx = await createTestApp({ UPLOADS_DIR: uploadsDir });
    const person = await createAdvisee(ctx.database.db);
    token = await signIn(ctx.app, person.email);
    mentorToken = await signIn(ctx.app, (await createAdvisor(ctx.database.db)).email);
  });
  afterAll(async () => {
    await ctx.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  async function upload(
    url: string,
    file: FilePart | null,
    fields: Record<string, string> = {},
    auth = token,
  ) {
    const body = await multipartBody(fields, file ? { file } : {});
    return ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(auth), ...body.headers },
      payload: body.payload,
    });
  }
  const uploadFile = (file: FilePart | null, fileType?: string, auth = token) =>
    upload('/myprosper/api/uploadFile', file, fileType ? { fileType } : {}, auth);
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  /** Sends a refused upload and checks its answer, and that nothing was stored or left behind. */
  async function expectRefused(
    res: Promise<Awaited<ReturnType<typeof uploadFile>>>,
    status: number,
    message: string,
  ) {
    const before = await storedFiles(uploadsDir);
    const answer = await res;
    expect(answer.json()).toMatchObject({ statusCode: status, message });
    expect(answer.statusCode).toBe(status);
    expect(await storedFiles(uploadsDir)).toEqual(before);
    expect(await readdir(join(uploadsDir, '.tmp'))).toEqual([]);
  }

  it('accepts a real PNG, re-encodes it as WebP of at most 800x800, and serves it with safe headers', async () => {
    const res = await uploadFile(
      { bytes: await pngBytes(1600, 1000), name: 'holiday.png', type: 'image/png' },
      'IMAGE',
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.webp$/);
    expect(body.data).toEqual({ url: body.message, fileType: 'IMAGE' });

    const served = await get(body.message);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    const image = await sharp(served.rawPayload).metadata();
    expect(image).toMatchObject({ format: 'webp', width: 800, height: 500 });
    expect(image.exif).toBeUndefined();

    const etag = served.headers.etag as string;
    expect((await get(body.message, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('takes the type from the content when fileType is left out', async () => {
    const res = await uploadFile({
      bytes: await jpegBytes(),
      name: 'photo',
      type: 'application/octet-stream',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.fileType).toBe('IMAGE');
  });

  it('refuses a text file renamed .jpg', async () => {
    const text = Buffer.from('<script>alert("not an image")</script>\n'.repeat(10));
    await expectRefused(
      uploadFile({ bytes: text, name: 'cat.jpg', type: 'image/jpeg' }, 'IMAGE'),
      415,
      'The file must be a JPEG, PNG or WebP image',
    );
  });

  it('refuses an image over 5 MB', async () => {
    const big = await oversizedPngBytes();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    await expectRefused(
      uploadFile({ bytes: big, name: 'big.png', type: 'image/png' }, 'IMAGE'),
      413,
      'The image must be at most 5 MB',
    );
  });

  it('refuses a truncated image', async () => {
    const png = await pngBytes(400, 400);
    await expectRefused(
      uploadFile({ bytes: png.subarray(0, Math.floor(png.length / 2)), name: 'half.png' }, 'IMAGE'),
      422,
      'The image could not be read. Please choose another image.',
    );
  });

  it('refuses an image sent as a video, and a request without a file', async () => {
    await expectRefused(
      uploadFile(
        { bytes: await pngBytes(200, 200), name: 'clip.mp4', type: 'video/mp4' },
        'VIDEO',
        mentorToken,
      ),
      415,
      'The video must be an MP4, WebM or MOV file',
    );
    await expectRefused(uploadFile(null, 'IMAGE'), 422, 'Please choose a file');
    await expectRefused(
      uploadFile({ bytes: Buffer.alloc(0), name: 'empty.png' }, 'IMAGE'),
      422,
      'Please choose a file',
    );
  });

  it('keeps a video as it is and serves byte ranges for players', async () => {
    const bytes = await videoFixture('tiny.mp4');
    const res = await uploadFile({ bytes, name: 'intro.mp4', type: 'video/mp4' }, 'VIDEO', mentorToken);
    expect(res.statusCode).toBe(200);
    const url = res.json().message as string;
    expect(url).toMatch(/^\/uploads\/videos\/[0-9a-f]{32}\.mp4$/);

    const whole = await get(url);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const part = await get(url, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);
    expect((await get(url, { range: `bytes=${bytes.length + 10}-` })).statusCode).toBe(416);
  });

  it('takes videos from mentors only', async () => {
    const video = { bytes: await videoFixture('tiny.webm'), name: 'intro.webm', type: 'video/webm' };
    await expectRefused(uploadFile(video, 'VIDEO'), 403, 'You are not allowed to do this');
    await expectRefused(uploadFile(video), 415, 'The file must be a JPEG, PNG or WebP image');
  });

  it('serves nothing but stored files', async () => {
    expect((await get('/uploads/images/0123456789abcdef0123456789abcdef.webp')).statusCode).toBe(404);
    expect((await get('/uploads/images/..%2F..%2Fpackage.json')).statusCode).toBe(404);
    expect((await get('/uploads/secrets/x.webp')).statusCode).toBe(422);
  });

  it('replaces the profile photo with a square one and removes the old file', async () => {
    const url = '/myprosper/api/updateProfilePicture';
    const first = await upload(url, { bytes: await pngBytes(900, 600), name: 'a.png' });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Profile photo updated successfully');
    const firstUrl = first.json().data.profilePicUrl as string;
    const square = await sharp((await get(firstUrl)).rawPayload).metadata();
    expect(square).toMatchObject({ width: 600, height: 600 });

    const second = await upload(url, { bytes: await jpegBytes(), name: 'b.jpg' });
    expect(second.statusCode).toBe(200);
    expect((await get(firstUrl)).statusCode).toBe(404);
    expect((await get(second.json().data.profilePicUrl)).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const body = await multipartBody(
      { fileType: 'IMAGE' },
      { file: { bytes: await jpegBytes(), name: 'a.jpg' } },
    );
    for (const url of ['/myprosper/api/uploadFile', '/myprosper/api/updateProfilePicture']) {
      const res = await ctx.app.inject({ method: 'POST', url, headers: body.headers, payload: body.payload });
      expect(res.statusCode).toBe(401);
    }
  });
});
