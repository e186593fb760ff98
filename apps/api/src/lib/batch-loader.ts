interface Waiter<V> {
  resolve: (value: V | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads by key, gathered: the keys asked for while the process handles one round of network events are read
 * together, by one call of `load`, once that round is over (setImmediate). Under load many requests arrive
 * in one round, and one query for all of them costs the database and this process far less than one query
 * each (a round trip, a wake-up of the database's process, a result to parse). A key asked for twice in a
 * round is read once. Alone, a request waits for nothing but the end of its own round.
 */
export class BatchLoader<K, V> {
  private waiting = new Map<K, Waiter<V>[]>();
  private scheduled = false;

  /**
   * `load` reads the values of the keys given (at most `maxBatch` of them) and returns those it found, each
   * with its key (`keyOf`); a key it does not return has no value (null).
   */
  constructor(
    private readonly load: (keys: K[]) => Promise<readonly V[]>,
    private readonly keyOf: (value: V) => K,
    private readonly maxBatch = 100,
  ) {}

  find(key: K): Promise<V | null> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const all = [...this.waiting];
    this.waiting = new Map();
    for (let start = 0; start < all.length; start += this.maxBatch) {
      void this.read(all.slice(start, start + this.maxBatch));
    }
  }

  private async read(batch: Array<[K, Waiter<V>[]]>): Promise<void> {
    let found: Map<K, V>;
    try {
      const values = await this.load(batch.map(([key]) => key));
      found = new Map(values.map((value) => [this.keyOf(value), value]));
    } catch (error) {
      for (const [, waiters] of batch) {
        for (const waiter of waiters) waiter.reject(error);
      }
      return;
    }
    for (const [key, waiters] of batch) {
      for (const waiter of waiters) waiter.resolve(found.get(key) ?? null);
    }
  }
}
