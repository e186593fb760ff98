import { describe, expect, it } from 'vitest';
import { fullBucket, signalingFloodLimit, takeMessage } from './flood-limit.ts';

const start = Date.UTC(2026, 2, 2, 6, 0, 0);

/** How many of `count` messages sent over `spreadMs` (evenly) the bucket lets through before it is empty. */
function accepted(count: number, spreadMs: number, bucket = fullBucket(signalingFloodLimit, start)): number {
  for (let n = 0; n < count; n++) {
    if (!takeMessage(bucket, signalingFloodLimit, start + (spreadMs * n) / count)) return n;
  }
  return count;
}

describe('the signaling flood limit', () => {
  it('lets a full call negotiate at once: four links, an offer and 60 ICE candidates each, in one instant', () => {
    expect(accepted(4 * 61, 0)).toBe(4 * 61);
  });

  it('lets a page send 50 messages a second for ever after its burst', () => {
    const bucket = fullBucket(signalingFloodLimit, start);
    expect(accepted(300, 0, bucket)).toBe(300);
    for (let second = 1; second <= 600; second++) {
      for (let n = 0; n < 50; n++) {
        expect(takeMessage(bucket, signalingFloodLimit, start + second * 1000 + n)).toBe(true);
      }
    }
  });

  it('stops a socket that goes on past the burst faster than that', () => {
    expect(accepted(301, 0)).toBe(300);
    // 100 a second: the bucket of 300 empties after about six seconds.
    const sent = accepted(10_000, 100_000);
    expect(sent).toBeGreaterThan(550);
    expect(sent).toBeLessThan(650);
  });

  it('refills only up to the burst, however long the socket was quiet', () => {
    const bucket = fullBucket(signalingFloodLimit, start);
    expect(takeMessage(bucket, signalingFloodLimit, start + 3_600_000)).toBe(true);
    expect(bucket.tokens).toBe(299);
  });
});
