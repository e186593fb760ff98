import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { factoryPassword } from '../../db/seed/factories.ts';
import { tokenOf } from '../auth/auth.test-helpers.ts';

/** Helpers of the sign-up, application, profile and upload integration tests. */

export interface FilePart {
  bytes: Buffer;
  name: string;
  type?: string;
}

/** A multipart/form-data body as a browser's FormData sends it. */
export async function multipartBody(
  fields: Record<string, string | string[]>,
  files: Record<string, FilePart> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  for (const [name, file] of Object.entries(files)) {
    form.append(name, new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  }
  const request = new Request('http://test.local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** A real PNG photo (a gradient, so it is not trivially small). */
export function pngBytes(width = 1200, height = 900): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 3) {
    const pixel = i / 3;
    raw[i] = (pixel % width) % 256;
    raw[i + 1] = Math.floor(pixel / width) % 256;
    raw[i + 2] = 128;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export function jpegBytes(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2f6fb0' } })
    .jpeg()
    .toBuffer();
}

/** A real PNG over 5 MB: random pixels do not compress. */
export function oversizedPngBytes(): Promise<Buffer> {
  const side = 1400;
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

const fixtures = join(import.meta.dirname, '../../../test/fixtures');

/** tiny.mp4 or tiny.webm: real one-second videos of a few hundred bytes. */
export function videoFixture(name: 'tiny.mp4' | 'tiny.webm'): Promise<Buffer> {
  return readFile(join(fixtures, name));
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = factoryPassword,
): Promise<string> {
  return tokenOf(app, email, password);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Stored files (images/ and videos/) under an uploads folder. */
export async function storedFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  for (const folder of ['images', 'videos']) {
    try {
      for (const name of await readdir(join(root, folder))) found.push(`${folder}/${name}`);
    } catch {
      // The folder is made by the first file stored in it.
    }
  }
  return found.sort();
}

/** Sends one file (and text fields) to an upload route as the browser does, signed in with `token`. */
export async function sendUpload(
  app: FastifyInstance,
  token: string,
  url: string,
  file: FilePart,
  fields: Record<string, string> = {},
) {
  const body = await multipartBody(fields, { file });
  return app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}
