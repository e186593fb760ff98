/**
 * How many signaling messages one socket may send: a token bucket. A page joining a full call of five
 * negotiates four links at once, an offer or answer and a few dozen ICE candidates each, so about a hundred
 * messages come in a second or two; after that a page sends a ping every ten seconds and a message per mute.
 * Past the burst, a socket sending more than `perSecond` for long is not a page: it is closed (1008).
 */
export interface FloodLimit {
  /** Messages that may arrive at once. */
  burst: number;
  /** Messages a second sustained (the bucket refills at this rate). */
  perSecond: number;
}

export const signalingFloodLimit: FloodLimit = { burst: 300, perSecond: 50 };

export interface FloodBucket {
  tokens: number;
  at: number;
}

export function fullBucket(limit: FloodLimit, now: number): FloodBucket {
  return { tokens: limit.burst, at: now };
}

/** Takes one message from the bucket; false when it is empty (the socket is flooding). */
export function takeMessage(bucket: FloodBucket, limit: FloodLimit, now: number): boolean {
  const refill = (Math.max(0, now - bucket.at) / 1000) * limit.perSecond;
  bucket.tokens = Math.min(limit.burst, bucket.tokens + refill);
  bucket.at = now;
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}
