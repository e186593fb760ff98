import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOfKey, type FileStorage, isFileKey, newFileKey } from '../lib/stored-files.ts';
import { createLocalFileStorage, parseRange } from './file-storage.ts';

describe('local file storage', () => {
  let root: string;
  let storage: FileStorage;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'myprosper-storage-'));
    storage = createLocalFileStorage(root);
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('makes random keys and accepts no other shape', () => {
    const key = newFileKey('images', 'webp');
    expect(key).toMatch(/^images\/[0-9a-f]{32}\.webp$/);
    expect(newFileKey('images', 'webp')).not.toBe(key);
    expect(isFileKey('images/../../etc/passwd')).toBe(false);
    expect(isFileKey('videos/abc.mp4')).toBe(false);
    expect(contentTypeOfKey('videos/x.mov')).toBe('video/quicktime');
  });

  it('stores bytes and finished files, gives their URL and key back, and removes them', async () => {
    const key = newFileKey('images', 'webp');
    await storage.put(key, { bytes: Buffer.from('image') }, 'image/webp');
    expect(storage.url(key)).toBe(`/uploads/${key}`);
    expect(storage.keyOf(storage.url(key))).toBe(key);
    expect(storage.keyOf('/images/mentors/m01.svg')).toBeNull();
    expect(storage.keyOf('/uploads/images/../secret.webp')).toBeNull();
    expect((await storage.stat(key))?.size).toBe(5);
    expect(await text(await storage.read(key, { start: 1, end: 3 }))).toBe('mag');

    const temp = join(root, 'incoming.upload');
    await writeFile(temp, 'video');
    const videoKey = newFileKey('videos', 'mp4');
    await storage.put(videoKey, { path: temp }, 'video/mp4');
    expect(await readFile(join(root, videoKey), 'utf8')).toBe('video');

    await storage.remove(key);
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.read(key)).toBeNull();
    await storage.remove(key);
  });
});

async function text(stream: NodeJS.ReadableStream | null): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream ?? []) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('byte ranges of served files', () => {
  it('reads the ranges video players send', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(parseRange('bytes=90-200', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=20-10', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
  });
});
