import { describe, expect, it } from 'vitest';
import { type RecordedSearch, SearchLog } from './search-log.ts';

const searchOf = (query: string, hits = 1): RecordedSearch => ({
  searcher: 'address:test',
  query,
  hits,
  searchedAt: new Date('2026-01-05T09:00:00Z'),
});

/** A store that keeps what it is given, one call per batch. */
function store() {
  const batches: string[][] = [];
  return {
    batches,
    write: async (searches: RecordedSearch[]) => {
      batches.push(searches.map((s) => s.query));
    },
  };
}

describe('search log', () => {
  it('writes waiting searches together, in the order they were made', async () => {
    const { batches, write } = store();
    const log = new SearchLog(write);
    log.record(searchOf('leadrship'));
    log.record(searchOf('finanse'));
    log.record(searchOf('carer', 0));
    expect(log.waiting).toBe(3);
    await log.flush();
    expect(batches).toEqual([['leadrship', 'finanse', 'carer']]);
    expect(log.waiting).toBe(0);
    await log.flush();
    expect(batches).toHaveLength(1);
  });

  it('writes a full batch at once, without waiting for the timer', async () => {
    const { batches, write } = store();
    const log = new SearchLog(write, { batchSize: 3 });
    for (const query of ['one', 'two', 'three', 'four']) log.record(searchOf(query));
    expect(log.waiting).toBe(1);
    await log.close();
    expect(batches).toEqual([['one', 'two', 'three'], ['four']]);
  });

  it('keeps batches in order even when an earlier one is still being written', async () => {
    const written: string[] = [];
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    const log = new SearchLog(async (batch) => {
      if (calls++ === 0) await slow;
      written.push(...batch.map((s) => s.query));
    });
    log.record(searchOf('first'));
    const first = log.flush();
    log.record(searchOf('second'));
    const second = log.flush();
    release();
    await Promise.all([first, second]);
    expect(written).toEqual(['first', 'second']);
  });

  it('reports a batch it could not write, and still writes the next ones', async () => {
    const lost: number[] = [];
    const written: string[] = [];
    let fail = true;
    const log = new SearchLog(
      async (batch) => {
        if (fail) throw new Error('database away');
        written.push(...batch.map((s) => s.query));
      },
      { onError: (_error, count) => lost.push(count) },
    );
    log.record(searchOf('lost one'));
    log.record(searchOf('lost two'));
    await log.flush();
    fail = false;
    log.record(searchOf('kept'));
    await log.close();
    expect(lost).toEqual([2]);
    expect(written).toEqual(['kept']);
  });
});
