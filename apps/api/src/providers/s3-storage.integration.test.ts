import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { advisorProfiles } from '../db/schema/catalogue.ts';
import { users } from '../db/schema/users.ts';
import { createAdvisee, createIndustry, createTopic } from '../db/seed/factories.ts';
import {
  applicationFields,
  applicationFiles,
  sendApplication,
} from '../features/advisor-application/application.test-helpers.ts';
import { pngBytes, sendUpload, signIn, videoFixture } from '../features/profiles/profiles.test-helpers.ts';
import { localS3Path } from './file-storage.ts';
import { S3Client, S3Error, selfAwareS3Transport } from './s3-client.ts';
import { sha256Hex, signS3Request } from './s3-signature.ts';

const bucket = 'myprosper-uploads';
const region = 'af-south-1';
const credentials = { accessKeyId: 'TESTACCESSKEY01', secretAccessKey: 'test-secret-access-key-0123456789' };

describe('S3-compatible file storage, against the local S3 sandbox', () => {
  let ctx: TestContext;
  let dataDir: string;
  let bucketClient: S3Client;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'myprosper-s3-'));
    ctx = await createTestApp({
      DATA_DIR: dataDir,
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    });
    // A client of its own, as another program holding the keys would read the bucket.
    bucketClient = new S3Client(
      {
        endpoint: `${ctx.env.PUBLIC_URL}${localS3Path}`,
        bucket,
        region,
        credentials,
        pathStyle: true,
      },
      selfAwareS3Transport(ctx.app, ctx.env.PUBLIC_URL),
    );
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const keyOf = (url: string) => url.replace(/^\/uploads\//, '');
  const objectBytes = async (key: string) => {
    const object = await bucketClient.getObject(key);
    return object ? bytesOf(object.body) : null;
  };
  /** What the app keeps on its own disk outside the sandbox's folder: only the (empty) temporary folder. */
  const localUploads = () => readdir(join(dataDir, 'uploads'));

  it('puts a new profile photo in the bucket, serves it back through /uploads, and deletes the one it replaces', async () => {
    const person = await createAdvisee(ctx.database.db);
    const token = await signIn(ctx.app, person.email);
    const sendPhoto = async () => {
      const file = { bytes: await pngBytes(500, 400), name: 'me.png' };
      const res = await sendUpload(ctx.app, token, '/myprosper/api/updateProfilePicture', file);
      expect(res.statusCode).toBe(200);
      return res.json().data.profilePicUrl as string;
    };

    const first = await sendPhoto();
    const stored = await objectBytes(keyOf(first));
    expect(stored).not.toBeNull();
    expect(await sharp(stored!).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });
    expect(await localUploads()).toEqual(['.tmp']);
    expect(await readdir(join(dataDir, 'uploads', '.tmp'))).toEqual([]);

    const served = await ctx.app.inject({ method: 'GET', url: first });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(stored!)).toBe(true);
    const again = await ctx.app.inject({
      method: 'GET',
      url: first,
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const second = await sendPhoto();
    expect(second).not.toBe(first);
    expect(await bucketClient.headObject(keyOf(first))).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });

  it("puts a mentor application's photo and video in the bucket, and serves the video by byte ranges", async () => {
    const industryId = (await createIndustry(ctx.database.db)).id;
    const topicId = (await createTopic(ctx.database.db)).id;
    const fields = applicationFields(industryId, [topicId]);
    const res = await sendApplication(ctx.app, fields, await applicationFiles());
    expect(res.statusCode).toBe(200);
    const [mentor] = await ctx.database.db
      .select({ profilePicUrl: users.profilePicUrl, videoUrl: advisorProfiles.videoUrl })
      .from(users)
      .innerJoin(advisorProfiles, eq(advisorProfiles.userId, users.id))
      .where(eq(users.email, String(fields.email)));
    const videoUrl = mentor!.videoUrl!;

    const original = await videoFixture('tiny.mp4');
    expect((await objectBytes(keyOf(videoUrl)))?.equals(original)).toBe(true);
    expect(await objectBytes(keyOf(mentor!.profilePicUrl!))).not.toBeNull();

    const part = await ctx.app.inject({ method: 'GET', url: videoUrl, headers: { range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${original.length}`);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.rawPayload.equals(original.subarray(4, 12))).toBe(true);
    const tooFar = await ctx.app.inject({
      method: 'GET',
      url: videoUrl,
      headers: { range: `bytes=${original.length}-` },
    });
    expect(tooFar.statusCode).toBe(416);
  });

  describe('the sandbox checks every request as S3 does', () => {
    const key = 'images/0123456789abcdef0123456789abcdef.webp';
    const url = new URL(`${localS3Path}/${bucket}/${key}`, 'http://localhost:3000');
    const body = Buffer.from('RIFF-not-really-webp');

    /** A PUT signed with these keys (the right ones unless told), optionally with another body than signed. */
    function put(options: { secret?: string; accessKeyId?: string; sent?: Buffer; region?: string } = {}) {
      const headers = signS3Request({
        method: 'PUT',
        url,
        headers: { 'content-type': 'image/webp' },
        payloadHash: sha256Hex(body),
        region: options.region ?? region,
        credentials: {
          accessKeyId: options.accessKeyId ?? credentials.accessKeyId,
          secretAccessKey: options.secret ?? credentials.secretAccessKey,
        },
      });
      return ctx.app.inject({ method: 'PUT', url: url.pathname, headers, payload: options.sent ?? body });
    }
    const codeOf = (xml: string) => /<Code>([^<]+)<\/Code>/.exec(xml)?.[1];

    it('refuses a bad signature, another key, an unsigned request, a changed body or another region, and stores nothing', async () => {
      const forged = await put({ secret: 'not-the-secret-access-key-at-all' });
      expect(forged.statusCode).toBe(403);
      expect(forged.headers['content-type']).toBe('application/xml');
      expect(codeOf(forged.body)).toBe('SignatureDoesNotMatch');

      const stranger = await put({ accessKeyId: 'SOMEONEELSE0001' });
      expect([stranger.statusCode, codeOf(stranger.body)]).toEqual([403, 'InvalidAccessKeyId']);

      const anonymous = await ctx.app.inject({ method: 'PUT', url: url.pathname, payload: body });
      expect([anonymous.statusCode, codeOf(anonymous.body)]).toEqual([403, 'AccessDenied']);

      const tampered = await put({ sent: Buffer.from('RIFF-something-else!') });
      expect([tampered.statusCode, codeOf(tampered.body)]).toEqual([400, 'XAmzContentSHA256Mismatch']);

      const elsewhere = await put({ region: 'eu-west-1' });
      expect([elsewhere.statusCode, codeOf(elsewhere.body)]).toEqual([400, 'AuthorizationHeaderMalformed']);

      // A signed request whose path was changed on the way no longer matches its signature.
      const signed = signS3Request({
        method: 'DELETE',
        url,
        headers: {},
        payloadHash: sha256Hex(''),
        region,
        credentials,
      });
      const moved = await ctx.app.inject({
        method: 'DELETE',
        url: url.pathname.replace('0123', '9999'),
        headers: signed,
      });
      expect([moved.statusCode, codeOf(moved.body)]).toEqual([403, 'SignatureDoesNotMatch']);

      expect(await bucketClient.headObject(key)).toBeNull();
    });

    it('accepts a well-signed request, and answers S3 errors for another bucket and a missing key', async () => {
      expect((await put()).statusCode).toBe(200);
      expect((await objectBytes(key))?.equals(body)).toBe(true);
      await bucketClient.deleteObject(key);
      expect(await bucketClient.getObject(key)).toBeNull();

      const otherBucket = new S3Client(
        {
          endpoint: `${ctx.env.PUBLIC_URL}${localS3Path}`,
          bucket: 'someone-else',
          region,
          credentials,
          pathStyle: true,
        },
        selfAwareS3Transport(ctx.app, ctx.env.PUBLIC_URL),
      );
      const refused = await otherBucket.putObject(key, { bytes: body }, 'image/webp').catch((error) => error);
      expect(refused).toBeInstanceOf(S3Error);
      expect(refused).toMatchObject({ status: 404, code: 'NoSuchBucket' });
    });
  });
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
