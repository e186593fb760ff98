import { describe, expect, it } from 'vitest';
import { BatchLoader } from './batch-loader.ts';

interface Row {
  id: number;
  name: string;
}

/** A loader over a table of rows that notes the keys of every read it is asked for. */
function loaderOver(rows: Row[], options: { maxBatch?: number; fail?: (keys: number[]) => boolean } = {}) {
  const reads: number[][] = [];
  const loader = new BatchLoader<number, Row>(
    async (keys) => {
      reads.push([...keys]);
      if (options.fail?.(keys)) throw new Error('database unreachable');
      return rows.filter((row) => keys.includes(row.id));
    },
    (row) => row.id,
    options.maxBatch,
  );
  return { loader, reads };
}

const rows = [
  { id: 1, name: 'Amani' },
  { id: 2, name: 'Baraka' },
  { id: 3, name: 'Chebet' },
];

describe('BatchLoader', () => {
  it('reads the keys asked for in one round in one read, each asker getting its own row or null', async () => {
    const { loader, reads } = loaderOver(rows);
    const answers = await Promise.all([loader.find(2), loader.find(9), loader.find(1), loader.find(2)]);
    expect(answers).toEqual([rows[1], null, rows[0], rows[1]]);
    expect(reads).toEqual([[2, 9, 1]]);
  });

  it('reads again in a later round: nothing is kept between rounds', async () => {
    const { loader, reads } = loaderOver(rows);
    expect(await loader.find(3)).toEqual(rows[2]);
    expect(await loader.find(3)).toEqual(rows[2]);
    expect(reads).toEqual([[3], [3]]);
  });

  it('splits a round into reads of at most maxBatch keys', async () => {
    const { loader, reads } = loaderOver(rows, { maxBatch: 2 });
    const answers = await Promise.all([1, 2, 3].map((id) => loader.find(id)));
    expect(answers).toEqual(rows);
    expect(reads).toEqual([[1, 2], [3]]);
  });

  it('fails every asker of a read that failed, and only them; the next round reads again', async () => {
    const { loader, reads } = loaderOver(rows, { maxBatch: 2, fail: (keys) => keys.includes(3) });
    const answers = await Promise.allSettled([1, 2, 3].map((id) => loader.find(id)));
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((answers[2] as PromiseRejectedResult).reason).toEqual(new Error('database unreachable'));
    expect(await loader.find(2)).toEqual(rows[1]);
    expect(reads).toEqual([[1, 2], [3], [2]]);
  });
});
