import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  CatalogueVersion,
  entityTag,
  isCurrentCopy,
  ResponseCache,
  VersionedCache,
  windowBits,
} from './response-cache.ts';

/** A database whose version reads answer when the test says, and a clock the test moves. */
function world() {
  let stored = 1;
  const pending: Array<() => void> = [];
  const state = { now: 0, queries: 0 };
  const version = new CatalogueVersion(
    () => {
      state.queries++;
      const answer = stored;
      return new Promise<number>((resolve) => pending.push(() => resolve(answer)));
    },
    100,
    () => state.now,
  );
  return {
    state,
    version,
    commit: () => {
      stored++;
    },
    /** Lets every query sent so far answer, and what follows from the answers run. */
    answer: async () => {
      for (const resolve of pending.splice(0)) resolve();
      await new Promise((done) => setImmediate(done));
    },
  };
}

describe('catalogue version', () => {
  it('asks the database once for every read within 100 ms of the question', async () => {
    const { state, version, answer } = world();
    const first = version.current();
    const second = version.current();
    await answer();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    state.now = 100;
    expect(version.current()).toBe(1);
    expect(state.queries).toBe(1);
  });

  it("sees another process's change on the first read more than 100 ms after the last question", async () => {
    const { state, version, commit, answer } = world();
    const first = version.current();
    await answer();
    expect(await first).toBe(1);
    commit();
    state.now = 101;
    const later = version.current();
    await answer();
    expect(await later).toBe(2);
    expect(state.queries).toBe(2);
  });

  it('asks again at once after a change made through this process, not trusting a question sent before it', async () => {
    const { state, version, commit, answer } = world();
    const before = version.current();
    state.now = 5;
    commit();
    version.invalidate();
    state.now = 6;
    const after = version.current();
    await answer();
    expect(await before).toBe(1);
    await answer();
    expect(await after).toBe(2);
    expect(state.queries).toBe(2);
  });
});

describe('versioned cache', () => {
  it('answers a value only for the version and while it is fresh', () => {
    const cache = new VersionedCache<string>(1_000, 2);
    cache.set('leadrship', 7, 'hits', 0);
    expect(cache.get('leadrship', 7, 999)).toBe('hits');
    expect(cache.get('leadrship', 7, 1_000)).toBeUndefined();
    cache.set('leadrship', 7, 'hits', 0);
    expect(cache.get('leadrship', 8, 1)).toBeUndefined();
    cache.set('a', 8, 'A', 0);
    cache.set('b', 8, 'B', 0);
    cache.set('c', 8, 'C', 0);
    expect(cache.get('a', 8, 1)).toBeUndefined();
    expect(cache.get('c', 8, 1)).toBe('C');
  });
});

describe('response cache', () => {
  it('gives back every answer whole in each encoding, small or large, its window fitted to its size', () => {
    expect([1, 1_008, 1_009, 65_520, 65_521, 400_000, 50_000_000].map(windowBits)).toEqual([
      10, 10, 11, 16, 17, 19, 24,
    ]);
    const cache = new ResponseCache(60_000);
    // JSON of every size around the thresholds: 1 KB (compressed from), 16 KB (quality), window boundaries.
    for (const size of [1_023, 1_024, 1_025, 16_368, 16_384, 16_385, 65_520, 65_521, 400_000]) {
      const body = JSON.stringify({
        status: 200,
        data: 'Mentor profile, mentor list, programs. '.repeat(size),
      }).slice(0, size);
      cache.set(`/answer/${size}`, 1, body, 0);
      const br = cache.get(`/answer/${size}`, 1, 'br', 1)!;
      const gzip = cache.get(`/answer/${size}`, 1, 'gzip', 1)!;
      const identity = cache.get(`/answer/${size}`, 1, 'identity', 1)!;
      expect(identity.body.toString()).toBe(body);
      if (size < 1_024) {
        expect([br.encoding, gzip.encoding]).toEqual(['identity', 'identity']);
        continue;
      }
      expect(brotliDecompressSync(br.body).toString(), `br, ${size} bytes`).toBe(body);
      expect(gunzipSync(gzip.body).toString(), `gzip, ${size} bytes`).toBe(body);
      expect(br.body.length).toBeLessThan(body.length / 4);
    }
  });

  it('holds at most its size in bytes, answers and compressed forms, dropping those read least recently', () => {
    const answer = (n: number) =>
      JSON.stringify({ status: 200, data: `mentor ${n} `.repeat(300) }).slice(0, 2_000);
    const cache = new ResponseCache(60_000, 10_000);
    for (const n of [1, 2, 3, 4]) cache.set(`/mentor/${n}`, 1, answer(n), 0);
    expect(cache.bytes).toBe(8_000);
    // Read, and compressed: /mentor/1 is now the one read last, and holds its brotli form too.
    const br = cache.get('/mentor/1', 1, 'br', 1)!;
    expect(cache.bytes).toBe(8_000 + br.body.length);
    cache.set('/mentor/5', 1, answer(5), 1);
    // 2 went (read least recently); 1, read since, stays with its compressed form.
    expect(cache.get('/mentor/2', 1, 'identity', 2)).toBeNull();
    expect(cache.get('/mentor/1', 1, 'br', 2)?.body).toEqual(br.body);
    expect(cache.bytes).toBe(8_000 + br.body.length);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    // Replaced, expired or of an old version: its bytes are given back.
    cache.set('/mentor/5', 1, answer(5).slice(0, 1_000), 2);
    expect(cache.bytes).toBe(7_000 + br.body.length);
    expect(cache.get('/mentor/3', 1, 'identity', 60_000)).toBeNull();
    expect(cache.get('/mentor/4', 2, 'identity', 2)).toBeNull();
    expect(cache.bytes).toBe(3_000 + br.body.length);
    // An answer bigger than the whole cache is not kept, and drops nothing.
    cache.set('/all-mentors', 1, 'x'.repeat(10_001), 3);
    expect(cache.get('/all-mentors', 1, 'identity', 3)).toBeNull();
    expect(cache.size).toBe(2);
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it("tells a browser's current copy by its tag, weakly, in a list or as *", () => {
    const tag = entityTag(Buffer.from('{"statusCode":200}'));
    expect(tag).toBe(entityTag(Buffer.from('{"statusCode":200}')));
    expect(tag).not.toBe(entityTag(Buffer.from('{"statusCode":201}')));
    expect(isCurrentCopy(tag, tag)).toBe(true);
    expect(isCurrentCopy(tag.slice(2), tag)).toBe(true);
    expect(isCurrentCopy(`W/"a", ${tag} , "b"`, tag)).toBe(true);
    expect(isCurrentCopy('*', tag)).toBe(true);
    expect(isCurrentCopy('W/"a", "b"', tag)).toBe(false);
    expect(isCurrentCopy(undefined, tag)).toBe(false);
    expect(isCurrentCopy('', tag)).toBe(false);
  });
});
