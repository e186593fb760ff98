import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';

/** How long an anonymous catalogue answer is served from memory at most (it goes sooner when data changes). */
export const catalogueCacheTtlMs = 30_000;
/** How many different values (search results) are kept; the oldest goes first. */
export const catalogueCacheMaxEntries = 2_000;
/**
 * How many bytes of answers (each as sent plain and in the encodings asked for) are kept; the answer read
 * least recently goes first. Every mentor's profile of a marketplace of 10,000 (about 2 KB, 0.8 KB in brotli)
 * fits in half of it, beside the programs and the whole mentor list (5.6 MB), so a profile opened twice
 * within the cache's time is read once, however long the tail of mentors people open (decision 009).
 */
export const catalogueCacheMaxBytes = 64 * 1024 * 1024;
/** Below this size answers are sent uncompressed (as @fastify/compress does). */
const compressThreshold = 1024;
/**
 * Answers up to this size are compressed with brotli's quality 2 instead of 5: a mentor's profile (about 2 KB)
 * comes out some 100 bytes bigger at half the work, which counts on a miss; bigger answers (the programs, the
 * mentor lists) are read many times per compression and get the smaller form.
 */
const smallAnswer = 16 * 1024;

/**
 * How old the catalogue version a read relies on may be, at most: a change committed by another process
 * shows on this one within this time. A change made through this process shows on its next read
 * (CatalogueVersion.invalidate).
 */
export const catalogueVersionMaxAgeMs = 100;

interface VersionRead {
  /** When the query was sent: what it answers is at least as new as this instant. */
  startedAt: number;
  version: Promise<number>;
}

/**
 * The catalogue's version: one row, bumped at commit by every transaction that changed what the public
 * catalogue shows (triggers of the catalogue_cache migration: programs, tips, FAQs, testimonials, prices,
 * reference lists, mentors' public profiles, topics, languages, hours, ratings). Cached answers are served
 * only while it stays the same.
 *
 * A process reads it from the database at most once per `maxAgeMs`: a read answers every request that
 * arrives within `maxAgeMs` of the moment its query was sent, so a change committed anywhere is seen by every
 * read arriving `maxAgeMs` after its commit, on every process. A change committed through this process is
 * announced with invalidate(), after which only a query sent later counts, so it is seen at once here.
 * Queries are never sent side by side: a request that cannot use the one in flight waits for the next.
 */
export class CatalogueVersion {
  private latest: { startedAt: number; version: number } | null = null;
  private inFlight: VersionRead | null = null;
  private queued: Promise<number> | null = null;
  /** Reads sent at or before this instant may predate a change made through this process. */
  private invalidatedAt = Number.NEGATIVE_INFINITY;

  /**
   * `read` answers the version stored in the database (CatalogueRepository.readVersion); `clock` counts
   * milliseconds.
   */
  constructor(
    private readonly read: () => Promise<number>,
    private readonly maxAgeMs = catalogueVersionMaxAgeMs,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** The version to serve this request with: known already (no waiting), or that of the next query. */
  current(): number | Promise<number> {
    const now = this.clock();
    if (this.latest && this.isFreshEnough(this.latest.startedAt, now)) return this.latest.version;
    if (!this.inFlight) return this.start().version;
    if (this.isFreshEnough(this.inFlight.startedAt, now)) return this.inFlight.version;
    if (!this.queued) {
      const after = this.inFlight.version.then(
        () => undefined,
        () => undefined,
      );
      this.queued = after.then(() => {
        this.queued = null;
        return this.start().version;
      });
    }
    return this.queued;
  }

  /** A change of the catalogue may have been committed through this process: the next read asks again. */
  invalidate(): void {
    this.invalidatedAt = this.clock();
    this.latest = null;
  }

  private isFreshEnough(startedAt: number, now: number): boolean {
    return startedAt > this.invalidatedAt && now - startedAt <= this.maxAgeMs;
  }

  private start(): VersionRead {
    const startedAt = this.clock();
    const version = this.read()
      .then((value) => {
        if (!this.latest || this.latest.startedAt < startedAt) this.latest = { startedAt, version: value };
        return value;
      })
      .finally(() => {
        if (this.inFlight?.startedAt === startedAt) this.inFlight = null;
      });
    this.inFlight = { startedAt, version };
    return this.inFlight;
  }
}

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * Brotli's window for an answer of `bytes`: the smallest that holds it whole (a window of 2^n bits holds
 * 2^n - 16 bytes), within brotli's 10 to 24 bits.
 */
