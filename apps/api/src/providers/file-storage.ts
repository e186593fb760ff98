import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fp from 'fastify-plugin';
import type { Env } from '../config/env.ts';
import {
  type ByteRange,
  type FileStorage,
  isFileKey,
  type StoredFileInfo,
  uploadsUrlPrefix,
} from '../lib/stored-files.ts';
import { S3Client, type S3Transport, selfAwareS3Transport } from './s3-client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    fileStorage: FileStorage;
  }
}

/** The API's own addresses of stored files: /uploads/<key>. */
const uploadsAddresses = {
  url(key: string): string {
    return `${uploadsUrlPrefix}${key}`;
  },
  keyOf(url: string): string | null {
    if (!url.startsWith(uploadsUrlPrefix)) return null;
    const key = url.slice(uploadsUrlPrefix.length);
    return isFileKey(key) ? key : null;
  },
};

/** Files on local disk under `root`, served by the API at /uploads/<key>. */
export function createLocalFileStorage(root: string): FileStorage {
  const base = resolve(root);
  const tempDir = join(base, '.tmp');
  const pathOf = (key: string) => {
    if (!isFileKey(key)) throw new Error(`not a storage key: ${key}`);
    return join(base, key);
  };
  const statOf = async (key: string): Promise<StoredFileInfo | null> => {
    if (!isFileKey(key)) return null;
    try {
      const info = await stat(pathOf(key));
      return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    } catch {
      return null;
    }
  };
  return {
    tempDir,
    async put(key, source) {
      const target = pathOf(key);
      await mkdir(join(target, '..'), { recursive: true });
      if ('bytes' in source) {
        const partial = join(tempDir, `${randomBytes(8).toString('hex')}.part`);
        await mkdir(tempDir, { recursive: true });
        await writeFile(partial, source.bytes);
        await rename(partial, target);
        return;
      }
      try {
        await rename(source.path, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(source.path, target);
        await unlink(source.path);
      }
    },
    async remove(key) {
      if (!isFileKey(key)) return;
      await rm(pathOf(key), { force: true });
    },
    ...uploadsAddresses,
    stat: statOf,
    async read(key, range) {
      if (!(await statOf(key))) return null;
      return createReadStream(pathOf(key), range);
    },
  };
}

/**
 * Files in an S3-compatible bucket under the same keys, sent and read through the API (so the store needs no
 * public access and the app's own safe headers apply). Temporary uploads still land on local disk first.
 */
export function createS3FileStorage(client: S3Client, tempDir: string): FileStorage {
  return {
    tempDir: resolve(tempDir),
    async put(key, source, contentType) {
      if (!isFileKey(key)) throw new Error(`not a storage key: ${key}`);
      await client.putObject(key, source, contentType);
      if ('path' in source) await unlink(source.path).catch(() => {});
    },
    async remove(key) {
      if (isFileKey(key)) await client.deleteObject(key);
    },
    ...uploadsAddresses,
    async stat(key) {
      if (!isFileKey(key)) return null;
      const info = await client.headObject(key);
      return info ? { size: info.size, modifiedAt: info.lastModified } : null;
    },
    async read(key, range) {
      if (!isFileKey(key)) return null;
      return (await client.getObject(key, range))?.body ?? null;
    },
  };
}

/** Where the local S3 sandbox is mounted (served while SANDBOX is on). */
export const localS3Path = '/sandbox/s3';

type StorageEnv = Pick<
  Env,
  | 'UPLOADS_DIR'
  | 'DATA_DIR'
  | 'PUBLIC_URL'
  | 'SANDBOX'
  | 'S3_ENDPOINT'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/**
 * The configured storage: an S3-compatible bucket when S3_BUCKET is set (at S3_ENDPOINT, or the local S3
 * sandbox at PUBLIC_URL/sandbox/s3 when no endpoint is set), else local disk under UPLOADS_DIR or
 * DATA_DIR/uploads.
 */
export function createFileStorage(env: StorageEnv, transport: S3Transport): FileStorage {
  const localRoot = env.UPLOADS_DIR ?? join(env.DATA_DIR, 'uploads');
  if (!env.S3_BUCKET) return createLocalFileStorage(localRoot);
  if (!env.S3_ENDPOINT && !env.SANDBOX) {
    throw new Error(
      'S3_BUCKET is set without S3_ENDPOINT: set the endpoint, or SANDBOX=true for the local one',
    );
  }
  const client = new S3Client(
    {
      endpoint: env.S3_ENDPOINT ?? `${env.PUBLIC_URL.replace(/\/$/, '')}${localS3Path}`,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
      pathStyle: env.S3_FORCE_PATH_STYLE,
    },
    transport,
  );
  return createS3FileStorage(client, join(localRoot, '.tmp'));
}

/** Decorates app.fileStorage. */
export const fileStoragePlugin = fp(
  async (app) => {
    const storage = createFileStorage(app.env, selfAwareS3Transport(app, app.env.PUBLIC_URL));
    await mkdir(storage.tempDir, { recursive: true });
    app.decorate('fileStorage', storage);
  },
  { name: 'file-storage' },
);

/** One 'bytes=a-b' range (the only kind players send); null to send the whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
