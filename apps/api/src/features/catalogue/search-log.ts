/** A topic search as insights keep it: the typed text, how many programs it found, and when. */
export interface RecordedSearch {
  query: string;
  /** Who searched (viewer-key.ts): one search per searcher, text and hour is counted. */
  searcher: string;
  hits: number;
  searchedAt: Date;
}

/** Searches wait in memory at most this long before they are written. */
export const searchLogFlushMs = 1_000;
/** A batch this big is written at once, without waiting. */
export const searchLogBatchSize = 500;

export interface SearchLogOptions {
  flushMs?: number;
  batchSize?: number;
  /** Told when a batch could not be written (those searches are lost; later ones are still written). */
  onError?: (error: unknown, lost: number) => void;
}

/**
 * Searches recorded off the request path: kept in memory and written in one INSERT per batch, a second after
 * the first of them at the latest, or as soon as `batchSize` are waiting. Batches are written one after the
 * other, in the order searches were made. close() writes what is waiting; a crash loses at most the last
 * second of searches, never anything else.
 */
export class SearchLog {
  private pending: RecordedSearch[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();
  private readonly flushMs: number;
  private readonly batchSize: number;

  /** `write` stores one batch in a single statement (CatalogueRepository.recordSearches). */
  constructor(
    private readonly write: (searches: RecordedSearch[]) => Promise<void>,
    private readonly options: SearchLogOptions = {},
  ) {
    this.flushMs = options.flushMs ?? searchLogFlushMs;
    this.batchSize = options.batchSize ?? searchLogBatchSize;
  }

  /** How many searches wait to be written. */
  get waiting(): number {
    return this.pending.length;
  }

  record(search: RecordedSearch): void {
    this.pending.push(search);
    if (this.pending.length >= this.batchSize) {
      void this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      // Waiting searches alone do not keep the process alive: shutting down writes them (close).
      this.timer.unref?.();
    }
  }

  /** Writes every search recorded so far; resolves once they (and earlier batches) are stored or lost. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.pending;
    this.pending = [];
    if (batch.length > 0) {
      this.writing = this.writing.then(() =>
        this.write(batch).catch((error: unknown) => this.options.onError?.(error, batch.length)),
      );
    }
    return this.writing;
  }

  /** On shutdown: writes what is waiting. */
  close(): Promise<void> {
    return this.flush();
  }
}
