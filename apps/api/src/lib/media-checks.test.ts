import { describe, expect, it } from 'vitest';
import { TaskQueue } from './media-checks.ts';

describe('TaskQueue: image decodes a few at a time', () => {
  it('runs at most its limit at once, the others in order as places free up', async () => {
    const queue = new TaskQueue(2);
    const releases: Array<() => void> = [];
    const order: number[] = [];
    const tasks = [0, 1, 2, 3, 4].map((index) =>
      queue.run(async () => {
        order.push(index);
        await new Promise<void>((resolve) => releases.push(resolve));
        return index;
      }),
    );
    await Promise.resolve();
    expect(order).toEqual([0, 1]);
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(queue.peak).toBe(2);
    expect(queue.started).toBe(5);
  });

  it('frees its place when a task fails', async () => {
    const queue = new TaskQueue(1);
    await expect(queue.run(() => Promise.reject(new Error('corrupt image')))).rejects.toThrow(
      'corrupt image',
    );
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
