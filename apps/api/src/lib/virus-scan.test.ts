import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Clamd, eicar, eicarFound, startClamd } from '../../test/clamd.ts';
import { clamdAddress, ScanUnavailableError, scanFile } from './virus-scan.ts';

/** The clamd client against a real clamd (started by the test with the EICAR signature). */

describe('scanFile against clamd', () => {
  let clamd: Clamd;
  let dir: string;
  const file = (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };
  const address = () => clamdAddress(clamd.url);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'virus-scan-'));
    clamd = await startClamd();
  }, 120_000);

  afterAll(async () => {
    await clamd?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the EICAR test file, alone and appended to a real image', async () => {
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#3a7' },
    })
      .png()
      .toBuffer();
    expect(await scanFile(address(), file('eicar.png', eicar), 10_000)).toEqual({
      clean: false,
      signature: eicarFound,
    });
    expect(await scanFile(address(), file('image.png', Buffer.concat([png, eicar])), 10_000)).toEqual({
      clean: false,
      signature: eicarFound,
    });
  });

  it('finds EICAR in the middle of a file sent in many chunks', async () => {
    const filler = Buffer.alloc(512 * 1024, 'a');
    const path = file('big.bin', Buffer.concat([filler, eicar, filler]));
    expect(await scanFile(address(), path, 10_000)).toEqual({ clean: false, signature: eicarFound });
  });

  it('says a clean file is clean', async () => {
    const jpeg = await sharp({ create: { width: 60, height: 30, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    expect(await scanFile(address(), file('clean.jpg', jpeg), 10_000)).toEqual({ clean: true });
    expect(await scanFile(address(), file('empty', Buffer.alloc(0)), 10_000)).toEqual({ clean: true });
  });

  it('fails as unavailable when clamd is silent, and scans again once it answers', async () => {
    const path = file('eicar.jpg', eicar);
    clamd.pause();
    try {
      await expect(scanFile(address(), path, 1_000)).rejects.toThrow(ScanUnavailableError);
    } finally {
      clamd.resume();
    }
    expect(await scanFile(address(), path, 10_000)).toEqual({ clean: false, signature: eicarFound });
  });

  it('fails as unavailable when nothing listens at the address', async () => {
    const path = file('nobody.jpg', eicar);
    const stopped = await startClamd();
    await stopped.stop();
    await expect(scanFile(clamdAddress(stopped.url), path, 5_000)).rejects.toThrow(ScanUnavailableError);
  }, 60_000);
});

describe('clamdAddress', () => {
  it('reads tcp://host:port and refuses anything else', () => {
    expect(clamdAddress('tcp://127.0.0.1:3310')).toEqual({ host: '127.0.0.1', port: 3310 });
    expect(clamdAddress('tcp://[::1]:3310')).toEqual({ host: '::1', port: 3310 });
    expect(() => clamdAddress('http://127.0.0.1:3310')).toThrow(/tcp:\/\/host:port/);
    expect(() => clamdAddress('tcp://clamd')).toThrow(/tcp:\/\/host:port/);
  });
});
