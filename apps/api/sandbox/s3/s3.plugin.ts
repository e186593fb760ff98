import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { parseRange } from '../../src/providers/file-storage.ts';
import { unsignedPayload } from '../../src/providers/s3-signature.ts';
import { checkSignature, errorXml, type S3Failure, type SandboxS3Config, s3Failures } from './s3-rules.ts';

export interface S3SandboxOptions extends SandboxS3Config {
  /** Where the objects are kept on disk (DATA_DIR/s3-sandbox by default). */
  dir: string;
}

interface ObjectMeta {
  key: string;
  contentType: string;
  size: number;
  etag: string;
  lastModified: string;
}

/** S3's largest single PUT. */
const maxObjectBytes = 5 * 1024 ** 3;

/**
 * A local stand-in of an S3-compatible object store, mounted at /sandbox/s3 while SANDBOX is on. It speaks
 * S3's REST wire format for single objects, path style (/sandbox/s3/<bucket>/<key>): PUT, GET (with one byte
 * range), HEAD and DELETE Object, each signed with SigV4 in the Authorization header and checked as S3 checks
 * it (s3-rules.ts), S3's XML errors included. It holds one bucket (S3_BUCKET) and keeps objects on disk,
 * so they outlive a restart. See ../README.md.
 */
export const s3Sandbox: FastifyPluginAsync<S3SandboxOptions> = async (app, options) => {
  const bucketDir = join(options.dir, options.bucket);
  await mkdir(bucketDir, { recursive: true });
  const fileOf = (key: string) => join(bucketDir, createHash('sha256').update(key).digest('hex'));

  // Object bodies are read as streams by the PUT handler, whatever their type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  function refuse(reply: FastifyReply, failure: S3Failure, resource: string) {
    const requestId = randomBytes(8).toString('hex').toUpperCase();
    reply.code(failure.status).header('x-amz-request-id', requestId);
    if (reply.request.method === 'HEAD') return reply.send();
    return reply.header('content-type', 'application/xml').send(errorXml(failure, resource, requestId));
  }

  /** The key of an authenticated request for the sandbox's bucket, or null once it has been refused. */
  function admit(request: FastifyRequest<{ Params: { bucket: string; '*': string } }>, reply: FastifyReply) {
    const [path = '', query = ''] = (request.raw.url ?? '').split('?');
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(',') : value,
      ]),
    );
    const failure = checkSignature({ method: request.method, path, query, headers }, options);
    const resource = `/${request.params.bucket}/${request.params['*']}`;
    if (failure) return void refuse(reply, failure, resource);
    if (request.params.bucket !== options.bucket)
      return void refuse(reply, s3Failures.noSuchBucket, resource);
    if (request.params['*'] === '') {
      return void refuse(
        reply,
        { status: 501, code: 'NotImplemented', message: 'The sandbox stores and reads single objects only.' },
        resource,
      );
    }
    return { key: request.params['*'], resource };
  }

  async function readMeta(key: string): Promise<ObjectMeta | null> {
    try {
      return JSON.parse(await readFile(`${fileOf(key)}.json`, 'utf8')) as ObjectMeta;
    } catch {
      return null;
    }
  }

  const routeOptions = { compress: false, exposeHeadRoute: false } as const;

  app.put<{ Params: { bucket: string; '*': string } }>('/:bucket/*', routeOptions, async (request, reply) => {
    const target = admit(request, reply);
    if (!target) return reply;
    const declared = Number(request.headers['content-length']);
    if (request.headers['content-length'] === undefined || !Number.isInteger(declared) || declared < 0) {
      return refuse(reply, s3Failures.missingLength, target.resource);
    }
    if (declared > maxObjectBytes) return refuse(reply, s3Failures.tooLarge, target.resource);
    const partial = join(bucketDir, `${randomBytes(8).toString('hex')}.part`);
    const sha256 = createHash('sha256');
    const md5 = createHash('md5');
    let received = 0;
    const inspect = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        sha256.update(chunk);
        md5.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(request.raw, inspect, createWriteStream(partial));
      const claimed = request.headers['x-amz-content-sha256'];
      const failure =
        received !== declared
          ? s3Failures.incompleteBody
          : claimed !== unsignedPayload && claimed !== sha256.digest('hex')
            ? s3Failures.contentHashMismatch
            : null;
      if (failure) {
        await rm(partial, { force: true });
        return refuse(reply, failure, target.resource);
      }
      const meta: ObjectMeta = {
        key: target.key,
        contentType: request.headers['content-type'] ?? 'binary/octet-stream',
        size: received,
        etag: `"${md5.digest('hex')}"`,
        lastModified: new Date().toUTCString(),
      };
      await rename(partial, fileOf(target.key));
      await writeFile(`${fileOf(target.key)}.json`, JSON.stringify(meta));
      return reply.code(200).header('etag', meta.etag).send();
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  });

  app.route<{ Params: { bucket: string; '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/:bucket/*',
    ...routeOptions,
    handler: async (request, reply) => {
      const target = admit(request, reply);
      if (!target) return reply;
      const meta = await readMeta(target.key);
      if (!meta) return refuse(reply, s3Failures.noSuchKey, target.resource);
      const range = parseRange(request.headers.range, meta.size);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${meta.size}`);
        return refuse(reply, s3Failures.invalidRange, target.resource);
      }
      reply
        .header('content-type', meta.contentType)
        .header('etag', meta.etag)
        .header('last-modified', meta.lastModified)
        .header('accept-ranges', 'bytes')
        .header('content-length', range ? range.end - range.start + 1 : meta.size);
      if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${meta.size}`);
      if (request.method === 'HEAD') return reply.send();
      return reply.send(createReadStream(fileOf(target.key), range ?? undefined));
    },
  });

  app.delete<{ Params: { bucket: string; '*': string } }>(
    '/:bucket/*',
    routeOptions,
    async (request, reply) => {
      const target = admit(request, reply);
      if (!target) return reply;
      await rm(fileOf(target.key), { force: true });
      await rm(`${fileOf(target.key)}.json`, { force: true });
      return reply.code(204).send();
    },
  );
};
