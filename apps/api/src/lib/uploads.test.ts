import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveFile } from './uploads.ts';

describe('receiveFile: a file refused on its first bytes', () => {
  let tempDir: string;

  beforeAll(async () => {
    tempDir = await mkdtemp(join(tmpdir(), 'myprosper-receive-'));
  });

  afterAll(async () => {
    await rm(tempDir, { recursive: true, force: true });
  });

  it('leaves no temporary file behind, however quickly it is refused', async () => {
    // Text behind an image's name: refused on its first chunk, while the temporary file is still being opened.
    for (let n = 0; n < 40; n++) {
      const part = { file: Readable.from([Buffer.from('not an image at all')]), filename: 'photo.png' };
      await expect(receiveFile(part as unknown as MultipartFile, tempDir, 'IMAGE')).rejects.toMatchObject({
        statusCode: 415,
      });
      expect(await readdir(tempDir)).toEqual([]);
    }
  });
});