export function windowBits(bytes: number): number {
  return Math.min(24, Math.max(10, Math.ceil(Math.log2(bytes + 16))));
}

interface Entry {
  version: number;
  expiresAt: number;
  body: Buffer;
  /** A weak validator of the answer: the same on every instance for the same bytes, in every encoding. */
  etag: string;
  gzip?: Buffer;
  br?: Buffer;
}

/** A cached answer as sent: its bytes, their encoding and the answer's validator. */
export interface CachedAnswer {
  body: Buffer;
  encoding: Encoding;
  etag: string;
}

/** The entity tag of an answer's bytes (weak: its compressed forms are the same answer). */
export function entityTag(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Whether an If-None-Match header names this tag (or is `*`): the client's copy is current and a 304 with no
 * body answers it. Tags compare weakly (RFC 9110, 13.1.2).
 */
export function isCurrentCopy(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || opaque(trimmed) === opaque(etag);
  });
}

/** An answer in brotli: quality and window fitted to its size. */
function brotli(body: Buffer): Buffer {
  return brotliCompressSync(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_QUALITY]: body.length <= smallAnswer ? 2 : 5,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      // A window no bigger than the answer (brotli's default is 4 MB): the same bytes out, and an encoder set
      // up with a window to fit costs a third less on a mentor's profile.
      [zlibConstants.BROTLI_PARAM_LGWIN]: windowBits(body.length),
    },
  });
}

/** The bytes an entry holds: its answer and the encoded forms made of it. */
const entryBytes = (entry: Entry) => entry.body.length + (entry.gzip?.length ?? 0) + (entry.br?.length ?? 0);

/** The best encoding a client accepts among ours (q=0 means refused). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/**
 * Serialized answers by URL, each valid for one catalogue version and a short while. Compressed forms are
 * made once per answer, on first demand, instead of on every request. Past `maxBytes` (answers and their
 * compressed forms), the answers read least recently go first; an answer bigger than that is not kept.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private heldBytes = 0;

  constructor(
    private readonly ttlMs = catalogueCacheTtlMs,
    private readonly maxBytes = catalogueCacheMaxBytes,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The bytes held: every answer kept and its compressed forms. */
  get bytes(): number {
    return this.heldBytes;
  }

  /** The answer for `key` at `version`, in `encoding`; null when absent, stale or of another version. */
  get(key: string, version: number, encoding: Encoding, now = Date.now()): CachedAnswer | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.version !== version || entry.expiresAt <= now) {
      this.remove(key, entry);
      return null;
    }
    // Read now: moved to the end of the eviction order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (encoding === 'identity' || entry.body.length < compressThreshold) {
      return { body: entry.body, encoding: 'identity', etag: entry.etag };
    }
    const kept = encoding === 'br' ? entry.br : entry.gzip;
    if (kept) return { body: kept, encoding, etag: entry.etag };
    // Made once, on first demand: only then do the bytes held grow, and may others have to go.
    const made = encoding === 'br' ? brotli(entry.body) : gzipSync(entry.body);
    entry[encoding] = made;
    this.heldBytes += made.length;
    this.evictOver(this.maxBytes, key);
    return { body: made, encoding, etag: entry.etag };
  }

  set(key: string, version: number, body: string | Buffer, now = Date.now()): void {
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    if (bytes.length > this.maxBytes) return;
    const entry: Entry = { version, expiresAt: now + this.ttlMs, body: bytes, etag: entityTag(bytes) };
    this.evictOver(this.maxBytes - entry.body.length);
    this.entries.set(key, entry);
    this.heldBytes += entry.body.length;
  }

  clear(): void {
    this.entries.clear();
    this.heldBytes = 0;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.heldBytes -= entryBytes(entry);
  }

  /** Drops the answers read least recently (never `keep`) until at most `limit` bytes are held. */
  private evictOver(limit: number, keep?: string): void {
    for (const [key, entry] of this.entries) {
      if (this.heldBytes <= limit) return;
      if (key !== keep) this.remove(key, entry);
    }
  }
}

/**
 * Values computed from the catalogue (such as search results), each valid for one catalogue version and a
 * short while; the oldest goes first when full.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { version: number; expiresAt: number; value: T }>();

  constructor(
    private readonly ttlMs = catalogueCacheTtlMs,
    private readonly maxEntries = catalogueCacheMaxEntries,
  ) {}

  /** The value for `key` at `version`; undefined when absent, stale or of another version. */
  get(key: string, version: number, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, version: number, value: T, now = Date.now()): void {
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { version, expiresAt: now + this.ttlMs, value });
  }
}
